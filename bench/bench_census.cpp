// Census throughput over a deflated zip of 20,000 generated bundles, beside `unzip -p` of the
// same archive on the same machine in the same run.
//   bench_census CLI [COUNT] [RUNS]
#include "archive/zip_archive.h"
#include "formats/grub/bundle_writer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace assetscope;

namespace {

// A bundle shaped like the game's textures and materials: a few blobs with Name/Id metadata
// and a few KiB of data that deflates about as well as real asset data (half noise).
Bytes makeBundle(std::mt19937& rng, int index) {
    grub::Bundle b;
    const int blobs = 2 + index % 4;
    for (int i = 0; i < blobs; ++i) {
        grub::Blob blob;
        blob.tag = tagFromText(i == 0 ? "TXCB" : "MTPR");
        blob.versionMajor = 1;
        blob.data.resize(512 + rng() % 3072);
        for (std::size_t k = 0; k < blob.data.size(); ++k)
            blob.data[k] = k % 2 ? static_cast<std::uint8_t>(rng()) : static_cast<std::uint8_t>(k);
        blob.metadata = {grub::nameMetadata("blob_" + std::to_string(index) + "_" + std::to_string(i)),
                         grub::idMetadata(static_cast<std::uint32_t>(i))};
        b.blobs.push_back(std::move(blob));
    }
    return grub::writeBundle(b);
}

double seconds(const std::string& command) {
    const auto start = std::chrono::steady_clock::now();
    const int rc = std::system(command.c_str());
    const auto end = std::chrono::steady_clock::now();
    if (rc != 0 && rc != 256) // census exits 1 on refusals, which a generated set has none of
        std::fprintf(stderr, "command failed (%d): %s\n", rc, command.c_str());
    return std::chrono::duration<double>(end - start).count();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_census PATH/TO/assetscope-cli [COUNT=20000] [RUNS=5]\n");
        return 2;
    }
    const std::string cli = argv[1];
    const int count = argc > 2 ? std::atoi(argv[2]) : 20000;
    const int runs = argc > 3 ? std::atoi(argv[3]) : 5;

    std::mt19937 rng(42);
    std::vector<archive::ZipInput> entries;
    std::uint64_t raw = 0;
    for (int i = 0; i < count; ++i) {
        entries.push_back(
            {"textures/t" + std::to_string(i / 1000) + "/tex_" + std::to_string(i) + ".swatchbin",
             makeBundle(rng, i)});
        raw += entries.back().data.size();
    }
    const Bytes zip = archive::writeZip(entries, true);
    const auto path = std::filesystem::temp_directory_path() / "assetscope_bench_census.zip";
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(zip.data()), static_cast<std::streamsize>(zip.size()));
    std::printf("archive: %d bundles, %.1f MiB uncompressed, %.1f MiB deflated\n", count, raw / 1048576.0,
                zip.size() / 1048576.0);

    const std::string census = "'" + cli + "' census --jobs 2 '" + path.string() + "' > /dev/null";
    const std::string census1 = "'" + cli + "' census --jobs 1 '" + path.string() + "' > /dev/null";
    const std::string unzip = "unzip -p '" + path.string() + "' > /dev/null";
    std::vector<double> tCensus, tCensus1, tUnzip;
    for (int r = 0; r < runs; ++r) { // interleaved, so both see the same machine state
        tUnzip.push_back(seconds(unzip));
        tCensus.push_back(seconds(census));
        tCensus1.push_back(seconds(census1));
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const double u = median(tUnzip), c = median(tCensus), c1 = median(tCensus1);
    std::printf("unzip -p:          median %.3f s over %d runs\n", u, runs);
    std::printf("census --jobs 2:   median %.3f s (%.0f bundles/s), %.2f x unzip -p\n", c, count / c, c / u);
    std::printf("census --jobs 1:   median %.3f s (%.0f bundles/s), %.2f x unzip -p\n", c1, count / c1,
                c1 / u);
    std::filesystem::remove(path);
    return 0;
}
