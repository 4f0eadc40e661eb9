// Writes the seed corpora: fuzz_seeds OUT [REGRESSIONS] makes OUT/<target>/ for every fuzz
// target from the sample set (each format's files with their name hint and the sibling file
// their parser asked for), each format's own fuzz seeds (fuzzSeedSources: layouts the samples
// hold only in files longer than a fuzz input) and, when given, the regression fixtures
// (REGRESSIONS/<target>/*).

#include "formats/registry.h"
#include "hostile_input.h"
#include "samples/sample_set.h"
#ifdef ASSETSCOPE_FUZZ_TEST_FORMATS
#include "test_formats.h" // the formats known only to the tests, fuzzed with the rest
#endif

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace fs = std::filesystem;
using namespace assetscope;

namespace {

std::string folderOf(const std::string& path) {
    const auto at = path.find_last_of('/');
    return at == std::string::npos ? std::string() : path.substr(0, at + 1);
}

// The name hint of a file at `path`: its name after the folder holding it ("8_-2/c75_x.pgeo"),
// which a parser may read too (hostile::parseWith).
std::string hintOf(const std::string& path) {
    const std::string folder = folderOf(path);
    if (folder.empty()) return path;
    const std::string parent = folder.substr(0, folder.size() - 1);
    return parent.substr(folderOf(parent).size()) + "/" + path.substr(folder.size());
}

std::string flat(std::string name) {
    for (char& c : name)
        if (c == '/' || c == '\\' || c == ':') c = '_';
    return name;
}

bool write(const fs::path& path, const Bytes& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

Bytes textBytes(std::string_view text) {
    return Bytes(text.begin(), text.end());
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: fuzz_seeds OUT [REGRESSIONS]\n");
        return 2;
    }
#ifdef ASSETSCOPE_FUZZ_TEST_FORMATS
    assetscope::test::addTestFormats();
#endif
    const fs::path out(argv[1]);
    const samples::SampleFiles all = samples::allSampleFiles();
    std::map<std::string, const Bytes*> byPath;
    for (const auto& f : all)
        byPath[f.name] = &f.data;

    std::size_t written = 0;
    for (const auto& f : all) {
        const std::string name = f.name.substr(folderOf(f.name).size());
        const FormatHandler* handler = detectFormat(f.data, name);
        if (!handler) continue; // a MeshSet chunk: it reaches the fuzzer as a sibling
        // Ask the parser which sibling it wants, and hand that sample over with the file.
        const Bytes* sibling = nullptr;
        ParseSettings settings;
        settings.fileName = name;
        settings.sibling = [&](const std::string& wanted) -> std::optional<Bytes> {
            const auto it = byPath.find(folderOf(f.name) + wanted);
            if (it == byPath.end()) return std::nullopt;
            if (!sibling) sibling = it->second;
            return *it->second;
        };
        handler->parse(shareBytes(f.data), settings);
        const fs::path dir = out / std::string(handler->name());
        written += write(dir / flat(f.name), hostile::joinInput(f.data, hintOf(f.name), sibling));
        written += write(dir / (flat(f.name) + ".bare"), f.data);
    }

    const auto handlers = formatHandlers();
    const auto seedSources = fuzzSeedSources();
    for (std::size_t i = 0; i < handlers.size() && i < seedSources.size(); ++i) {
        if (!seedSources[i]) continue;
        const fs::path dir = out / std::string(handlers[i]->name());
        for (const auto& f : seedSources[i]()) {
            written +=
                write(dir / ("seed-" + flat(f.name)), hostile::joinInput(f.data, hintOf(f.name), nullptr));
            written += write(dir / ("seed-" + flat(f.name) + ".bare"), f.data);
        }
    }

    written += write(out / "zip" / "samples.zip", archive::writeZip(all, true));
    written += write(out / "zip" / "samples-stored.zip", archive::writeZip(all, false));
    written += write(out / "zip" / "input-path.zip", hostile::inputPathArchive());

    const char* paths[] = {"dir/file.bin",
                           "media/Samples.zip::media/textures/sample_palette.swatchbin",
                           "x.zip::nested.zip::inner/leaf.bin",
                           "x.zip::nested.zip::deeper.zip::x",
                           "x.zip::link",
                           "x.zip::../escape.bin",
                           "C:\\data\\a.zip::dir/",
                           "::::"};
    int n = 0;
    for (const char* p : paths)
        written += write(out / "input_path" / ("path" + std::to_string(n++)), textBytes(p));

    if (argc > 2 && fs::is_directory(argv[2])) {
        for (const auto& target : fs::directory_iterator(argv[2])) {
            if (!target.is_directory()) continue;
            for (const auto& file : fs::directory_iterator(target.path())) {
                std::error_code ec;
                fs::create_directories(out / target.path().filename(), ec);
                fs::copy_file(file.path(),
                              out / target.path().filename() /
                                  ("regression-" + file.path().filename().string()),
                              fs::copy_options::overwrite_existing, ec);
                written += !ec;
            }
        }
    }
    std::printf("%zu seed files under %s\n", written, out.c_str());
    return 0;
}
