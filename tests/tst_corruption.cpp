// Corruption corpus: every sample file of every format, truncated, bit-flipped and with its
// count/offset fields overwritten, must parse to a result (a partial tree with diagnostics, or a
// clean parse) within a time bound and without allocating out of proportion to its size; the
// dump, lazy arrays, write-back and export must hold on every such result. A few variants also go
// through the CLI, which must exit 0, 1 or 2 and never die of a signal.
#include "allocation_accounting.h"
#include "formats/registry.h"
#include "hostile_input.h"
#include "samples/sample_set.h"
#include "test_support.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <array>
#include <ctime>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <variant>

using namespace assetscope;

namespace {

// Truncations: at every offset up to 4 KiB (where headers, tables and small files live), then
// at sampled offsets. Every dense truncation is read in batch mode and written back; those below
// kFullyExercisedUpTo and every kFullExerciseStride-th also get the full treatment (tree, dump,
// elements, export, batch reading).
constexpr std::size_t kEveryOffsetUpTo = 4096;
constexpr std::size_t kFullyExercisedUpTo = 128;
constexpr std::size_t kFullExerciseStride = 64;
// Variants of the whole file cost a parse of the whole file: their number shrinks with the size
// (a 560 KB terrain patch gets a dozen, a 1 KB bundle the maximum) to keep the run near a minute.
constexpr std::size_t kWholeFileBudget = 4 << 20;
constexpr int kSampledTruncations = 64;
constexpr int kBitFlips = 64;
constexpr int kMaxFieldsPerFile = 48;
constexpr int kSiblingVariants = 48;

int scaled(int most, std::size_t fileSize, int least) {
    const std::size_t byBudget = kWholeFileBudget / std::max<std::size_t>(fileSize, 1);
    return static_cast<int>(
        std::clamp<std::size_t>(byBudget, static_cast<std::size_t>(least), static_cast<std::size_t>(most)));
}
// Under ASan/UBSan every allocation is tracked and code runs several times slower: there the
// bound is the fuzzers' per-input timeout.
qint64 maxMillisPerVariant() {
    return test::underSanitizer() ? 10000 : 2000;
}
constexpr const char* kCountsThatFit = "counts at the most that fit";

struct Sample {
    std::string path;
    std::string name; // last path part: the parser's name hint
    Bytes bytes;
    const FormatHandler* handler = nullptr;
    std::string siblingName; // what the parser asked for next to it (a MeshSet's chunk)
    std::optional<Bytes> sibling;
};

struct Variant {
    std::string what;
    Bytes bytes;
    std::optional<Bytes> sibling;
    bool full = true; // also dump, elements, export and batch reading, not only parse + write-back
    const char* kind = "";
};

struct Outcome {
    std::size_t variants = 0;
    std::size_t clean = 0;
    std::size_t warned = 0;
    std::size_t refused = 0;
    qint64 slowestMs = -1;
    std::string slowest;
    std::int64_t largestGrowth = 0;
    std::string largest;
    std::vector<std::string> failures;
    std::vector<std::string> batchDisagrees;
    qint64 wallMs = 0;                                        // the longest wall-clock time of one variant
    std::map<std::string, std::array<std::size_t, 3>> byKind; // clean, warned, refused
};

std::string lastPart(const std::string& path) {
    const auto at = path.find_last_of('/');
    return at == std::string::npos ? path : path.substr(at + 1);
}

std::vector<Sample> loadSamples() {
    const samples::SampleFiles all = samples::allSampleFiles();
    std::map<std::string, const Bytes*> byPath;
    for (const auto& f : all)
        byPath[f.name] = &f.data;
    std::vector<Sample> out;
    for (const auto& f : all) {
        Sample s{f.name, lastPart(f.name), f.data, nullptr, {}, std::nullopt};
        s.handler = detectFormat(s.bytes, s.name);
        if (!s.handler) continue; // a chunk: corrupted as its resource's sibling
        const std::string folder = f.name.substr(0, f.name.size() - s.name.size());
        ParseSettings settings;
        settings.fileName = s.name;
        settings.sibling = [&](const std::string& wanted) -> std::optional<Bytes> {
            const auto it = byPath.find(folder + wanted);
            if (it == byPath.end()) return std::nullopt;
            if (!s.sibling) {
                s.siblingName = wanted;
                s.sibling = *it->second;
            }
            return *it->second;
        };
        s.handler->parse(shareBytes(s.bytes), settings);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<std::size_t> sampledOffsets(std::size_t from, std::size_t to, int count, std::mt19937& rng) {
    std::vector<std::size_t> offsets;
    if (from >= to) return offsets;
    for (int i = 0; i < count / 2; ++i)
        offsets.push_back(from +
                          (to - from) * static_cast<std::size_t>(i) / static_cast<std::size_t>(count / 2));
    std::uniform_int_distribution<std::size_t> any(from, to - 1);
    while (static_cast<int>(offsets.size()) < count)
        offsets.push_back(any(rng));
    return offsets;
}

// The u16/u32/i32 fields the parser recorded (lazy array elements built for two per array):
// their offsets are where the counts, offsets and sizes of the format live.
std::vector<std::pair<std::uint64_t, std::uint64_t>> numericFields(const Sample& s, std::size_t most) {
    hostile::SplitInput input{s.bytes, s.name, s.sibling};
    auto file = hostile::parseWith(*s.handler, input, true);
    StructureTree& tree = file->tree();
    test::materialiseAll(tree, 2);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> fields;
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        const Node& n = tree.node(id);
        const bool wanted = n.type == "u16" || n.type == "u32" || n.type == "i32";
        if (wanted && (n.size == 2 || n.size == 4) && n.offset + n.size <= s.bytes.size())
            fields.emplace_back(n.offset, n.size);
    }
    std::sort(fields.begin(), fields.end());
    fields.erase(std::unique(fields.begin(), fields.end()), fields.end());
    if (fields.size() <= most) return fields;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> picked;
    for (std::size_t i = 0; i < most; ++i)
        picked.push_back(fields[i * fields.size() / most]);
    return picked;
}

// Count fields paired with the records they count: a lazy array (count and stride) or a
// container whose children are records of one size laid end to end, and the nearest numeric
// field before those records that holds their number. Each gets the largest count whose records
// still fit in the file: the count guard lets such a count through, so whatever follows from it
// (records, diagnostics, nodes) must stay proportional to the file.
struct CountField {
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint64_t largest = 0;
};

std::optional<std::uint64_t> countValue(const Node& n) {
    const bool numeric = n.type == "u8" || n.type == "u16" || n.type == "u32" || n.type == "i32";
    if (!numeric) return std::nullopt;
    if (const auto* u = std::get_if<std::uint64_t>(&n.value)) return *u;
    if (const auto* i = std::get_if<std::int64_t>(&n.value); i && *i >= 0)
        return static_cast<std::uint64_t>(*i);
    return std::nullopt;
}

// Records a node counts: (first record's offset, stride, count), when it has records.
std::optional<std::array<std::uint64_t, 3>> recordsOf(const StructureTree& tree, const Node& n) {
    if (n.decoder) return std::array<std::uint64_t, 3>{n.offset, n.stride, n.count};
    if (n.children.empty()) return std::nullopt;
    const Node& first = tree.node(n.children.front());
    if (first.size == 0 || first.kind == NodeKind::Field) return std::nullopt;
    for (std::size_t i = 0; i < n.children.size(); ++i) {
        const Node& c = tree.node(n.children[i]);
        if (c.size != first.size || c.offset != first.offset + i * first.size) return std::nullopt;
    }
    return std::array<std::uint64_t, 3>{first.offset, first.size, n.children.size()};
}

std::vector<CountField> countFields(const Sample& s) {
    hostile::SplitInput input{s.bytes, s.name, s.sibling};
    auto file = hostile::parseWith(*s.handler, input, true);
    const StructureTree& tree = file->tree();
    std::map<std::uint64_t, std::vector<NodeId>> byValue; // numeric fields in the file, by value
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (const auto v = countValue(tree.node(id)); v && *v > 0) byValue[*v].push_back(id);
    std::map<std::uint64_t, CountField> found; // by offset
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        const auto records = recordsOf(tree, tree.node(id));
        if (!records) continue;
        const auto [start, stride, count] = *records;
        const auto candidates = byValue.find(count);
        if (candidates == byValue.end() || start > s.bytes.size()) continue;
        const Node* field = nullptr;
        for (NodeId f : candidates->second) {
            const Node& n = tree.node(f);
            if (n.offset + n.size <= start && n.offset + n.size <= s.bytes.size() &&
                (!field || n.offset > field->offset))
                field = &n;
        }
        if (!field) continue;
        const std::uint64_t widest = field->size == 1       ? 0xFF
                                     : field->size == 2     ? 0xFFFF
                                     : field->type == "i32" ? 0x7FFFFFFF
                                                            : 0xFFFFFFFF;
        const std::uint64_t largest = std::min(widest, (s.bytes.size() - start) / stride);
        if (largest > count) found[field->offset] = {field->offset, field->size, largest};
    }
    std::vector<CountField> out;
    for (const auto& [offset, field] : found)
        out.push_back(field);
    return out;
}

std::vector<Variant> variantsOf(const Sample& s) {
    std::vector<Variant> out;
    const Bytes& b = s.bytes;
    std::mt19937 rng(static_cast<std::uint32_t>(std::hash<std::string>{}(s.path)));
    const auto truncated = [&](std::size_t n, bool full, const char* kind) {
        out.push_back({"truncated at " + std::to_string(n),
                       Bytes(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n)), s.sibling, full, kind});
    };
    for (std::size_t n = 0; n < std::min(b.size(), kEveryOffsetUpTo + 1); ++n)
        truncated(n, n < kFullyExercisedUpTo || n % kFullExerciseStride == 0, "truncations up to 4 KiB");
    for (std::size_t n :
         sampledOffsets(kEveryOffsetUpTo + 1, b.size(), scaled(kSampledTruncations, b.size(), 8), rng))
        truncated(n, true, "sampled truncations");
    if (!b.empty()) {
        for (std::size_t at : sampledOffsets(0, b.size(), scaled(kBitFlips, b.size(), 12), rng)) {
            const int bit = static_cast<int>(rng() % 8);
            Variant v{"bit " + std::to_string(bit) + " flipped at " + std::to_string(at), b, s.sibling};
            v.bytes[at] ^= static_cast<std::uint8_t>(1u << bit);
            v.kind = "bit flips";
            out.push_back(std::move(v));
        }
    }
    for (const auto& [offset, size] :
         numericFields(s, static_cast<std::size_t>(scaled(kMaxFieldsPerFile, s.bytes.size(), 6)))) {
        const std::uint32_t values[] = {0, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF};
        for (std::uint32_t value : values) {
            if (size == 2 && value == 0x7FFFFFFF) value = 0x7FFF;
            if (size == 2 && value == 0xFFFFFFFF) value = 0x8000;
            Variant v{"field at " + std::to_string(offset) + " set to " + std::to_string(value), b,
                      s.sibling};
            v.kind = "field stomps";
            for (std::uint64_t i = 0; i < size; ++i)
                v.bytes[offset + i] = static_cast<std::uint8_t>(value >> (8 * i));
            if (v.bytes != b) out.push_back(std::move(v));
        }
    }
    for (const CountField& f : countFields(s)) {
        Variant v{"count at " + std::to_string(f.offset) + " set to " + std::to_string(f.largest) +
                      " (the most whose records fit)",
                  b, s.sibling};
        v.kind = kCountsThatFit;
        for (std::uint64_t i = 0; i < f.size; ++i)
            v.bytes[f.offset + i] = static_cast<std::uint8_t>(f.largest >> (8 * i));
        out.push_back(std::move(v));
    }
    if (s.sibling && !s.sibling->empty()) {
        // The resource stays whole; its sibling (a MeshSet's geometry chunk) is what breaks.
        const Bytes& c = *s.sibling;
        for (std::size_t n : sampledOffsets(0, c.size(), kSiblingVariants, rng))
            out.push_back({"sibling truncated at " + std::to_string(n), b,
                           Bytes(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(n)), true,
                           "sibling truncations"});
        for (std::size_t at : sampledOffsets(0, c.size(), kSiblingVariants, rng)) {
            Variant v{"sibling bit flipped at " + std::to_string(at), b, c};
            (*v.sibling)[at] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
            v.kind = "sibling bit flips";
            out.push_back(std::move(v));
        }
    }
    return out;
}

void runOnce(const Sample& s, const Variant& v, Outcome& o);

// An exception out of a parser, a writer or the exporter is a failure of that variant (the
// window and the CLI would lose the whole file), reported with the variant's name.
void run(const Sample& s, const Variant& v, Outcome& o) {
    try {
        runOnce(s, v, o);
    } catch (const std::exception& e) {
        o.failures.push_back(s.path + ": " + v.what + ": threw " + e.what());
    }
}

// Every truncation is a refusal, except where a document allows a file to end at that length:
// the swatch textures' short end (grub-bundles.txt), which grub.arrangement.short-end notes.
const std::set<std::string> kTruncationExceptions = {"grub.arrangement.short-end"};

bool isTruncation(const Variant& v) {
    const std::string_view kind(v.kind);
    return kind == "truncations up to 4 KiB" || kind == "sampled truncations" ||
           kind == "sibling truncations";
}

bool allowedShortEnd(const StructureTree& tree) {
    return std::any_of(tree.diagnostics().begin(), tree.diagnostics().end(), [](const LocatedDiagnostic& d) {
        return kTruncationExceptions.count(d.diagnostic.rule) > 0;
    });
}

void runOnce(const Sample& s, const Variant& v, Outcome& o) {
    const std::string label = s.path + ": " + v.what;
    QElapsedTimer timer;
    timer.start();
    const test::CostMeter meter;
    const hostile::SplitInput input{v.bytes, s.name, v.sibling};
    auto file = hostile::parseWith(*s.handler, input, v.full);
    if (!file) {
        o.failures.push_back(label + ": no result");
        return;
    }
    if (v.full)
        hostile::exerciseParsed(*file);
    else
        (void)file->writeBack();
    const StructureTree& tree = file->tree();
    const int verdict = tree.errorCount() > 0 ? 2 : tree.warningCount() > 0 ? 1 : 0;
    ++(verdict == 2 ? o.refused : verdict == 1 ? o.warned : o.clean);
    if (verdict < 2 && isTruncation(v) && !allowedShortEnd(tree))
        o.failures.push_back(label + ": a truncation that is not refused");
    ++o.byKind[v.kind][static_cast<std::size_t>(verdict)];
    if (v.bytes.empty() && tree.errorCount() == 0)
        o.failures.push_back(label + ": an empty file parsed without an error");
    // Batch reading (no nodes, as the census reads) takes other branches and must hold too; a
    // different verdict is counted and shown, since strictness should not depend on the mode.
    auto batch = v.full ? hostile::parseWith(*s.handler, input, false) : nullptr;
    if (v.full && !batch) {
        o.failures.push_back(label + ": no result in batch reading");
        return;
    }
    if (batch) {
        (void)batch->writeBack();
        if ((batch->tree().errorCount() > 0) != (tree.errorCount() > 0)) o.batchDisagrees.push_back(label);
    }
    // The bound is on CPU time: on a machine shared by several builds the wall clock says more
    // about the neighbours than about the parser (the wall time is reported as well).
    const test::CostMeter::Cost cost = meter.finish();
    const auto ms = static_cast<qint64>(cost.cpuSeconds * 1000);
    o.wallMs = std::max(o.wallMs, timer.elapsed());
    const std::int64_t growth = cost.peakGrowth;
    ++o.variants;
    if (ms > o.slowestMs) {
        o.slowestMs = ms;
        o.slowest = label;
    }
    if (growth > o.largestGrowth) {
        o.largestGrowth = growth;
        o.largest = label;
    }
    if (ms > maxMillisPerVariant()) o.failures.push_back(label + ": took " + std::to_string(ms) + " ms");
    // Counts at the most that fit are what made the fuzzers' findings cost minutes: they are held
    // to the limits of those findings' replay (tst_regressions).
    if (std::string_view(v.kind) == kCountsThatFit && cost.cpuSeconds >= test::hostileCpuBudgetSeconds())
        o.failures.push_back(label + ": took " + std::to_string(ms) + " ms of CPU, over the replay limit");
    // Trees cost a few hundred bytes per node and a node per field: a few hundred bytes per input
    // byte is generous; a count trusted from the file would ask for gigabytes.
    const std::int64_t bound =
        test::hostileAllocationBound(v.bytes.size() + (v.sibling ? v.sibling->size() : 0));
    if (growth > bound)
        o.failures.push_back(label + ": allocated " + std::to_string(growth) + " bytes at peak");
}

bool writeFile(const QString& path, const Bytes& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) &&
           f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size())) ==
               static_cast<qint64>(bytes.size());
}

} // namespace

class TestCorruption : public QObject {
    Q_OBJECT

private:
    std::vector<Sample> m_samples;

private slots:
    void initTestCase() {
        QVERIFY(test::installAllocationAccounting());
        m_samples = loadSamples();
        QVERIFY2(!m_samples.empty(), "the sample set is empty");
        QSet<QString> formats;
        for (const Sample& s : m_samples)
            formats.insert(QString::fromStdString(std::string(s.handler->name())));
        qInfo().noquote() << "formats with samples:" << QStringList(formats.values()).join(", ");
    }

    void everyVariantEndsInAResult() {
        Outcome o;
        QElapsedTimer total;
        total.start();
        const std::clock_t cpu = std::clock();
        for (const Sample& s : m_samples)
            for (const Variant& v : variantsOf(s))
                run(s, v, o);
        qInfo().noquote() << QString("%1 variants of %2 sample files in %3 s (%4 s CPU): %5 clean, %6 with "
                                     "warnings, %7 refused")
                                 .arg(o.variants)
                                 .arg(m_samples.size())
                                 .arg(double(total.elapsed()) / 1000.0, 0, 'f', 1)
                                 .arg(double(std::clock() - cpu) / CLOCKS_PER_SEC, 0, 'f', 1)
                                 .arg(o.clean)
                                 .arg(o.warned)
                                 .arg(o.refused);
        for (const auto& [kind, counts] : o.byKind)
            qInfo().noquote() << QString("  %1: %2 (%3 clean, %4 with warnings, %5 refused)")
                                     .arg(QString::fromUtf8(kind))
                                     .arg(counts[0] + counts[1] + counts[2])
                                     .arg(counts[0])
                                     .arg(counts[1])
                                     .arg(counts[2]);
        qInfo().noquote() << "slowest:" << o.slowestMs << "ms CPU (longest wall clock" << o.wallMs << "ms),"
                          << QString::fromStdString(o.slowest);
        qInfo().noquote() << "largest peak allocation:" << o.largestGrowth / 1024 << "KiB,"
                          << QString::fromStdString(o.largest);
        // Strictness must not depend on the mode: a file refused with its tree is refused in a
        // census too, and the other way round.
        QString disagree;
        for (std::size_t i = 0; i < std::min<std::size_t>(o.batchDisagrees.size(), 20); ++i)
            disagree += "\n  " + QString::fromStdString(o.batchDisagrees[i]);
        QVERIFY2(o.batchDisagrees.empty(),
                 qPrintable(QString::number(o.batchDisagrees.size()) +
                            " variants refused in one reading mode only:" + disagree));
        QString shown;
        for (std::size_t i = 0; i < std::min<std::size_t>(o.failures.size(), 20); ++i)
            shown += "\n  " + QString::fromStdString(o.failures[i]);
        QVERIFY2(o.failures.empty(),
                 qPrintable(QString::number(o.failures.size()) + " variants failed:" + shown));
        QVERIFY(o.variants > m_samples.size() * 12);
    }

    // No count is trusted: every count, offset and size field of the smallest sample of each
    // format, set to 0x7FFFFFFF and 0xFFFFFFFF, is read in both modes within the allocation bound
    // of everyVariantEndsInAResult (proportional to the bytes, whatever the count says).
    void allocationIsBoundedByTheBytesThatRemain() {
        std::map<std::string, const Sample*> smallest;
        for (const Sample& s : m_samples) {
            const Sample*& at = smallest[std::string(s.handler->name())];
            if (!at || s.bytes.size() < at->bytes.size()) at = &s;
        }
        Outcome o;
        for (const auto& [format, s] : smallest) {
            for (const auto& [offset, size] : numericFields(*s, std::numeric_limits<std::size_t>::max())) {
                for (const std::uint32_t value : {0x7FFFFFFFu, 0xFFFFFFFFu}) {
                    Variant v{"field at " + std::to_string(offset) + " set to " + std::to_string(value),
                              s->bytes, s->sibling};
                    for (std::uint64_t i = 0; i < size; ++i)
                        v.bytes[offset + i] = static_cast<std::uint8_t>(value >> (8 * i));
                    run(*s, v, o);
                }
            }
        }
        qInfo().noquote() << o.variants << "huge counts in" << smallest.size()
                          << "files; largest peak allocation:" << o.largestGrowth / 1024 << "KiB,"
                          << QString::fromStdString(o.largest);
        QString shown;
        for (std::size_t i = 0; i < std::min<std::size_t>(o.failures.size(), 20); ++i)
            shown += "\n  " + QString::fromStdString(o.failures[i]);
        QVERIFY2(o.failures.empty(),
                 qPrintable(QString::number(o.failures.size()) + " variants failed:" + shown));
        QVERIFY(o.variants >= smallest.size() * 4);
    }

    // The allocation accounting itself: a variant that asks for much more than the bound is seen.
    void allocationAccountingSeesLargeRequests() {
        const std::int64_t before = test::liveBytes();
        test::resetPeak();
        {
            std::vector<std::uint8_t> big(64 << 20);
            QVERIFY(!big.empty());
        }
        QVERIFY(test::peakBytes() - before >= (64 << 20));
        QCOMPARE(test::liveBytes(), before);
    }

    // The CLI over a handful of variants per format: exit 0, 1 or 2, never a signal or a hang.
    void cliSurvivesVariants() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::map<std::string, int> perFormat;
        int runs = 0;
        for (const Sample& s : m_samples) {
            int& done = perFormat[std::string(s.handler->name())];
            if (done >= 2) continue;
            ++done;
            const std::vector<Variant> all = variantsOf(s);
            // Spread over the kinds: early truncations, late ones, flips, field overwrites.
            for (std::size_t i = 1; i < all.size(); i += std::max<std::size_t>(1, all.size() / 4)) {
                const Variant& v = all[i];
                const QString sub = dir.filePath(QString::number(runs));
                QVERIFY(QDir().mkpath(sub));
                const QString path = sub + "/" + QString::fromStdString(s.name);
                QVERIFY(writeFile(path, v.bytes));
                if (v.sibling && !s.siblingName.empty())
                    QVERIFY(writeFile(sub + "/" + QString::fromStdString(s.siblingName), *v.sibling));
                const auto r = test::runCli({"info", path});
                QVERIFY2(r.exitCode >= 0 && r.exitCode <= 2,
                         qPrintable(QString::fromStdString(s.path + ": " + v.what) + " exit " +
                                    QString::number(r.exitCode) + "\n" + QString::fromUtf8(r.err)));
                ++runs;
            }
        }
        qInfo() << runs << "variants through assetscope-cli info";
        QVERIFY(runs > 0);
    }
};

QTEST_GUILESS_MAIN(TestCorruption)
#include "tst_corruption.moc"
