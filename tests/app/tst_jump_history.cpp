// Back and forward: a tab's jumps, walked back and forward, a new jump dropping the places ahead,
// the mouse's side buttons, and one history per tab.
#include "app_fixtures.h"
#include "jump_history.h"
#include "main_window.h"
#include "samples/sample_set.h"
#include "views/comparison_view.h"
#include "views/document_view.h"
#include "views/hex_view.h"

#include <QAction>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

class TestJumpHistory : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_samples;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("assetscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_jump_history"));
        m_samples = m_dir.filePath(QStringLiteral("samples"));
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_samples.toStdString(), written, error), error.c_str());
    }

    void theListBehavesAsABrowsersDoes() {
        JumpHistory h;
        QVERIFY(!h.back());
        h.recordJump({1, 0}, {2, 0});
        h.recordJump({2, 0}, {3, 0}); // from the last landing: not recorded twice
        QCOMPARE(h.places().size(), std::size_t{3});
        QCOMPARE(h.back()->node, NodeId{2});
        QCOMPARE(h.back()->node, NodeId{1});
        QVERIFY(!h.back());
        QCOMPARE(h.forward()->node, NodeId{2});
        // Wandered off to 5 after going back, then a jump to 6: 3 is gone, 5 is kept.
        h.recordJump({5, 0}, {6, 0});
        QVERIFY(!h.canGoForward());
        QCOMPARE(h.places().size(), std::size_t{4});
        QCOMPARE(h.back()->node, NodeId{5});
        QCOMPARE(h.back()->node, NodeId{2});
    }

    void jumpsInTheWindow() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_samples + QStringLiteral("/media/models/prp_sample_bench_v112.i.modelbin"));
        QVERIFY(apptest::waitLoads(w));
        DocumentView* view = w.currentDocumentView();
        QVERIFY(view);
        view->selectOffset(0x4); // a click, not a jump: where the first jump leaves from
        const Place start = view->currentPlace();
        QVERIFY(!w.backAction()->isEnabled());
        view->jumpToOffset(0x10); // the header's blob count
        const NodeId first = view->currentNode();
        view->jumpToOffset(0x20); // blob record 0's data offset
        const NodeId second = view->currentNode();
        QVERIFY(first != second && first != start.node);
        QVERIFY(w.backAction()->isEnabled());
        w.backAction()->trigger();
        QCOMPARE(view->currentNode(), first);
        QCOMPARE(view->hexView()->cursorOffset(), std::uint64_t{0x10});
        w.backAction()->trigger();
        QCOMPARE(view->currentNode(), start.node);
        QVERIFY(!w.backAction()->isEnabled());
        w.forwardAction()->trigger();
        QCOMPARE(view->currentNode(), first);
        // A new jump after going back drops the forward list.
        view->jumpToOffset(0x8);
        QVERIFY(!w.forwardAction()->isEnabled());
        QVERIFY(!view->history().canGoForward());
        // The mouse's back button over the tree goes back too.
        QTest::mouseClick(view->treeView()->viewport(), Qt::BackButton);
        QCOMPARE(view->currentNode(), first);
        QTest::mouseClick(view->hexView()->viewport(), Qt::ForwardButton);
        QCOMPARE(view->hexView()->cursorOffset(), std::uint64_t{0x8});

        // Another tab has a history of its own.
        w.openInput(m_samples + QStringLiteral("/media/models/bld_sample_house_a_lod0.i.modelbin"));
        QVERIFY(apptest::waitLoads(w));
        DocumentView* other = w.currentDocumentView();
        QVERIFY(other && other != view);
        QVERIFY(other->history().places().empty());
        QVERIFY(!w.backAction()->isEnabled());
        other->jumpToOffset(0x14);
        w.tabs()->setCurrentWidget(view);
        QCOMPARE(view->history().places().size(), std::size_t{3});
        QVERIFY(w.backAction()->isEnabled());
        w.backAction()->trigger();
        QCOMPARE(view->currentNode(), first);
        QCOMPARE(other->history().places().size(), std::size_t{2});
    }

    void f7InTheComparisonView() {
        MainWindow w;
        w.setPersistent(false);
        auto a = loadDocument(m_samples + QStringLiteral("/media/models/bld_sample_house_a_lod0.i.modelbin"));
        auto b = loadDocument(m_samples + QStringLiteral("/media/models/bld_sample_house_a_lod1.i.modelbin"));
        ComparisonView* view = w.openComparison(a, b);
        QVERIFY(view);
        QVERIFY(view->diff().changes.size() >= 2);
        QVERIFY(!w.backAction()->isEnabled());
        const Place start = view->currentPlace();
        view->nextAction()->trigger(); // F7
        const int first = view->currentDifference();
        const Place firstPlace = view->currentPlace();
        view->nextAction()->trigger();
        QCOMPARE(view->currentDifference(), first + 1);
        QVERIFY(w.backAction()->isEnabled());
        w.backAction()->trigger();
        QCOMPARE(view->currentPlace().node, firstPlace.node);
        QCOMPARE(view->currentDifference(), first);
        w.backAction()->trigger();
        QCOMPARE(view->currentPlace().node, start.node);
        QVERIFY(!w.backAction()->isEnabled());
        w.forwardAction()->trigger();
        QCOMPARE(view->currentDifference(), first);
        QVERIFY(w.forwardAction()->isEnabled());
    }
};

QTEST_MAIN(TestJumpHistory)
#include "tst_jump_history.moc"
