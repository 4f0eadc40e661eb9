#include "bench_corpus.h"

#include "archive/zip_archive.h"
#include "formats/modelbin/model_builder.h"

#include <fstream>
#include <stdexcept>
#include <vector>

namespace assetscope::bench {

namespace {

void writeFile(const std::filesystem::path& path, const Bytes& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

} // namespace

Bytes smallModel(int index) {
    using namespace modelbin;
    const std::string name = "prp_bench_" + std::to_string(index);
    // Sizes from the index, so that no two files are alike and deflate sees varied data.
    const float w = 0.5f + static_cast<float>(index % 97) * 0.05f;
    const float h = 0.3f + static_cast<float>(index % 89) * 0.04f;
    const float d = 0.4f + static_cast<float>(index % 83) * 0.03f;
    BuildModel spec;
    spec.modlVersion = {1, 4};
    spec.materials = {
        {1, name + "_paint", "media/materials/props/paint_" + std::to_string(index % 50) + ".materialbin"}};
    BuildMesh mesh;
    mesh.name = name + "_body";
    mesh.materialGroups = {{-1, 1, -1, -1}};
    GeometryBuilder g(mesh);
    g.defaults.color = {0.2f + static_cast<float>(index % 7) * 0.1f, 0.5f, 0.3f, 1};
    g.box({-w, 0, -d}, {w, h, d}, 0.5f);
    g.cylinder({0, h, 0}, 1, 0.3f * w, 0.5f, 8, false); // a post on top
    spec.meshes = {mesh};
    return buildModelBytes(spec);
}

std::string smallModelPath(int index) {
    return "media/models/m" + std::to_string(index / 1000) + "/prp_bench_" + std::to_string(index) +
           ".i.modelbin";
}

std::uint64_t writeModelZip(const std::filesystem::path& zip, int count) {
    std::vector<archive::ZipInput> entries;
    entries.reserve(static_cast<std::size_t>(count));
    std::uint64_t raw = 0;
    for (int i = 0; i < count; ++i) {
        entries.push_back({smallModelPath(i), smallModel(i)});
        raw += entries.back().data.size();
    }
    writeFile(zip, archive::writeZip(entries, true));
    return raw;
}

std::uint64_t writeModelFolder(const std::filesystem::path& folder, int count) {
    std::uint64_t raw = 0;
    for (int i = 0; i < count; ++i) {
        const auto path = folder / smallModelPath(i);
        if (i % 1000 == 0) std::filesystem::create_directories(path.parent_path());
        const Bytes bytes = smallModel(i);
        writeFile(path, bytes);
        raw += bytes.size();
    }
    return raw;
}

} // namespace assetscope::bench
