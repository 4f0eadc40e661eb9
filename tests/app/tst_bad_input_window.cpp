// The window under bad input: corrupted variants of one sample of every kind (truncated, with a
// bit flipped, with a count/offset field overwritten) open offscreen as a partial structure
// tree with its diagnostics listed; selecting nodes asks the table and 3D panes to show them,
// and selecting table rows asks the 3D pane to mark them, none of which may crash.
#include "app_fixtures.h"
#include "dialogs/zip_export.h"
#include "formats/registry.h"
#include "main_window.h"
#include "models/structure_model.h"
#include "samples/sample_set.h"
#include "views/document_view.h"
#include "views/preview_pane.h"
#include "views/table_pane.h"

#include <QAbstractTableModel>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace assetscope;
using namespace assetscope::app;

namespace {

struct Sample {
    std::string folder; // "frostbite/props/"
    std::string name;   // "sample_crate.meshset"
    Bytes bytes;
    const FormatHandler* handler = nullptr;
};

struct Variant {
    std::string what;
    Bytes bytes;
    bool truncated = false;
};

std::string extensionOf(const std::string& name) {
    const auto dot = name.find_last_of('.');
    return dot == std::string::npos ? name : name.substr(dot);
}

// The first sample of every file kind (extension) that a format handler reads.
std::vector<Sample> oneSampleOfEachKind(const samples::SampleFiles& all) {
    std::vector<Sample> out;
    std::map<std::string, bool> seen;
    for (const auto& f : all) {
        const auto slash = f.name.find_last_of('/');
        Sample s{f.name.substr(0, slash + 1), f.name.substr(slash + 1), f.data, nullptr};
        s.handler = detectFormat(s.bytes, s.name);
        if (!s.handler || seen[extensionOf(s.name)]) continue;
        seen[extensionOf(s.name)] = true;
        out.push_back(std::move(s));
    }
    return out;
}

// Offsets of the u32 fields the parser recorded: the counts, offsets and sizes of the format.
std::vector<std::uint64_t> u32Fields(const Sample& s) {
    ParseSettings settings;
    settings.fileName = s.name;
    auto file = s.handler->parse(shareBytes(s.bytes), settings);
    std::vector<std::uint64_t> offsets;
    if (!file) return offsets;
    const StructureTree& tree = file->tree();
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        const Node& n = tree.node(id);
        if (n.type == "u32" && n.size == 4 && n.offset + 4 <= s.bytes.size()) offsets.push_back(n.offset);
    }
    return offsets;
}

std::vector<Variant> variantsOf(const Sample& s) {
    std::vector<Variant> out;
    const Bytes& b = s.bytes;
    // Past the magic and the first header fields, so the format is still recognised.
    for (std::size_t n : {std::size_t{32}, std::size_t{64}, b.size() / 3, b.size() / 2, b.size() - 1})
        if (n >= 32 && n < b.size())
            out.push_back(
                {"truncated at " + std::to_string(n), Bytes(b.begin(), b.begin() + std::ptrdiff_t(n)), true});
    for (std::size_t at : {b.size() / 5, b.size() / 2 + 1, b.size() * 4 / 5}) {
        Variant v{"bit 6 flipped at " + std::to_string(at), b};
        v.bytes[at] ^= 0x40;
        out.push_back(std::move(v));
    }
    const std::vector<std::uint64_t> fields = u32Fields(s);
    for (std::size_t i = 0; i < fields.size(); i += std::max<std::size_t>(1, fields.size() / 4)) {
        for (std::uint32_t value : {0u, 0xFFFFu, 0x7FFFFFFFu, 0xFFFFFFFFu}) {
            Variant v{"u32 at " + std::to_string(fields[i]) + " set to " + std::to_string(value), b};
            for (int k = 0; k < 4; ++k)
                v.bytes[fields[i] + static_cast<std::uint64_t>(k)] =
                    static_cast<std::uint8_t>(value >> (8 * k));
            if (v.bytes != b) out.push_back(std::move(v));
        }
    }
    return out;
}

// Picks the first and the last row of one of the table pane's tables. A pick may select a node,
// which the pane follows with a new model, so the model is asked for again after each one.
void selectFirstAndLastRows(TablePane* pane, bool detail) {
    const auto model = [&] { return detail ? pane->detailModel() : pane->mainModel(); };
    QTableView* table = detail ? pane->detailTable() : pane->mainTable();
    if (!model() || model()->rowCount() == 0) return;
    table->selectRow(0);
    if (!model() || model()->rowCount() == 0) return;
    table->selectRow(model()->rowCount() - 1);
}

} // namespace

class TestBadInputWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    samples::SampleFiles m_all;

    // The window as a user has it on screen; its diagnostics list.
    static QTableView* showWindow(MainWindow& w) {
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        return w.findChild<QTableView*>(QStringLiteral("diagnosticsView"));
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("assetscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_bad_input_window"));
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_all = samples::allSampleFiles();
    }

    void corruptedFilesShowWhatTheyCan() {
        const std::vector<Sample> samples = oneSampleOfEachKind(m_all);
        QVERIFY(samples.size() >= 4);
        MainWindow w;
        QTableView* diagnosticsView = showWindow(w);
        QVERIFY(diagnosticsView);
        int opened = 0;
        int selections = 0;
        for (const Sample& s : samples) {
            for (const Variant& v : variantsOf(s)) {
                const QString label = QString::fromStdString(s.folder + s.name + ": " + v.what);
                // Each variant in its own folder, with the sample's unbroken siblings (a MeshSet's
                // chunk) beside it.
                const QString folder = m_dir.filePath(QString::number(opened));
                QVERIFY(QDir().mkpath(folder));
                for (const auto& f : m_all)
                    if (f.name.starts_with(s.folder) &&
                        f.name.find('/', s.folder.size()) == std::string::npos && f.name.ends_with(".chunk"))
                        QVERIFY(apptest::writeFile(
                            folder + "/" + QString::fromStdString(f.name.substr(s.folder.size())), f.data));
                const QString path = folder + "/" + QString::fromStdString(s.name);
                QVERIFY(apptest::writeFile(path, v.bytes));
                w.openInput(path);
                QVERIFY2(apptest::waitLoads(w), qPrintable(label));
                ++opened;

                DocumentView* view = w.currentDocumentView();
                QVERIFY2(view, qPrintable(label + ": no structure tree shown"));
                const StructureTree* tree = view->document().tree();
                QVERIFY2(tree && view->model()->rowCount() >= 1, qPrintable(label + ": empty tree"));
                // The diagnostics list shows every diagnostic; a cut file always has some.
                QCOMPARE(diagnosticsView->model()->rowCount(), static_cast<int>(tree->diagnostics().size()));
                if (v.truncated)
                    QVERIFY2(diagnosticsView->model()->rowCount() > 0,
                             qPrintable(label + ": no diagnostics"));

                // Walk the selection over the tree: each node goes to the table and 3D panes.
                const std::size_t nodes = tree->nodeCount();
                const std::size_t step = std::max<std::size_t>(1, nodes / 48);
                for (std::size_t id = 0; id < nodes; id += step) {
                    if (!view->selectNode(static_cast<NodeId>(id))) continue;
                    ++selections;
                    selectFirstAndLastRows(w.tablePane(), false);
                    selectFirstAndLastRows(w.tablePane(), true);
                }
                w.selectSomethingInteresting();
                view->selectOffset(view->document().bytes->size() / 2);
                // Each diagnostic jumps to its node.
                for (int row = 0; row < std::min(diagnosticsView->model()->rowCount(), 8); ++row)
                    emit diagnosticsView->activated(diagnosticsView->model()->index(row, 0));
                (void)w.previewPane()->message();
                QCoreApplication::processEvents();
                w.tabs()->tabCloseRequested(w.tabs()->currentIndex());
                QCOMPARE(w.tabs()->count(), 0);
            }
        }
        qInfo() << opened << "corrupted files opened," << selections << "nodes selected";
        QVERIFY(opened > static_cast<int>(samples.size()) * 8);
    }

    // Inputs that once cost minutes and gigabytes (a bundle bomb, a metadata cascade) open
    // without freezing the window: loading runs off the UI thread, and what the UI thread does
    // after it (tree, diagnostics list, hex coverage, table pane) is bounded by what it is given:
    // nodes linear in the input's size and diagnostics summarised per rule and container. The
    // stall itself is timed by bench_window_open, not here (a busy machine would fail the test).
    void hostileFilesKeepTheWindowResponsive() {
        MainWindow w;
        QTableView* diagnosticsView = showWindow(w);
        QVERIFY(diagnosticsView);
        for (const char* name : {"diagnostic-flood-29k.bin", "metadata-cascade-timeout.bin"}) {
            QFile source(QStringLiteral(ASSETSCOPE_SOURCE_DIR "/tests/regressions/modelbin/") + name);
            QVERIFY(source.open(QIODevice::ReadOnly));
            const QByteArray data = source.readAll();
            // As a model, the way the fuzz target that found it read it.
            const QString path = m_dir.filePath(QString::fromLatin1(name).replace(".bin", ".modelbin"));
            QVERIFY(apptest::writeFile(path, Bytes(data.begin(), data.end())));
            w.openInput(path);
            QVERIFY2(apptest::waitLoads(w), name);
            DocumentView* view = w.currentDocumentView();
            QVERIFY2(view, name);
            const StructureTree* tree = view->document().tree();
            QVERIFY(tree && tree->errorCount() > 0);
            QCOMPARE(diagnosticsView->model()->rowCount(), static_cast<int>(tree->diagnostics().size()));
            // Diagnostics are listed up to 20 per rule and container, with one summary each.
            QVERIFY2(tree->diagnostics().size() < 2000,
                     qPrintable(QString::number(tree->diagnostics().size())));
            // Use it: the last diagnostic jumps to its node, the tree's last node is selected.
            emit diagnosticsView->activated(
                diagnosticsView->model()->index(diagnosticsView->model()->rowCount() - 1, 0));
            view->selectNode(static_cast<NodeId>(tree->nodeCount() - 1));
            QCoreApplication::processEvents();
            // Metadata records and other arrays stay lazy: the tree is at most a node per input
            // byte (tests/support/accounting's node limit), whatever the counts claim.
            const auto nodeLimit = static_cast<std::size_t>(data.size()) + 4096;
            qInfo().noquote() << name << ":" << tree->nodeCount() << "nodes," << tree->diagnostics().size()
                              << "diagnostics listed for" << tree->errorCount() << "errors";
            QVERIFY2(tree->nodeCount() <= nodeLimit, qPrintable(QString::number(tree->nodeCount())));
            w.tabs()->tabCloseRequested(w.tabs()->currentIndex());
        }
    }

    // The window's only way of writing entries out (File > Export Selected Archive Entries):
    // names that climb, absolute names, drive letters and symlinks are listed as skipped and
    // never written, so a later extraction of the new zip cannot leave its folder either.
    void hostileEntryNamesAreNeverWrittenOut() {
        const Bytes text{'x', 'y'};
        const Bytes zipBytes = archive::writeZip({{"safe/kept.bin", text},
                                                  {"../up.bin", text},
                                                  {"/etc/absolute.bin", text},
                                                  {"C:/drive.bin", text},
                                                  {"d:relative.bin", text},
                                                  {"a\\..\\..\\back.bin", text},
                                                  {"\\\\server\\share.bin", text},
                                                  {"link", Bytes{'/', 'e', 't', 'c'}, 0120777}});
        std::string openError;
        auto source = archive::ZipArchive::open(shareBytes(zipBytes), openError);
        QVERIFY2(source, openError.c_str());
        std::vector<const archive::ZipEntry*> all;
        for (const auto& e : source->entries())
            all.push_back(&e);
        const QString out = m_dir.filePath(QStringLiteral("picked.zip"));
        ZipExportResult result;
        QString error;
        QVERIFY2(exportEntriesToZip(*source, all, out, result, error), qPrintable(error));
        QCOMPARE(result.written, 1);
        QCOMPARE(result.skipped.size(), 7);
        QVERIFY(result.skipped.last().startsWith(QStringLiteral("link: ")));
        QFile written(out);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray bytes = written.readAll();
        auto check = archive::ZipArchive::open(shareBytes(Bytes(bytes.begin(), bytes.end())), openError);
        QVERIFY2(check, openError.c_str());
        QCOMPARE(check->entries().size(), std::size_t{1});
        QCOMPARE(check->entries()[0].name, std::string("safe/kept.bin"));
    }
};

QTEST_MAIN(TestBadInputWindow)
#include "tst_bad_input_window.moc"
