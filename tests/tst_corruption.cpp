// Corruption corpus: every sample file of every format, truncated, bit-flipped and with its
// count/offset fields overwritten (tests/support/corruption_variants.*), must parse to a result
// (a partial tree with diagnostics, or a clean parse) while what the code does stays linear in
// the input's size: nodes built, diagnostics recorded, bytes read and peak allocation
// (test::hostileWorkLimits). Counts, not time: the same variant gives the same counts on a busy
// machine (bench_hostile reports the time). The dump, lazy arrays, write-back and export must
// hold on every such result. A few variants also go through the CLI, which must exit 0, 1 or 2
// and never die of a signal.
#include "allocation_accounting.h"
#include "corruption_variants.h"
#include "hostile_input.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <set>

using namespace assetscope;
using corruption::Sample;
using corruption::Variant;

namespace {

// How close the corpus comes to a limit: the largest share of it a variant used, and which.
struct Highest {
    double share = 0;
    std::string label;
    void offer(std::uint64_t value, std::uint64_t limit, const std::string& what) {
        const double used = double(value) / double(std::max<std::uint64_t>(limit, 1));
        if (used > share) {
            share = used;
            label = what;
        }
    }
};

struct Outcome {
    std::size_t variants = 0;
    std::size_t clean = 0;
    std::size_t warned = 0;
    std::size_t refused = 0;
    Highest nodes, diagnostics, bytesRead, allocation;
    std::vector<std::string> failures;
    std::vector<std::string> batchDisagrees;
    std::map<std::string, std::array<std::size_t, 3>> byKind; // clean, warned, refused
};

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

bool allowedShortEnd(const StructureTree& tree) {
    return std::any_of(tree.diagnostics().begin(), tree.diagnostics().end(), [](const LocatedDiagnostic& d) {
        return kTruncationExceptions.count(d.diagnostic.rule) > 0;
    });
}

void runOnce(const Sample& s, const Variant& v, Outcome& o) {
    const std::string label = s.path + ": " + v.what;
    const test::WorkMeter meter;
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
    if (verdict < 2 && v.isTruncation() && !allowedShortEnd(tree))
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
    const test::WorkMeter::Work work = meter.finish();
    const std::uint64_t inputBytes = v.bytes.size() + (v.sibling ? v.sibling->size() : 0);
    // A count trusted from the file would ask for millions of nodes, diagnostics or gigabytes;
    // what a file of this size can hold stays within the limits.
    const std::uint64_t nodes = tree.nodeCount() + (batch ? batch->tree().nodeCount() : 0);
    const std::uint64_t diagnostics =
        tree.diagnostics().size() + (batch ? batch->tree().diagnostics().size() : 0);
    ++o.variants;
    const test::WorkLimits limits = test::hostileWorkLimits(inputBytes);
    o.nodes.offer(nodes, limits.nodes, label);
    o.diagnostics.offer(diagnostics, limits.diagnostics, label);
    o.bytesRead.offer(work.bytesRead, limits.bytesRead, label);
    o.allocation.offer(static_cast<std::uint64_t>(std::max<std::int64_t>(work.peakGrowth, 0)),
                       static_cast<std::uint64_t>(limits.peakAllocation), label);
    if (const std::string broken = test::brokenLimits(inputBytes, nodes, diagnostics, work); !broken.empty())
        o.failures.push_back(label + ": " + broken);
}

void report(const Outcome& o) {
    const auto line = [](const char* what, const Highest& h) {
        qInfo().noquote() << QString("%1: at most %2% of the limit, %3")
                                 .arg(what)
                                 .arg(100 * h.share, 0, 'f', 1)
                                 .arg(QString::fromStdString(h.label));
    };
    line("nodes", o.nodes);
    line("diagnostics", o.diagnostics);
    line("bytes read", o.bytesRead);
    line("peak allocation", o.allocation);
}

QString listed(const std::vector<std::string>& lines) {
    QString shown;
    for (std::size_t i = 0; i < std::min<std::size_t>(lines.size(), 20); ++i)
        shown += "\n  " + QString::fromStdString(lines[i]);
    return shown;
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
        m_samples = corruption::loadSamples();
        QVERIFY2(!m_samples.empty(), "the sample set is empty");
        QSet<QString> formats;
        for (const Sample& s : m_samples)
            formats.insert(QString::fromStdString(std::string(s.handler->name())));
        qInfo().noquote() << "formats with samples:" << QStringList(formats.values()).join(", ");
    }

    void everyVariantEndsInAResult() {
        Outcome o;
        for (const Sample& s : m_samples)
            for (const Variant& v : corruption::variantsOf(s))
                run(s, v, o);
        qInfo().noquote() << QString("%1 variants of %2 sample files: %3 clean, %4 with warnings, %5 refused")
                                 .arg(o.variants)
                                 .arg(m_samples.size())
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
        report(o);
        // Strictness must not depend on the mode: a file refused with its tree is refused in a
        // census too, and the other way round.
        QVERIFY2(o.batchDisagrees.empty(),
                 qPrintable(QString::number(o.batchDisagrees.size()) +
                            " variants refused in one reading mode only:" + listed(o.batchDisagrees)));
        QVERIFY2(o.failures.empty(),
                 qPrintable(QString::number(o.failures.size()) + " variants failed:" + listed(o.failures)));
        QVERIFY(o.variants > m_samples.size() * 12);
    }

    // No count is trusted: every count, offset and size field of the smallest sample of each
    // format, set to 0x7FFFFFFF and 0xFFFFFFFF, is read in both modes within the work limits
    // of everyVariantEndsInAResult (proportional to the bytes, whatever the count says).
    void allocationIsBoundedByTheBytesThatRemain() {
        std::map<std::string, const Sample*> smallest;
        for (const Sample& s : m_samples) {
            const Sample*& at = smallest[std::string(s.handler->name())];
            if (!at || s.bytes.size() < at->bytes.size()) at = &s;
        }
        Outcome o;
        for (const auto& [format, s] : smallest) {
            for (const auto& [offset, size] :
                 corruption::numericFields(*s, std::numeric_limits<std::size_t>::max())) {
                for (const std::uint32_t value : {0x7FFFFFFFu, 0xFFFFFFFFu}) {
                    Variant v{"field at " + std::to_string(offset) + " set to " + std::to_string(value),
                              s->bytes, s->sibling};
                    for (std::uint64_t i = 0; i < size; ++i)
                        v.bytes[offset + i] = static_cast<std::uint8_t>(value >> (8 * i));
                    run(*s, v, o);
                }
            }
        }
        qInfo().noquote() << o.variants << "huge counts in" << smallest.size() << "files";
        report(o);
        QVERIFY2(o.failures.empty(),
                 qPrintable(QString::number(o.failures.size()) + " variants failed:" + listed(o.failures)));
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
            const std::vector<Variant> all = corruption::variantsOf(s);
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
