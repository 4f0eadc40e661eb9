// What hostile input costs in CPU, against what a clean file of the same format costs per byte:
// the regression inputs (tests/regressions/) and every family of the corruption corpus
// (tests/support/corruption_variants.*), each read as the tests read them (tree and batch
// parse, dump, lazy elements, info, write-back, export scene).
//
//   bench_hostile [--quick]
//
// The tests bound what the code does (nodes, diagnostics, bytes read, allocation); this program
// times it. CPU time is this thread's; each variant is timed once, and the slowest few of each
// family again (best of 5) so that a preempted run does not count as slow. An input's per-byte
// cost takes at least 4 KiB as its size: a 10-byte truncation costs the fixed price of a parse,
// which per byte would look like a thousand times a clean file. A variant is compared with the
// clean sample it was made from (a small model costs more per byte than a large terrain patch);
// a regression input with the dearest clean sample of its format. Goal: worst ≤ 20 × clean.
// --quick reads every 16th variant.

#include "corruption_variants.h"
#include "hostile_input.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

using namespace assetscope;

namespace {

constexpr std::uint64_t kLeastBytes = 4096;
constexpr std::size_t kRetimed = 4;
constexpr int kRepeats = 5;

double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// The CPU seconds of reading `bytes` (with `sibling`) as a hostile input, best of `repeats`.
double readingSeconds(const FormatHandler& handler, const Bytes& input, int repeats) {
    double best = 1e9;
    for (int i = 0; i < repeats; ++i) {
        const double start = threadCpuSeconds();
        (void)hostile::exerciseFormat(handler, input);
        best = std::min(best, threadCpuSeconds() - start);
    }
    return best;
}

double nanosPerByte(double seconds, std::uint64_t bytes) {
    return seconds * 1e9 / double(std::max(bytes, kLeastBytes));
}

struct Timed {
    double nsPerByte = 0;
    double cleanNsPerByte = 0; // what its clean file costs
    std::string label;
    const FormatHandler* handler = nullptr;
    Bytes input;             // as the fuzz targets take it (hostile::joinInput)
    std::uint64_t bytes = 0; // the file's and its sibling's
};

// The joined input (file, name hint, sibling) the fuzz targets and this program read.
Bytes joined(const Bytes& main, const std::string& name, const std::optional<Bytes>& sibling) {
    return hostile::joinInput(main, name, sibling ? &*sibling : nullptr);
}

std::uint64_t inputBytes(const corruption::Variant& v) {
    return v.bytes.size() + (v.sibling ? v.sibling->size() : 0);
}

// Clean CPU per byte of each sample, read as variants are.
std::map<std::string, double> cleanCost(const std::vector<corruption::Sample>& samples) {
    std::map<std::string, double> out;
    for (const auto& s : samples)
        out[s.path] = nanosPerByte(readingSeconds(*s.handler, joined(s.bytes, s.name, s.sibling), kRepeats),
                                   s.bytes.size() + (s.sibling ? s.sibling->size() : 0));
    return out;
}

double ratio(const Timed& t) {
    return t.nsPerByte / t.cleanNsPerByte;
}

// The dearest few of a family against their clean files, timed again (best of kRepeats): the
// worst that holds up.
Timed worstOf(std::vector<Timed>& timed) {
    std::sort(timed.begin(), timed.end(), [](const Timed& a, const Timed& b) { return ratio(a) > ratio(b); });
    Timed worst;
    for (std::size_t i = 0; i < std::min(timed.size(), kRetimed); ++i) {
        Timed& t = timed[i];
        t.nsPerByte = nanosPerByte(readingSeconds(*t.handler, t.input, kRepeats), t.bytes);
        if (!worst.handler || ratio(t) > ratio(worst)) worst = t;
    }
    return worst;
}

void printRow(const std::string& what, std::size_t count, const Timed& worst) {
    std::printf("%-36s %7zu %10.1f %10.1f %7.1fx  %s\n", what.c_str(), count, worst.nsPerByte,
                worst.cleanNsPerByte, ratio(worst), worst.label.c_str());
}

Bytes readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), {});
}

} // namespace

int main(int argc, char** argv) {
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const std::vector<corruption::Sample> samples = corruption::loadSamples();
    const std::map<std::string, double> clean = cleanCost(samples);
    std::map<std::string, double> dearestClean; // by format
    std::printf("clean CPU per byte (best of %d):\n", kRepeats);
    for (const auto& s : samples) {
        const std::string format(s.handler->name());
        dearestClean[format] = std::max(dearestClean[format], clean.at(s.path));
        std::printf("  %8.1f ns/B  %s\n", clean.at(s.path), s.path.c_str());
    }
    std::printf("\n%-36s %7s %10s %10s %8s  %s\n", "family", "inputs", "worst ns/B", "clean ns/B", "ratio",
                "worst input");

    std::map<std::string, std::vector<Timed>> families;
    std::size_t seen = 0;
    for (const auto& s : samples)
        for (const corruption::Variant& v : corruption::variantsOf(s)) {
            if (quick && seen++ % 16 != 0) continue;
            Timed t{0,
                    clean.at(s.path),
                    s.path + ": " + v.what,
                    s.handler,
                    joined(v.bytes, s.name, v.sibling),
                    inputBytes(v)};
            t.nsPerByte = nanosPerByte(readingSeconds(*s.handler, t.input, 1), t.bytes);
            families[std::string(s.handler->name()) + " " + v.kind].push_back(std::move(t));
        }
    double worstRatio = 0;
    const auto add = [&](const std::string& what, std::vector<Timed>& timed) {
        const std::size_t count = timed.size();
        const Timed worst = worstOf(timed);
        worstRatio = std::max(worstRatio, ratio(worst));
        printRow(what, count, worst);
    };
    for (auto& [family, timed] : families)
        add(family, timed);

    const std::filesystem::path root = ASSETSCOPE_SOURCE_DIR "/tests/regressions";
    for (const auto& dir : std::filesystem::directory_iterator(root)) {
        const FormatHandler* handler = hostile::handlerNamed(dir.path().filename().string());
        if (!handler || !dearestClean.count(std::string(handler->name()))) continue;
        std::vector<Timed> timed;
        for (const auto& file : std::filesystem::directory_iterator(dir)) {
            Timed t{0,
                    dearestClean.at(std::string(handler->name())),
                    file.path().filename().string(),
                    handler,
                    readFile(file.path()),
                    0};
            t.bytes = t.input.size();
            t.nsPerByte = nanosPerByte(readingSeconds(*handler, t.input, 1), t.bytes);
            timed.push_back(std::move(t));
        }
        add("regressions/" + dir.path().filename().string(), timed);
    }
    std::printf("\nworst / clean: %.1fx (goal: at most 20x)\n", worstRatio);
    return 0;
}
