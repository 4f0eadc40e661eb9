// glb export time for a 1,000,000-vertex mesh (1000 × 1000 grid, about 2 million triangles)
// with normals, tangents, UV0 and colours: the whole writeScene() path (mirror, checks,
// tinygltf, file write). Target: under 1 s. Also times .gltf, .obj and .fbx for comparison.
// Usage: bench_export [OUTPUT_DIR] [--all]
#include "export/scene_preparer.h"
#include "export/scene_writer.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

using namespace assetscope::exporting;

namespace {

ExportScene gridScene(int side) {
    ExportScene s;
    s.name = "bench";
    s.materials.push_back(Material::plain("grey", {0.6f, 0.6f, 0.6f, 1.0f}));
    ExportMesh m;
    m.name = "grid";
    m.uvs.resize(1);
    const auto n = std::size_t(side) * std::size_t(side);
    m.positions.reserve(n);
    m.normals.reserve(n);
    m.tangents.reserve(n);
    m.uvs[0].reserve(n);
    m.colors.reserve(n);
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            m.positions.push_back(
                {float(x) * 0.01f, float(y) * 0.01f, 0.001f * float((x * 7 + y * 13) % 17)});
            m.normals.push_back({0, 0, -1});
            m.tangents.push_back({1, 0, 0, 1});
            m.uvs[0].push_back({float(x) / float(side - 1), float(y) / float(side - 1)});
            m.colors.push_back({1, 1, 1, 1});
        }
    Primitive p;
    p.indices.reserve(std::size_t(side - 1) * std::size_t(side - 1) * 6);
    for (std::uint32_t y = 0; y + 1 < std::uint32_t(side); ++y)
        for (std::uint32_t x = 0; x + 1 < std::uint32_t(side); ++x) {
            const std::uint32_t a = y * std::uint32_t(side) + x, b = a + 1, c = a + std::uint32_t(side) + 1,
                                d = a + std::uint32_t(side);
            for (std::uint32_t i : {a, c, b, a, d, c})
                p.indices.push_back(i);
        }
    m.primitives.push_back(std::move(p));
    s.meshes.push_back(std::move(m));
    return s;
}

// Best wall time of `runs` exports; `bytes` gets the size of every file written.
double timeExport(const ExportScene& scene, Format format, const std::filesystem::path& out, int runs,
                  std::uintmax_t& bytes) {
    double best = 1e9;
    for (int r = 0; r < runs; ++r) {
        std::string error;
        WriteReport report;
        const auto t0 = std::chrono::steady_clock::now();
        if (!writeScene(scene, format, out, error, &report)) {
            std::fprintf(stderr, "bench_export: %s\n", error.c_str());
            return -1;
        }
        const auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
        bytes = 0;
        for (const auto& f : report.files)
            bytes += std::filesystem::file_size(f);
    }
    return best;
}

} // namespace

int main(int argc, char** argv) {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / "assetscope-bench-export";
    bool all = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--all")
            all = true;
        else
            dir = a;
    }
    std::filesystem::create_directories(dir);
    const ExportScene scene = gridScene(1000);
    std::size_t triangles = scene.meshes[0].primitives[0].indices.size() / 3;
    std::printf("mesh: %zu vertices, %zu triangles (normals, tangents, UV0, COLOR_0)\n",
                scene.meshes[0].positions.size(), triangles);
    {
        // The format-independent part: copy, mirror, checks (included in every figure below).
        double best = 1e9;
        for (int r = 0; r < 5; ++r) {
            const auto t0 = std::chrono::steady_clock::now();
            const PreparedScene prepared = prepareScene(scene);
            const auto t1 = std::chrono::steady_clock::now();
            if (!prepared.scene) return 2;
            best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
        }
        std::printf("prepare (mirror, checks) best of 5: %.3f s\n", best);
    }
    struct Run {
        Format format;
        const char* file;
        int runs;
    };
    const Run runs[] = {{Format::Glb, "bench.glb", 5},
                        {Format::Gltf, "bench.gltf", 3},
                        {Format::Obj, "bench.obj", 1},
                        {Format::Fbx, "bench.fbx", 1}};
    int status = 0;
    for (const Run& r : runs) {
        if (!all && r.format != Format::Glb) continue;
        const auto out = dir / r.file;
        std::uintmax_t bytes = 0;
        const double s = timeExport(scene, r.format, out, r.runs, bytes);
        if (s < 0) return 2;
        const double mb = double(bytes) / 1e6;
        std::printf("%-5s best of %d: %.3f s  (%.1f MB, %.1f M vertices/s)%s\n",
                    std::string(formatName(r.format)).c_str(), r.runs, s, mb, 1.0 / s,
                    r.format == Format::Glb ? (s < 1.0 ? "  target < 1 s: met" : "  target < 1 s: MISSED")
                                            : "");
        if (r.format == Format::Glb && s >= 1.0) status = 1;
    }
    return status;
}
