// Scene export of a generated placement cell: 100,000 instances of 20 models (5,000 each, every
// model the sample house's LOD0 under its own name), exported as .glb through
// exportPlacedScene, the code `export INPUT.pgeo -o OUT.glb` runs. Target: under 2 s, each model
// stored once, the file growing with the models plus a small cost per instance. Prints the time,
// the file size, the size of the same models placed once each, and the bytes per instance; the
// same with --instancing (EXT_mesh_gpu_instancing).
// Usage: bench_scene_export [OUTPUT_DIR]
#include "export/placed_scene.h"
#include "formats/pgeo/pgeo_file.h"
#include "formats/pgeo/pgeo_samples.h"
#include "formats/pgeo/pgeo_writer.h"
#include "samples/sample_set.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

using namespace assetscope;
namespace fs = std::filesystem;

namespace {

constexpr int kModels = 20;

bool write(const fs::path& path, const Bytes& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

// A cell of `perModel` instances of each model, on a grid with yaw and scale varied.
Bytes cell(int perModel) {
    pgeo::PgeoFile f;
    f.sectionName = "c500_props_do_cellx2z-1_section0";
    f.category = "PROPS";
    std::uint32_t state = 0x2545F491u;
    auto next = [&] {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        return state;
    };
    for (int m = 0; m < kModels; ++m) {
        std::vector<pgeo::InstanceRecord> records;
        records.reserve(static_cast<std::size_t>(perModel));
        for (int i = 0; i < perModel; ++i) {
            const pgeo::Vec3d p{1000.0 + (next() % 500000) / 1000.0, (next() % 20000) / 1000.0,
                                -500.0 - (next() % 500000) / 1000.0};
            records.push_back(pgeo::placeAt(p, next() % 360, 0.75f + (next() % 500) / 1000.0f));
        }
        pgeo::Block block;
        block.name = "prp_bench_model_" + std::to_string(m) + "_3D";
        block.setInstances(records);
        block.sources = {{"PRP_BENCH_MODEL_" + std::to_string(m), 0, static_cast<std::uint32_t>(perModel)}};
        f.listB.push_back(std::move(block));
    }
    f.fitBox();
    return pgeo::writePgeo(f);
}

// Best of three; the size of the file written.
double timeExport(const fs::path& input, const fs::path& out, bool instancing, std::uintmax_t& bytes,
                  std::size_t& meshes) {
    double best = 1e9;
    for (int run = 0; run < 3; ++run) {
        exporting::SceneExportOptions options;
        options.instancing = instancing;
        const auto t0 = std::chrono::steady_clock::now();
        const exporting::SceneExportResult r = exporting::exportPlacedScene({input.string()}, options, out);
        const auto t1 = std::chrono::steady_clock::now();
        if (!r.ok) {
            std::fprintf(stderr, "bench_scene_export: %s\n", r.error.c_str());
            return -1;
        }
        best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
        bytes = fs::file_size(out);
        meshes = r.meshes;
    }
    return best;
}

} // namespace

int main(int argc, char** argv) {
    const fs::path dir = argc > 1 ? fs::path(argv[1]) : fs::temp_directory_path() / "assetscope-bench-scene";
    Bytes house;
    for (const auto& file : samples::allSampleFiles())
        if (file.name == "media/models/bld_sample_house_a_lod0.i.modelbin") house = file.data;
    bool ok = !house.empty();
    for (int m = 0; m < kModels && ok; ++m)
        ok = write(dir / "large" / ("prp_bench_model_" + std::to_string(m) + "_lod0.i.modelbin"), house) &&
             write(dir / "once" / ("prp_bench_model_" + std::to_string(m) + "_lod0.i.modelbin"), house);
    ok = ok && write(dir / "large" / "c500_props_do.pgeo", cell(5000)) &&
         write(dir / "once" / "c500_props_do.pgeo", cell(1));
    if (!ok) {
        std::fprintf(stderr, "bench_scene_export: cannot write the cell under %s\n", dir.string().c_str());
        return 1;
    }
    std::uintmax_t onceBytes = 0, bytes = 0, instancedBytes = 0;
    std::size_t meshes = 0;
    timeExport(dir / "once" / "c500_props_do.pgeo", dir / "once.glb", false, onceBytes, meshes);
    const double plain =
        timeExport(dir / "large" / "c500_props_do.pgeo", dir / "large.glb", false, bytes, meshes);
    std::size_t instancedMeshes = 0;
    const double instanced = timeExport(dir / "large" / "c500_props_do.pgeo", dir / "instanced.glb", true,
                                        instancedBytes, instancedMeshes);
    if (plain < 0 || instanced < 0) return 1;
    const double perInstance = double(bytes - onceBytes) / (kModels * 5000.0 - kModels);
    const double perInstanced = double(instancedBytes - onceBytes) / (kModels * 5000.0 - kModels);
    std::printf("cell: %d models x 5000 instances = %d instances; the models placed once each: %.2f MB\n",
                kModels, kModels * 5000, onceBytes / 1e6);
    std::printf("glb, a node per instance:  %.3f s, %.2f MB, %zu meshes, %.1f bytes per instance\n", plain,
                bytes / 1e6, meshes, perInstance);
    std::printf("glb, --instancing:         %.3f s, %.2f MB, %zu meshes, %.1f bytes per instance\n",
                instanced, instancedBytes / 1e6, instancedMeshes, perInstanced);
    std::printf("target: under 2 s: %s\n", plain < 2.0 ? "met" : "NOT met");
    return 0;
}
