// The find bar (Ctrl+F), its results pane and F3 / Shift+F3, Find Across Folder… and "Where is
// this used?": matches at offsets worked out by hand, the error of a bad pattern shown before
// any search, a cancelled search of a large file with the event loop running throughout.
#include "app_fixtures.h"
#include "dialogs/find_folder_dialog.h"
#include "formats/grub/bundle_writer.h"
#include "formats/pgeo/pgeo_samples.h"
#include "main_window.h"
#include "models/find_results_model.h"
#include "samples/sample_set.h"
#include "views/document_view.h"
#include "views/find_bar.h"
#include "views/find_results_pane.h"
#include "views/find_session.h"
#include "views/hex_view.h"
#include "worker_gate.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

// One raw blob, no metadata. By hand: the header is 0x14 bytes (tag, versions, reserved, header
// size, total size, blob count), the one blob record 0x18 more, so the data starts at 0x2C.
// Its bytes: 00 AB CD 01 AB CD 02 AB CD 03 00 00 00 00 00 00. "AB CD ??" is there three times,
// at data + 1, + 4 and + 7: 0x2D, 0x30 and 0x33, three bytes each.
constexpr std::uint64_t kDataOffset = 0x2C;
const std::uint64_t kMatches[] = {0x2D, 0x30, 0x33};

Bytes patternBundle() {
    grub::Bundle bundle;
    grub::Blob blob;
    blob.tag = tagFromText("MTUD");
    blob.versionMajor = 1;
    blob.data = {0x00, 0xAB, 0xCD, 0x01, 0xAB, 0xCD, 0x02, 0xAB, 0xCD, 0x03, 0, 0, 0, 0, 0, 0};
    bundle.blobs.push_back(std::move(blob));
    return grub::writeBundle(bundle);
}

bool waitFind(DocumentView& view, int ms = 120000) {
    if (!view.findSession()->running()) return true;
    QSignalSpy done(view.findSession(), &FindSession::finished);
    return done.wait(ms);
}

// Types a find into the bar as a person would: the kind, the text, Enter.
void typeFind(DocumentView& view, FindKind kind, const QString& text) {
    FindBar* bar = view.findBar();
    bar->kindBox()->setCurrentIndex(bar->kindBox()->findData(static_cast<int>(kind)));
    bar->textEdit()->clear();
    QTest::keyClicks(bar->textEdit(), text);
    QTest::keyClick(bar->textEdit(), Qt::Key_Return);
}

FindFolderDialog* waitDialog(FindFolderDialog* dialog) {
    if (!dialog) return nullptr;
    QSignalSpy done(dialog, &FindFolderDialog::findFinished);
    if (!dialog->done() && !done.wait(120000)) return nullptr;
    return dialog;
}

} // namespace

class TestFindBar : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_bundle;
    QString m_samples;

    DocumentView* open(MainWindow& window, const QString& input) {
        window.openInput(input);
        if (!apptest::waitLoads(window)) return nullptr;
        return window.currentDocumentView();
    }

private slots:
    void initTestCase() {
        m_bundle = m_dir.filePath(QStringLiteral("pattern.bundle"));
        const Bytes bytes = patternBundle();
        // The hand-worked layout holds: the record's data offset (at 0x14 + 0xC) is 0x2C.
        QCOMPARE(bytes[0x20] | bytes[0x21] << 8, int(kDataOffset));
        QCOMPARE(bytes[kDataOffset + 1], std::uint8_t{0xAB});
        QVERIFY(apptest::writeFile(m_bundle, bytes));
        m_samples = m_dir.filePath(QStringLiteral("samples"));
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_samples.toStdString(), written, error), error.c_str());
    }

    void bytesFindListsAndMarksTheMatches() {
        MainWindow window;
        window.setPersistent(false);
        window.resize(1400, 900);
        window.show();
        DocumentView* view = open(window, m_bundle);
        QVERIFY(view);
        QVERIFY(!view->findBar()->isVisible());
        // Ctrl+F: the window's Find action (the test's X server has no window manager to make the
        // window active, so the action is triggered as its shortcut would).
        QAction* find = window.findChild<QAction*>(QStringLiteral("actionFilter"));
        QVERIFY(find);
        QCOMPARE(find->shortcut(), QKeySequence(QKeySequence::Find));
        find->trigger();
        QVERIFY(view->findBar()->isVisible());
        QCOMPARE(window.focusWidget(), view->findBar()->textEdit());

        typeFind(*view, FindKind::Bytes, QStringLiteral("ab cd ??"));
        QVERIFY(waitFind(*view));
        FindResultsModel& model = *view->findSession()->model();
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.total(), std::uint64_t{3});
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(model.at(i).match.offset, kMatches[i]);
            QCOMPARE(model.at(i).match.size, std::uint64_t{3});
            QCOMPARE(model.index(i, FindResultsModel::OffsetColumn).data().toString(),
                     QStringLiteral("0x") + QString::number(kMatches[i], 16).toUpper());
            QCOMPARE(model.index(i, FindResultsModel::SizeColumn).data().toString(), QStringLiteral("3"));
            // Inside the blob's data: a path that names it.
            QVERIFY(!model.index(i, FindResultsModel::PathColumn).data().toString().isEmpty());
        }
        // The rows are placed in the window's tree as they are shown: the paths a find that
        // places its matches at once names.
        const FindResult atOnce =
            findInFile({"pattern.bundle", "pattern.bundle", view->document().bytes, nullptr, {}},
                       *compileFind({FindKind::Bytes, "ab cd ??", {}}).query);
        QCOMPARE(atOnce.matches.size(), std::size_t{3});
        for (int i = 0; i < 3; ++i)
            QCOMPARE(model.index(i, FindResultsModel::PathColumn).data().toString().toStdString(),
                     atOnce.matches[static_cast<std::size_t>(i)].path);
        QCOMPARE(model.index(0, FindResultsModel::ValueColumn).data().toString().toLower(),
                 QStringLiteral("ab cd 01"));
        QCOMPARE(model.index(2, FindResultsModel::ValueColumn).data().toString().toLower(),
                 QStringLiteral("ab cd 03"));

        // The results pane shows the same model, its dock raised.
        FindResultsPane* pane = window.findResults();
        QCOMPARE(pane->table()->model(), static_cast<QAbstractItemModel*>(&model));
        QVERIFY(pane->parentWidget()->isVisible());
        QVERIFY2(pane->summaryText().contains(QStringLiteral("3 matches")), qPrintable(pane->summaryText()));

        // Marked in the hex pane: the three runs join into 0x2D..0x36, joined by the find's
        // worker (the session's marks are what the hex pane shows).
        HexView* hex = view->hexView();
        QCOMPARE(hex->findMarks().size(), std::size_t{1});
        QCOMPARE(hex->findMarks().front(), (ByteRange{0x2D, 0x36}));
        QCOMPARE(view->findSession()->marks().size(), std::size_t{1});
        QCOMPARE(view->findSession()->marks().front(), (ByteRange{0x2D, 0x36}));
        QVERIFY(HexView::findMarkColor() != hex->palette().color(QPalette::Highlight));

        // The first match is gone to when the find ends; F3 steps on, wrapping; Shift+F3 back.
        QCOMPARE(hex->fieldRange(), (ByteRange{0x2D, 0x30}));
        QCOMPARE(view->findSession()->current(), 0);
        QAction* next = window.findChild<QAction*>(QStringLiteral("actionNextMatch"));
        QAction* previous = window.findChild<QAction*>(QStringLiteral("actionPreviousMatch"));
        QVERIFY(next && previous);
        QCOMPARE(next->shortcut(), QKeySequence(Qt::Key_F3));
        QCOMPARE(previous->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F3));
        const std::uint64_t expected[] = {0x30, 0x33, 0x2D};
        for (std::uint64_t at : expected) {
            next->trigger();
            QCOMPARE(hex->fieldRange(), (ByteRange{at, at + 3}));
            QCOMPARE(hex->cursorOffset(), at);
        }
        previous->trigger();
        QCOMPARE(hex->fieldRange(), (ByteRange{0x33, 0x36}));
        QCOMPARE(view->findSession()->current(), 2);
        previous->trigger();
        QCOMPARE(hex->fieldRange(), (ByteRange{0x30, 0x33}));
        // The pane's row follows, and a click on a row goes there.
        QCOMPARE(pane->table()->currentIndex().row(), 1);
        emit pane->matchActivated(2);
        QCOMPARE(hex->fieldRange(), (ByteRange{0x33, 0x36}));
        // The node selected holds the match.
        const Node& node = view->document().tree()->node(view->currentNode());
        QVERIFY(node.offset <= 0x33 && node.offset + node.size >= 0x36);
    }

    void joinedRangesAreSortedWithoutEmptyOnesAndJoined() {
        // Out of order; 0x10..0x13 and 0x12..0x15 overlap, 0x15..0x18 touches them: one run
        // 0x10..0x18. 0x20..0x20 holds no byte and goes.
        const std::vector<ByteRange> joined = HexView::joinedRanges(
            {{0x40, 0x43}, {0x10, 0x13}, {0x20, 0x20}, {0x12, 0x15}, {0x30, 0x31}, {0x15, 0x18}});
        QCOMPARE(joined.size(), std::size_t{3});
        QCOMPARE(joined[0], (ByteRange{0x10, 0x18}));
        QCOMPARE(joined[1], (ByteRange{0x30, 0x31}));
        QCOMPARE(joined[2], (ByteRange{0x40, 0x43}));
        QVERIFY(HexView::joinedRanges({}).empty());
        // The hex pane joins what it is given the same way.
        HexView hex;
        hex.setFindMarks({{0x12, 0x15}, {0x10, 0x13}});
        QCOMPARE(hex.findMarks().size(), std::size_t{1});
        QCOMPARE(hex.findMarks().front(), (ByteRange{0x10, 0x15}));
    }

    void aBadPatternShowsItsErrorAndStartsNothing() {
        MainWindow window;
        window.setPersistent(false);
        window.show();
        DocumentView* view = open(window, m_bundle);
        QVERIFY(view);
        view->showFindBar();
        QSignalSpy started(view->findSession(), &FindSession::started);
        FindBar* bar = view->findBar();
        bar->kindBox()->setCurrentIndex(bar->kindBox()->findData(static_cast<int>(FindKind::Bytes)));
        QTest::keyClicks(bar->textEdit(), QStringLiteral("ab zz"));
        // Shown under the field as it is typed, before anything runs.
        QVERIFY(bar->errorLabel()->isVisible());
        QVERIFY2(bar->errorText().startsWith(QStringLiteral("bytes:")), qPrintable(bar->errorText()));
        QVERIFY2(bar->errorText().contains(QStringLiteral("zz")), qPrintable(bar->errorText()));
        QVERIFY(!bar->query());
        QVERIFY(!bar->folderButton()->isEnabled());
        QTest::keyClick(bar->textEdit(), Qt::Key_Return);
        QCOMPARE(started.count(), 0);
        QVERIFY(!view->findSession()->running());
        // A Value find with a key no format has: its own error.
        bar->kindBox()->setCurrentIndex(bar->kindBox()->findData(static_cast<int>(FindKind::Value)));
        bar->textEdit()->setText(QStringLiteral("5"));
        bar->keyEdit()->setText(QStringLiteral("grub/header/no_such_field"));
        QVERIFY(bar->errorLabel()->isVisible());
        QVERIFY2(bar->errorText().contains(QStringLiteral("no_such_field")), qPrintable(bar->errorText()));
        QTest::keyClick(bar->textEdit(), Qt::Key_Return);
        QCOMPARE(started.count(), 0);
        // Put right, the error goes and the find runs.
        bar->keyEdit()->setText(QStringLiteral("grub/header/blob_count"));
        bar->textEdit()->setText(QStringLiteral("1"));
        QVERIFY(!bar->errorLabel()->isVisible());
        QTest::keyClick(bar->textEdit(), Qt::Key_Return);
        QCOMPARE(started.count(), 1);
        QVERIFY(waitFind(*view));
        QCOMPARE(view->findSession()->matchCount(), 1);
        QCOMPARE(view->findSession()->model()->at(0).match.offset, std::uint64_t{0x10});
    }

    void namesKindIsTheTreeFilter() {
        MainWindow window;
        window.setPersistent(false);
        DocumentView* view = open(window, m_bundle);
        QVERIFY(view);
        view->showFindBar();
        FindBar* bar = view->findBar();
        QCOMPARE(bar->kindBox()->currentData().toInt(), static_cast<int>(FindKind::Names));
        QTest::keyClicks(bar->textEdit(), QStringLiteral("blob_count"));
        QCOMPARE(view->filterEdit()->text(), QStringLiteral("blob_count"));
        view->closeFindBar();
        QVERIFY(view->filterEdit()->text().isEmpty());
    }

    void cancelStopsALargeSearchAndTheWindowRuns() {
        // A 1,000,000-record .pgeo (about 80 MB): a Value find in every documented field reads
        // every record through the field tap, long enough to be cancelled midway.
        const QString big = m_dir.filePath(QStringLiteral("c50_props_big.pgeo"));
        QVERIFY(apptest::writeFile(big, pgeo::makeLargeFile(1'000'000)));
        MainWindow window;
        window.setPersistent(false);
        window.show();
        DocumentView* view = open(window, big);
        QVERIFY(view);
        view->showFindBar();
        // Cancelled while the find waits for a worker thread: it sees the flag before any byte.
        auto gate = std::make_unique<apptest::WorkerGate>();
        typeFind(*view, FindKind::Bytes, QStringLiteral("00 00"));
        QVERIFY(view->findSession()->running());
        QVERIFY(view->findBar()->cancelButton()->isVisible());
        QTest::mouseClick(view->findBar()->cancelButton(), Qt::LeftButton);
        gate->release();
        QVERIFY(waitFind(*view));
        QVERIFY(view->findSession()->cancelled());
        QVERIFY(!view->findBar()->cancelButton()->isVisible());
        QVERIFY2(view->findBar()->countLabel()->text().startsWith(QStringLiteral("Cancelled")),
                 qPrintable(view->findBar()->countLabel()->text()));

        // The same find run to its end leaves the event loop running: while the worker is held
        // at the gate the ticker goes on firing (the UI thread never waits for the worker).
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(1);
        connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
        ticker.start();
        gate = std::make_unique<apptest::WorkerGate>();
        QTest::keyClick(view->findBar()->textEdit(), Qt::Key_Return);
        QVERIFY(view->findSession()->running());
        const int ticksAtStart = ticks;
        QTRY_VERIFY(ticks - ticksAtStart >= 3);
        QVERIFY(view->findSession()->running());
        gate->release();
        QVERIFY(waitFind(*view));
        QVERIFY(!view->findSession()->cancelled());
        // Zero pairs by the million: the window lists the first ones and counts the rest.
        QCOMPARE(view->findSession()->matchCount(), int(FindSession::kMaxMatches));
        QVERIFY(view->findSession()->total() > FindSession::kMaxMatches);
        // The listed matches' bytes reach the hex pane sorted and joined: each run ends before
        // the next begins, the first starts at the first match and the last ends at the last's end.
        const std::vector<ByteRange>& marks = view->findSession()->marks();
        QVERIFY(!marks.empty());
        QCOMPARE(view->hexView()->findMarks().size(), marks.size());
        for (std::size_t i = 1; i < marks.size(); ++i)
            QVERIFY(marks[i - 1].end < marks[i].begin);
        const FindResultsModel& model = *view->findSession()->model();
        QCOMPARE(marks.front().begin, model.at(0).match.offset);
        QCOMPARE(marks.back().end, model.at(model.rowCount() - 1).match.offset + 2);
    }

    void findAcrossTheSampleSetOpensAMatch() {
        MainWindow window;
        window.setPersistent(false);
        window.resize(1400, 900);
        window.show();
        // Every source template of the placement samples: several files hold one.
        FindFolderDialog* dialog = waitDialog(
            window.startFindAcrossFolder({FindKind::Value, "*_SAMPLE_*", "pgeo/source/template"}, m_samples));
        QVERIFY(dialog);
        const FindResultsModel& model = *dialog->model();
        QVERIFY(model.rowCount() >= 3);
        QSet<QString> files;
        for (int r = 0; r < model.rowCount(); ++r)
            files.insert(model.index(r, FindResultsModel::FileColumn).data().toString());
        QVERIFY2(files.size() >= 3, qPrintable(QStringList(files.values()).join(QLatin1Char('\n'))));
        QVERIFY2(dialog->summaryText().contains(QStringLiteral("matches in")),
                 qPrintable(dialog->summaryText()));

        // Double-click a match: its file opens with the cursor on the match.
        const FoundMatch found = model.at(0);
        QTreeView* table = dialog->matchesTable();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        const QModelIndex first = model.index(0, FindResultsModel::PathColumn);
        table->scrollTo(first);
        const QPoint at = table->visualRect(first).center();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(apptest::waitLoads(window));
        DocumentView* view = window.currentDocumentView();
        QVERIFY(view);
        QCOMPARE(view->document().input, MainWindow::absoluteInput(QString::fromStdString(found.input)));
        QCOMPARE(view->hexView()->cursorOffset(), found.match.offset);
        dialog->close();
    }

    void whereIsAModelUsed() {
        MainWindow window;
        window.setPersistent(false);
        DocumentView* view =
            open(window, m_samples + QStringLiteral("/media/models/bld_sample_house_a_lod0.i.modelbin"));
        QVERIFY(view);
        // The model's template is BLD_SAMPLE_HOUSE_A: the buildings sample places it, its first
        // block's first source template (the CLI's `find` lists it at 0x166).
        FindFolderDialog* dialog = waitDialog(window.findWhereUsed(m_samples));
        QVERIFY(dialog);
        QCOMPARE(dialog->query().key, std::string("pgeo/source/template"));
        QCOMPARE(QString::fromStdString(dialog->query().text).toUpper(),
                 QStringLiteral("BLD_SAMPLE_HOUSE_A"));
        bool buildings = false;
        QStringList seen;
        for (int row = 0; row < dialog->model()->rowCount(); ++row) {
            const FoundMatch& f = dialog->model()->at(row);
            seen << QStringLiteral("%1@%2").arg(QString::fromStdString(f.input)).arg(f.match.offset, 0, 16);
            QVERIFY(QString::fromStdString(f.input).endsWith(QStringLiteral(".pgeo")));
            if (QString::fromStdString(f.input).endsWith(QStringLiteral("c50_buildings_do.pgeo")) &&
                f.match.offset == 0x166)
                buildings = true;
        }
        QVERIFY2(buildings,
                 qPrintable(seen.join(QLatin1Char(' ')) + QLatin1Char(' ') + dialog->summaryText()));
        dialog->close();
        // A texture is referred to by nothing assetscope follows: no dialog.
        window.openInput(m_samples + QStringLiteral("/media/textures/sample_decal.pb"));
        QVERIFY(apptest::waitLoads(window));
        QVERIFY(window.currentDocumentView());
        QTimer::singleShot(0, [] {
            if (QWidget* box = QApplication::activeModalWidget()) box->close();
        });
        QVERIFY(!window.findWhereUsed(m_samples));
    }

    void screenshot() {
        // ASSETSCOPE_FIND_SCREENSHOT=FILE.png saves the window with the find bar and its results.
        const QByteArray file = qgetenv("ASSETSCOPE_FIND_SCREENSHOT");
        if (file.isEmpty()) QSKIP("ASSETSCOPE_FIND_SCREENSHOT not set");
        MainWindow window;
        window.setPersistent(false);
        window.resize(1600, 1000);
        window.show();
        DocumentView* view =
            open(window, m_samples + QStringLiteral("/media/models/bld_sample_house_a_lod0.i.modelbin"));
        QVERIFY(view);
        view->showFindBar();
        typeFind(*view, FindKind::Text, QStringLiteral("house"));
        QVERIFY(waitFind(*view));
        window.findChild<QAction*>(QStringLiteral("actionNextMatch"))->trigger();
        QTest::qWait(300);
        QVERIFY(window.grab().save(QString::fromLocal8Bit(file)));
    }
};

QTEST_MAIN(TestFindBar)
#include "tst_find_bar.moc"
