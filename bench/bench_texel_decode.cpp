// Decoding speed of one 4096 x 4096 texture level, BC1 and BC7, on one core.
//
//   bench_texel_decode [repeats]
//
// Blocks are random bytes from a fixed seed; for BC7 the mode bits cycle through the eight modes
// so each mode weighs the same. Prints megapixels per second (median of the repeats, CPU time
// of this single thread) beside a baseline: a plain memcpy of the same output size (64 MiB of
// RGBA8), which is about the least any decoder that writes its output can cost. decodeLevel's
// time includes allocating and zero-filling its output (and the page faults of fresh memory);
// decodeLevelInto, timed second, reuses one image.

#include "decode/texel_decode.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <vector>

using namespace assetscope;

namespace {

constexpr std::uint32_t kSide = 4096;

std::vector<std::uint8_t> randomLevel(decode::TexelFormat format) {
    const std::size_t blockBytes = decode::texelFormatInfo(format).bytesPerBlock;
    const std::size_t blocks = (kSide / 4) * (kSide / 4);
    std::vector<std::uint8_t> data(blocks * blockBytes);
    std::mt19937_64 random(25);
    for (std::size_t i = 0; i + 8 <= data.size(); i += 8) {
        const std::uint64_t v = random();
        std::memcpy(data.data() + i, &v, 8);
    }
    if (format == decode::TexelFormat::BC7) {
        for (std::size_t i = 0; i < blocks; ++i) {
            std::uint8_t& low = data[i * blockBytes];
            const unsigned mode = i % 8;
            low = static_cast<std::uint8_t>((low & ~((2u << mode) - 1)) | (1u << mode));
        }
    }
    return data;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// This thread's CPU time: the machine may be busy with other work.
double threadSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double secondsOf(const auto& work) {
    const double start = threadSeconds();
    work();
    return threadSeconds() - start;
}

void benchFormat(const char* name, decode::TexelFormat format, int repeats) {
    const std::vector<std::uint8_t> data = randomLevel(format);
    std::vector<double> seconds;
    std::size_t checksum = 0;
    for (int r = 0; r < repeats; ++r) {
        seconds.push_back(secondsOf([&] {
            std::string reason;
            const auto image =
                decode::decodeLevel(format, kSide, kSide, ByteView(data.data(), data.size()), reason);
            if (!image) {
                std::fprintf(stderr, "%s: %s\n", name, reason.c_str());
                std::exit(1);
            }
            checksum += image->rgba8[std::size_t(r) * 4097 % image->rgba8.size()];
        }));
    }
    const double megapixels = double(kSide) * kSide / 1e6;
    std::printf("%-34s %8.1f MP/s  (%.1f ms a level, median of %d; checksum %zu)\n", name,
                megapixels / median(seconds), 1e3 * median(seconds), repeats, checksum);
    // Again into one image whose storage is reused: the decoding alone.
    decode::TexelImage image;
    seconds.clear();
    for (int r = 0; r < repeats; ++r) {
        seconds.push_back(secondsOf([&] {
            std::string reason;
            decode::decodeLevelInto(format, kSide, kSide, ByteView(data.data(), data.size()), image, reason);
            checksum += image.rgba8[std::size_t(r) * 4097 % image.rgba8.size()];
        }));
    }
    std::printf("%-34s %8.1f MP/s  (%.1f ms a level, median of %d; checksum %zu)\n", "  into a reused image",
                megapixels / median(seconds), 1e3 * median(seconds), repeats, checksum);
}

void benchBaseline(int repeats) {
    const std::size_t bytes = std::size_t(kSide) * kSide * 4;
    std::vector<std::uint8_t> source(bytes, 1), target(bytes);
    std::vector<double> seconds;
    for (int r = 0; r < repeats; ++r) {
        source[std::size_t(r)] = static_cast<std::uint8_t>(r);
        seconds.push_back(secondsOf([&] { std::memcpy(target.data(), source.data(), bytes); }));
    }
    const double megapixels = double(kSide) * kSide / 1e6;
    std::printf("%-34s %8.1f MP/s  (%.1f ms for 64 MiB, median of %d; %d)\n", "baseline: memcpy of RGBA8",
                megapixels / median(seconds), 1e3 * median(seconds), repeats,
                target[std::size_t(repeats) - 1]);
}

} // namespace

int main(int argc, char** argv) {
    const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 7;
    std::printf("decodeLevel, one %u x %u level, one thread\n", kSide, kSide);
    benchBaseline(repeats);
    benchFormat("BC1 (goal 300 MP/s)", decode::TexelFormat::BC1, repeats);
    benchFormat("BC7, modes 0-7 evenly (60)", decode::TexelFormat::BC7, repeats);
    return 0;
}
