// Bookmarks and path notes in the window: Ctrl+D's bookmark of a field and of dragged bytes, the
// Bookmarks pane, the stored file keyed by the file's hash, imports refused whole, and a path
// note shown on the matching field of another file.
#include "app_fixtures.h"
#include "bytes/sha256.h"
#include "main_window.h"
#include "models/structure_model.h"
#include "notes/node_notes.h"
#include "notes/notes_file.h"
#include "notes/notes_json.h"
#include "notes_store.h"
#include "samples/sample_set.h"
#include "views/bookmarks_pane.h"
#include "views/docs_pane.h"
#include "views/document_view.h"
#include "views/hex_view.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QTreeWidget>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

const QString kBench = QStringLiteral("/media/models/prp_sample_bench_v112.i.modelbin");
const QString kHouse = QStringLiteral("/media/models/bld_sample_house_a_lod0.i.modelbin");

DocumentView* openView(MainWindow& w, const QString& path) {
    w.openInput(path);
    if (!apptest::waitLoads(w)) return nullptr;
    return w.currentDocumentView();
}

NodeId nodeNamed(DocumentView& view, const std::vector<std::string>& names) {
    return notes::nodeAtNames(*view.document().tree(), names);
}

QString storedPath(const std::string& sha) {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/notes/") +
           QString::fromStdString(sha) + QStringLiteral(".json");
}

QStringList rows(const BookmarksPane& pane) {
    QStringList out;
    for (int i = 0; i < pane.list()->topLevelItemCount(); ++i)
        out << pane.list()->topLevelItem(i)->text(0) + QStringLiteral(" | ") +
                   pane.list()->topLevelItem(i)->text(1);
    return out;
}

} // namespace

class TestNotesWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_samples;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("assetscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_notes_window"));
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/notes"))
            .removeRecursively();
        m_samples = m_dir.filePath(QStringLiteral("samples"));
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_samples.toStdString(), written, error), error.c_str());
    }

    void bookmarksAreListedStoredAndKeptAcrossARename() {
        QString bench;
        std::string sha;
        {
            MainWindow w;
            w.setPersistent(false);
            DocumentView* view = openView(w, m_samples + kBench);
            QVERIFY(view);
            sha = view->document().sha256;
            QCOMPARE(sha, sha256Hex(*view->document().bytes)); // the key `dump --notes` uses
            // A field: its path below the file node.
            QVERIFY(view->selectNode(nodeNamed(*view, {"bundle", "header", "tag"})));
            QString error;
            QVERIFY2(w.bookmarkSelection(QStringLiteral("the tag"), QColor(0xd9, 0x53, 0x4f), error),
                     qPrintable(error));
            // Dragged bytes (Shift+Right from 0x10 marks 0x10..0x13): their range.
            view->hexView()->setCursorOffset(0x10);
            for (int i = 0; i < 3; ++i)
                QTest::keyClick(view->hexView(), Qt::Key_Right, Qt::ShiftModifier);
            QVERIFY(view->hexView()->hasSelection());
            QVERIFY(w.bookmarkSelection(QStringLiteral("blob count"), QColor(0x42, 0x8b, 0xca), error));
            QCOMPARE(rows(*w.bookmarksPane()),
                     (QStringList{"bundle/header/tag | the tag", "@0x10 +4 | blob count"}));
            // The hex pane tints both ranges; the tree the tag's row.
            const auto& marks = view->hexView()->marks();
            QCOMPARE(marks.size(), std::size_t{2});
            QCOMPARE(marks[0].range.begin, std::uint64_t{0});
            QCOMPARE(marks[0].range.end, std::uint64_t{4});
            QCOMPARE(marks[1].range.begin, std::uint64_t{0x10});
            QCOMPARE(marks[1].range.end, std::uint64_t{0x14});
            const QModelIndex tag = view->model()->indexOf(nodeNamed(*view, {"bundle", "header", "tag"}));
            QCOMPARE(tag.data(Qt::BackgroundRole).value<QColor>().rgb(), QColor(0xd9, 0x53, 0x4f).rgb());
            QVERIFY(tag.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Bookmark: the tag")));
            // A double-click on the second row jumps to its bytes: the blob count field.
            w.bookmarksPane()->activate(1);
            QCOMPARE(view->currentNode(), nodeNamed(*view, {"bundle", "header", "blob_count"}));
        }
        // Stored under the file's hash, in the notes schema.
        notes::NotesDocument stored;
        std::string error;
        QVERIFY2(notes::loadNotesFile(storedPath(sha).toStdString(), stored, error), error.c_str());
        QCOMPARE(stored.files.size(), std::size_t{1});
        QCOMPARE(stored.files[0].bookmarks.size(), std::size_t{2});
        QCOMPARE(stored.files[0].bookmarks[0].path, std::string("bundle/header/tag"));
        QVERIFY(stored.files[0].bookmarks[1].range == (notes::ByteSpan{0x10, 4}));
        // Renamed, the file keeps its bookmarks.
        const QString renamed = m_dir.filePath(QStringLiteral("renamed_bench.modelbin"));
        QVERIFY(QFile::copy(m_samples + kBench, renamed));
        MainWindow w;
        w.setPersistent(false);
        QVERIFY(openView(w, renamed));
        QCOMPARE(w.bookmarksPane()->list()->topLevelItemCount(), 2);
    }

    void aRefusedImportKeepsTheNotes() {
        MainWindow w;
        w.setPersistent(false);
        DocumentView* view = openView(w, m_samples + kBench);
        QVERIFY(view);
        const int before = w.bookmarksPane()->list()->topLevelItemCount();
        QVERIFY(before > 0);
        QFile stored(storedPath(view->document().sha256));
        QVERIFY(stored.open(QIODevice::ReadOnly));
        const QByteArray storedBefore = stored.readAll();
        stored.close();
        const QString notJson = m_dir.filePath(QStringLiteral("broken.json"));
        QVERIFY(apptest::writeFile(notJson, Bytes{'{', '"'}));
        QString error;
        QVERIFY(!w.importNotes(notJson, error));
        QVERIFY2(error.contains(QStringLiteral("not valid JSON")), qPrintable(error));
        const QString badPath = m_dir.filePath(QStringLiteral("badpath.json"));
        const std::string text =
            R"({"schema":"assetscope-notes","version":1,"path_notes":[)"
            R"({"format":"modelbin","path":"bundle/header/tag","note":"ok","colour":"#000000"},)"
            R"({"format":"modelbin","path":"bundel/x","note":"typo","colour":"#000000"}]})";
        QVERIFY(apptest::writeFile(badPath, Bytes(text.begin(), text.end())));
        QVERIFY(!w.importNotes(badPath, error));
        QVERIFY2(error.contains(QStringLiteral("\"bundel\"")), qPrintable(error));
        // Nothing of either file came in, not even the first, good path note.
        QCOMPARE(w.bookmarksPane()->list()->topLevelItemCount(), before);
        QVERIFY(w.notesStore()->pathNotes().empty());
        QVERIFY(stored.open(QIODevice::ReadOnly));
        QCOMPARE(stored.readAll(), storedBefore);
        // An exported file imports into a fresh store with the same bookmarks.
        const QString exported = m_dir.filePath(QStringLiteral("exported.json"));
        QVERIFY2(w.exportNotes(exported, error), qPrintable(error));
        QTemporaryDir other;
        NotesStore fresh(other.path());
        QVERIFY2(fresh.importFile(exported, error), qPrintable(error));
        QCOMPARE(fresh.notesFor(view->document().sha256).files.at(0).bookmarks.size(),
                 static_cast<std::size_t>(before));
    }

    void aPathNoteShowsOnTheMatchingFieldOfAnotherFile() {
        MainWindow w;
        w.setPersistent(false);
        DocumentView* bench = openView(w, m_samples + kBench);
        QVERIFY(bench);
        QVERIFY(bench->selectNode(nodeNamed(*bench, {"bundle", "blob_records", "[1]", "data_size_again"})));
        QString error;
        QVERIFY2(w.notePathOfSelection(QStringLiteral("equals data_size"), QColor(0x4c, 0xaf, 0x50), error),
                 qPrintable(error));
        QCOMPARE(w.notesStore()->pathNotes().size(), std::size_t{1});
        QCOMPARE(w.notesStore()->pathNotes()[0].path, std::string("bundle/blob_records/*/data_size_again"));

        DocumentView* house = openView(w, m_samples + kHouse);
        QVERIFY(house && house != bench);
        const NodeId field = nodeNamed(*house, {"bundle", "blob_records", "[0]", "data_size_again"});
        QVERIFY(field != kNoNode);
        const auto attached = house->notesAt(field);
        QCOMPARE(attached.size(), std::size_t{1});
        QVERIFY(attached[0].pathNote);
        QCOMPARE(attached[0].note(), std::string("equals data_size"));
        QVERIFY(house->notesAt(nodeNamed(*house, {"bundle", "blob_records", "[0]", "data_size"})).empty());
        QVERIFY(house->selectNode(field));
        QCOMPARE(house->model()->indexOf(field).data(Qt::BackgroundRole).value<QColor>().rgb(),
                 QColor(0x4c, 0xaf, 0x50).rgb());
        // The docs pane shows it beside the document's row, as the user's own.
        const QString docs = w.docsPane()->text();
        QVERIFY2(docs.contains(QStringLiteral("your note on bundle/blob_records/*/data_size_again in every "
                                              "modelbin file: equals data_size")),
                 qPrintable(docs));
        QVERIFY(rows(*w.bookmarksPane())
                    .contains(QStringLiteral("every modelbin: bundle/blob_records/*/data_size_again | equals "
                                             "data_size")));
        // Stored for every file of the format: a new window reads it.
        MainWindow again;
        QCOMPARE(again.notesStore()->pathNotes().size(), std::size_t{1});
    }
};

QTEST_MAIN(TestNotesWindow)
#include "tst_notes_window.moc"
