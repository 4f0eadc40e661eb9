// The comparison view: two bundles that differ in known places, compared in the window, with
// both trees, both hex panes and the difference list kept on the same difference.
#include "app_fixtures.h"
#include "formats/grub/bundle_writer.h"
#include "main_window.h"
#include "models/comparison_model.h"
#include "models/difference_list_model.h"
#include "views/comparison_view.h"
#include "views/data_inspector.h"
#include "views/docs_pane.h"
#include "views/document_view.h"
#include "views/hex_view.h"

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;
using Side = ComparisonModel::Side;

namespace {

void setU32(Bytes& bytes, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        bytes[at + std::size_t(i)] = static_cast<std::uint8_t>(v >> (8 * i));
}

std::uint32_t u32At(const Bytes& bytes, std::size_t at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | bytes[at + std::size_t(i)];
    return v;
}

// A bundle's header is 20 bytes and its blob records 24 each; "data size again" is at +0x14 of
// a record (the value no reader uses for the layout, so changing it moves nothing).
constexpr std::size_t kFirstDataSizeAgain = 0x14 + 0x14;
constexpr std::size_t kSecondDataSizeAgain = 0x14 + 24 + 0x14;
// Inside the last blob's raw data, which is bytes without a value: a difference no field shows.
std::size_t rawByteOf(const Bytes& bytes) {
    return bytes.size() - 40;
}

// The sample bundle with one more blob at its end: its record and its data only in B, and the
// header's counts and every data offset changed (the record table grew).
Bytes grownBundleBytes() {
    grub::Bundle bundle = apptest::sampleBundle();
    grub::Blob extra;
    // A material's blob: a TXCB would make the bundle a texture, another format altogether.
    extra.tag = tagFromText("MTUD");
    extra.versionMajor = 1;
    extra.data = Bytes(64, 0x33);
    extra.metadata = {grub::nameMetadata("roof_tiles")};
    bundle.blobs.push_back(std::move(extra));
    return grub::writeBundle(bundle);
}

// Whether a hex cell holds text in the red the panes draw differing bytes in.
bool drawnRed(HexView* hex, std::uint64_t offset) {
    const QImage image = hex->viewport()->grab().toImage();
    const QRect cell = hex->hexCellRect(offset).intersected(image.rect());
    for (int y = cell.top(); y <= cell.bottom(); ++y)
        for (int x = cell.left(); x <= cell.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.red() > 150 && c.green() < 110 && c.blue() < 110) return true;
        }
    return false;
}

QString rangeText(ByteRange r) {
    return QStringLiteral("[0x%1, 0x%2)").arg(r.begin, 0, 16).arg(r.end, 0, 16);
}

} // namespace

class TestComparisonView : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_pathA;
    QString m_pathB;
    QString m_pathGrown;
    Bytes m_a;

    std::unique_ptr<ComparisonView> openPair(const QString& other = {}) {
        auto a = loadDocument(m_pathA);
        auto b = loadDocument(other.isEmpty() ? m_pathB : other);
        if (!a->parsed || !b->parsed) return nullptr;
        auto view = std::make_unique<ComparisonView>(a, b);
        view->resize(1400, 900);
        return view;
    }

private slots:
    void initTestCase() {
        m_a = apptest::sampleBundleBytes();
        Bytes b = m_a;
        setU32(b, kFirstDataSizeAgain, u32At(m_a, kFirstDataSizeAgain) + 1);
        setU32(b, kSecondDataSizeAgain, u32At(m_a, kSecondDataSizeAgain) + 2);
        b[rawByteOf(b)] ^= 0xFF;
        m_pathA = m_dir.filePath(QStringLiteral("before.materialbin"));
        m_pathB = m_dir.filePath(QStringLiteral("after.materialbin"));
        QVERIFY(apptest::writeFile(m_pathA, m_a));
        QVERIFY(apptest::writeFile(m_pathB, b));
        m_pathGrown = m_dir.filePath(QStringLiteral("grown.materialbin"));
        QVERIFY(apptest::writeFile(m_pathGrown, grownBundleBytes()));
    }

    // Both pairs: fields changed in place, and a blob only B has (rows one side lacks).
    void modelsPassTheTester() {
        for (const QString& other : {m_pathB, m_pathGrown}) {
            auto view = openPair(other);
            QVERIFY(view);
            for (Side side : {Side::A, Side::B}) {
                QAbstractItemModelTester tester(view->model(side),
                                                QAbstractItemModelTester::FailureReportingMode::QtTest);
                QCOMPARE(view->model(side)->rowCount(), 1);
            }
            QAbstractItemModelTester list(view->differenceModel(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
        }
    }

    // The three differences: both changed fields by path and offset (in both files), then the
    // raw byte as a byte range, each marked on its row with the kind's letter.
    void listsTheChangesAtTheirPathsAndOffsets() {
        auto view = openPair();
        QVERIFY(view);
        const TreeDiff& d = view->diff();
        QCOMPARE(d.changes.size(), std::size_t{3});
        const std::pair<const char*, std::size_t> fields[] = {
            {"bundle/blob_records/[0]/data_size_again", kFirstDataSizeAgain},
            {"bundle/blob_records/[1]/data_size_again", kSecondDataSizeAgain}};
        for (int i = 0; i < 2; ++i) {
            const TreeChange& c = d.changes[std::size_t(i)];
            QCOMPARE(c.kind, DiffKind::Changed);
            QCOMPARE(QString::fromStdString(c.path), QString::fromLatin1(fields[i].first));
            QCOMPARE(c.a->offset, std::uint64_t(fields[i].second));
            QCOMPARE(c.b->offset, std::uint64_t(fields[i].second));
            const PairedTree::RowId row = view->differenceRow(i);
            QVERIFY(row != PairedTree::kNoRow);
            for (Side side : {Side::A, Side::B}) {
                const QModelIndex mark = view->model(side)->indexOfRow(row, ComparisonModel::MarkColumn);
                QCOMPARE(mark.data().toString(), QStringLiteral("C"));
                QCOMPARE(view->model(side)->indexOfRow(row, ComparisonModel::OffsetColumn).data().toString(),
                         "0x" + QString::number(fields[i].second, 16).toUpper());
            }
            QCOMPARE(view->differenceModel()->index(i, DifferenceListModel::PathColumn).data().toString(),
                     QString::fromLatin1(fields[i].first));
        }
        const TreeChange& bytes = d.changes[2];
        QCOMPARE(bytes.kind, DiffKind::Bytes);
        QCOMPARE(bytes.a->offset, std::uint64_t(rawByteOf(m_a)));
        QCOMPARE(bytes.a->size, std::uint64_t{1});
        const PairedTree::RowId raw = view->differenceRow(2);
        QVERIFY(raw != PairedTree::kNoRow);
        QCOMPARE(view->model(Side::A)->indexOfRow(raw, ComparisonModel::MarkColumn).data().toString(),
                 QStringLiteral("B"));
        // The rows above a difference say there is one inside.
        QCOMPARE(view->model(Side::B)->indexOfRow(view->rows().root(), 0).data().toString(),
                 QStringLiteral("•"));
        QVERIFY(view->rows().row(view->rows().root()).differencesInside >= 3);
    }

    // Opening goes to the first difference; F7 and Shift+F7 (also the buttons' actions) step
    // through the list, the other tree and both hex panes follow, the label counts.
    void f7StepsAndEverythingFollows() {
        auto view = openPair();
        QVERIFY(view);
        view->show();
        view->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(view.get()));
        QCOMPARE(view->currentDifference(), 0);
        QCOMPARE(view->positionLabel()->text(), QStringLiteral("Difference 1 of 3"));
        const auto check = [&](int i, ByteRange range) {
            QCOMPARE(view->currentDifference(), i);
            QCOMPARE(view->positionLabel()->text(), QStringLiteral("Difference %1 of 3").arg(i + 1));
            QCOMPARE(view->differenceList()->currentIndex().row(), i);
            const PairedTree::RowId row = view->differenceRow(i);
            for (Side side : {Side::A, Side::B}) {
                QCOMPARE(view->model(side)->rowAt(view->treeView(side)->currentIndex()), row);
                QVERIFY2(
                    view->hexView(side)->fieldRange() == range,
                    qPrintable(rangeText(view->hexView(side)->fieldRange()) + " vs " + rangeText(range)));
            }
        };
        check(0, {kFirstDataSizeAgain, kFirstDataSizeAgain + 4});
        QCOMPARE(view->nextAction()->shortcut(), QKeySequence(Qt::Key_F7));
        QCOMPARE(view->previousAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F7));
        view->treeView(Side::A)->setFocus();
        QTest::keyClick(view->treeView(Side::A), Qt::Key_F7);
        check(1, {kSecondDataSizeAgain, kSecondDataSizeAgain + 4});
        QTest::keyClick(view->treeView(Side::B), Qt::Key_F7);
        check(2, {rawByteOf(m_a), rawByteOf(m_a) + 1});
        QVERIFY(!view->nextAction()->isEnabled());
        QTest::keyClick(view->treeView(Side::A), Qt::Key_F7, Qt::ShiftModifier);
        check(1, {kSecondDataSizeAgain, kSecondDataSizeAgain + 4});
        // Picking a row of the list goes there too.
        view->differenceList()->setCurrentIndex(view->differenceModel()->index(0, 0));
        check(0, {kFirstDataSizeAgain, kFirstDataSizeAgain + 4});
        // From a row that is no difference, F7 goes to the nearest one below it in the trees and
        // Shift+F7 to the nearest above: record 1's tag lies between the first two.
        const PairedTree::RowId between = view->rows().find("bundle/blob_records/[1]/tag");
        QVERIFY(between != PairedTree::kNoRow);
        view->selectRow(between);
        QCOMPARE(view->currentDifference(), -1);
        QVERIFY(view->nextAction()->isEnabled() && view->previousAction()->isEnabled());
        QTest::keyClick(view->treeView(Side::A), Qt::Key_F7);
        check(1, {kSecondDataSizeAgain, kSecondDataSizeAgain + 4});
        view->selectRow(between);
        QTest::keyClick(view->treeView(Side::A), Qt::Key_F7, Qt::ShiftModifier);
        check(0, {kFirstDataSizeAgain, kFirstDataSizeAgain + 4});
        // Above every difference (the header) there is nothing before.
        view->selectRow(view->rows().find("bundle/header/blob_count"));
        QVERIFY(!view->previousAction()->isEnabled());
        QVERIFY(view->nextDifference());
        check(0, {kFirstDataSizeAgain, kFirstDataSizeAgain + 4});
        // Each hex pane draws the bytes that differ from the other file in red, and no others.
        for (Side side : {Side::A, Side::B}) {
            QVERIFY(drawnRed(view->hexView(side), kFirstDataSizeAgain));
            QVERIFY(!drawnRed(view->hexView(side), kFirstDataSizeAgain + 1));
            QVERIFY(!drawnRed(view->hexView(side), 0));
        }
    }

    // Selecting, expanding, collapsing and scrolling one tree does the same to the other.
    void theTreesMoveAsOne() {
        auto view = openPair();
        QVERIFY(view);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        PairedTree& rows = view->rows();
        const PairedTree::RowId header = rows.find("bundle/header");
        QVERIFY(header != PairedTree::kNoRow);
        QTreeView* a = view->treeView(Side::A);
        QTreeView* b = view->treeView(Side::B);
        b->setCurrentIndex(view->model(Side::B)->indexOfRow(header));
        QCOMPARE(view->model(Side::A)->rowAt(a->currentIndex()), header);
        QCOMPARE(view->currentDifference(), -1);
        QCOMPARE(view->positionLabel()->text(), QStringLiteral("3 differences"));
        const Node& field = view->documentA()->tree()->node(rows.row(header).a);
        QCOMPARE(view->hexView(Side::A)->fieldRange(), (ByteRange{field.offset, field.offset + field.size}));
        QCOMPARE(view->hexView(Side::B)->fieldRange(), (ByteRange{field.offset, field.offset + field.size}));

        const QModelIndex inA = view->model(Side::A)->indexOfRow(header);
        const QModelIndex inB = view->model(Side::B)->indexOfRow(header);
        a->expand(inA);
        QVERIFY(b->isExpanded(inB));
        b->collapse(inB);
        QVERIFY(!a->isExpanded(inA));
        a->expandAll();
        QVERIFY(b->isExpanded(inB));
        QTest::qWait(50);
        a->verticalScrollBar()->setValue(a->verticalScrollBar()->maximum());
        QVERIFY(b->verticalScrollBar()->value() > 0);
        QCOMPARE(b->verticalScrollBar()->value(), a->verticalScrollBar()->value());

        // A click in a hex pane selects the field there, on both sides.
        emit view->hexView(Side::B)->byteClicked(kSecondDataSizeAgain + 1);
        QCOMPARE(view->model(Side::A)->rowAt(a->currentIndex()), view->differenceRow(1));
        QCOMPARE(view->currentDifference(), 1);
    }

    // A million-element array against one element fewer: the one removed element and the count
    // are found, and only what is looked at is built.
    void lazyArraysStayLazy() {
        auto a = apptest::lazyDocument(1000000);
        auto b = apptest::lazyDocument(999999);
        const std::size_t before = a.document->tree()->nodeCount();
        ComparisonView view(a.document, b.document);
        QCOMPARE(view.diff().changes.size(), std::size_t{2});
        QCOMPARE(QString::fromStdString(view.diff().changes[0].path), QStringLiteral("header/count"));
        QCOMPARE(view.diff().changes[1].kind, DiffKind::Removed);
        QCOMPARE(QString::fromStdString(view.diff().changes[1].path), QStringLiteral("records/[999999]"));
        const PairedTree::RowId removed = view.differenceRow(1);
        QVERIFY(removed != PairedTree::kNoRow);
        QCOMPARE(view.model(Side::A)->indexOfRow(removed, ComparisonModel::MarkColumn).data().toString(),
                 QStringLiteral("R"));
        // On B's side the row is an empty placeholder.
        QVERIFY(view.model(Side::B)
                    ->indexOfRow(removed, ComparisonModel::NameColumn)
                    .data()
                    .toString()
                    .isEmpty());
        QCOMPARE(view.model(Side::A)->indexOfRow(removed, ComparisonModel::NameColumn).data().toString(),
                 QStringLiteral("[999999]"));
        QVERIFY(a.document->tree()->nodeCount() < before + 100);
        view.resize(1200, 750);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.goToDifference(1);
        QTest::qWait(50); // both trees lay out the page that opened
        // Both trees scrolled to the same rows, with the removed element in view on both sides.
        for (Side side : {Side::A, Side::B}) {
            QTreeView* tree = view.treeView(side);
            QCOMPARE(view.model(side)->rowAt(tree->currentIndex()), removed);
            QVERIFY(tree->viewport()->rect().intersects(tree->visualRect(tree->currentIndex())));
        }
        QVERIFY(view.treeView(Side::A)->verticalScrollBar()->value() > 0);
        QCOMPARE(view.treeView(Side::B)->verticalScrollBar()->value(),
                 view.treeView(Side::A)->verticalScrollBar()->value());
        QCOMPARE(view.hexView(Side::A)->fieldRange(), (ByteRange{16 + 999999 * 8, 16 + 1000000 * 8}));
        // Going there opens its page of 1,000 (three nodes each), as the document view would.
        QVERIFY2(a.document->tree()->nodeCount() < before + 3100,
                 qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(a.document->tree()->nodeCount())));
        QVERIFY(b.document->tree()->nodeCount() < before + 3100);
    }

    // File ▸ Compare With… and the tab bar's "Compare with ▸" open a closable tab "A ↔ B".
    void theWindowOpensItAsATab() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_pathA);
        w.openInput(m_pathB);
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->count(), 2);
        std::unique_ptr<QMenu> menu(w.createTabMenu(0, &w));
        QMenu* compare = nullptr;
        for (QAction* action : menu->actions())
            if (action->menu() && action->text() == QStringLiteral("Compare with")) compare = action->menu();
        QVERIFY(compare);
        QCOMPARE(compare->actions().size(), 1);
        QCOMPARE(compare->actions().front()->text(), QStringLiteral("after.materialbin"));
        compare->actions().front()->trigger();
        QCOMPARE(w.tabs()->count(), 3);
        auto* view = qobject_cast<ComparisonView*>(w.tabs()->currentWidget());
        QVERIFY(view);
        QCOMPARE(w.tabs()->tabText(2), QStringLiteral("before.materialbin ↔ after.materialbin"));
        QCOMPARE(view->diff().changes.size(), std::size_t{3});
        QVERIFY(w.tabs()->tabsClosable());
        emit w.tabs()->tabCloseRequested(2);
        QCOMPARE(w.tabs()->count(), 2);

        // From the File menu: the current document against a file (open already, or read now).
        w.tabs()->setCurrentIndex(1);
        w.compareWith(m_pathA);
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->count(), 3);
        QCOMPARE(w.tabs()->tabText(2), QStringLiteral("after.materialbin ↔ before.materialbin"));
        emit w.tabs()->tabCloseRequested(2);
        const QString third = m_dir.filePath(QStringLiteral("third.materialbin"));
        QVERIFY(apptest::writeFile(third, m_a));
        w.tabs()->setCurrentIndex(0);
        w.compareWith(third);
        QVERIFY(apptest::waitLoads(w));
        view = qobject_cast<ComparisonView*>(w.tabs()->currentWidget());
        QVERIFY(view);
        QVERIFY(view->diff().same());
        QCOMPARE(view->positionLabel()->text(), QStringLiteral("The two are the same"));
    }

    // The docks follow the side last clicked: the docs pane its node's documented row, the data
    // inspector the bytes at its cursor. ASSETSCOPE_SCREENSHOT_DIR saves the window there.
    void theDocksFollowTheFocusedSide() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        w.openInput(m_pathA);
        w.openInput(m_pathGrown);
        QVERIFY(apptest::waitLoads(w));
        auto* docA = qobject_cast<DocumentView*>(w.tabs()->widget(0));
        auto* docB = qobject_cast<DocumentView*>(w.tabs()->widget(1));
        QVERIFY(docA && docB);
        ComparisonView* view = w.openComparison(docA->documentPtr(), docB->documentPtr());
        QVERIFY(view);
        QCOMPARE(view->focusSide(), Side::A);
        // The header's blob count (A has 3 blobs, B 4), selected as F7 selects: A's row.
        const PairedTree::RowId count = view->rows().find("bundle/header/blob_count");
        QVERIFY(count != PairedTree::kNoRow);
        view->selectRow(count);
        QVERIFY2(w.docsPane()->text().contains(QStringLiteral("before.materialbin/bundle/header/blob_count")),
                 qPrintable(w.docsPane()->text()));
        QCOMPARE(w.dataInspector()->valueOf(QStringLiteral("u32")), QStringLiteral("3 (0x00000003)"));

        // Clicked on B's side (the tree has the focus): B's node and bytes.
        QTreeView* treeB = view->treeView(Side::B);
        treeB->setFocus();
        treeB->setCurrentIndex(view->model(Side::B)->indexOfRow(view->rows().find("bundle/header")));
        treeB->setCurrentIndex(view->model(Side::B)->indexOfRow(count));
        QCOMPARE(view->focusSide(), Side::B);
        QVERIFY2(w.docsPane()->text().contains(QStringLiteral("grown.materialbin/bundle/header/blob_count")),
                 qPrintable(w.docsPane()->text()));
        const Node& countB = view->documentB()->tree()->node(view->rows().row(count).b);
        QCOMPARE(view->hexView(Side::B)->cursorOffset(), countB.offset);
        QCOMPARE(w.dataInspector()->valueOf(QStringLiteral("u32")), QStringLiteral("4 (0x00000004)"));

        // A byte of A's hex pane: the focus goes back to A, and the inspector reads A's bytes.
        emit view->hexView(Side::A)->byteClicked(countB.offset);
        QCOMPARE(view->focusSide(), Side::A);
        QCOMPARE(w.dataInspector()->valueOf(QStringLiteral("u32")), QStringLiteral("3 (0x00000003)"));
        QVERIFY(w.docsPane()->text().contains(QStringLiteral("before.materialbin/bundle/header/blob_count")));

        // Another tab and back: the docks show the comparison's focus again.
        w.tabs()->setCurrentIndex(1);
        QVERIFY(docB->selectNode(docB->document().tree()->root()));
        QVERIFY(!w.docsPane()->text().contains(QStringLiteral("before.materialbin")));
        w.tabs()->setCurrentWidget(view);
        QVERIFY(w.docsPane()->text().contains(QStringLiteral("before.materialbin/bundle/header/blob_count")));
        if (const QString dir = qEnvironmentVariable("ASSETSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(50); // the status bar lays out its new text
            QVERIFY(w.grab().save(dir + QStringLiteral("/comparison-docks.png")));
        }
    }

    // A blob only B has: its record is an added row, a hatched placeholder on A's side, and
    // the hex pane of A marks where it would be (the record table it would be in).
    void anAddedNodeLeavesAPlaceholder() {
        auto view = openPair(m_pathGrown);
        QVERIFY(view);
        int added = -1;
        for (std::size_t i = 0; i < view->diff().changes.size() && added < 0; ++i)
            if (view->diff().changes[i].path == "bundle/blob_records/[3]") added = int(i);
        QVERIFY(added >= 0);
        QCOMPARE(view->diff().changes[std::size_t(added)].kind, DiffKind::Added);
        QVERIFY(view->goToDifference(added));
        const PairedTree::RowId row = view->differenceRow(added);
        QCOMPARE(view->model(Side::B)->indexOfRow(row, ComparisonModel::MarkColumn).data().toString(),
                 QStringLiteral("A"));
        QVERIFY(
            view->model(Side::A)->indexOfRow(row, ComparisonModel::NameColumn).data().toString().isEmpty());
        QCOMPARE(view->model(Side::A)
                     ->indexOfRow(row, ComparisonModel::NameColumn)
                     .data(Qt::BackgroundRole)
                     .value<QBrush>()
                     .style(),
                 Qt::BDiagPattern);
        QCOMPARE(view->model(Side::B)->rowAt(view->treeView(Side::B)->currentIndex()), row);
        QCOMPARE(view->model(Side::A)->rowAt(view->treeView(Side::A)->currentIndex()), row);
        QCOMPARE(view->hexView(Side::A)->fieldRange(), ByteRange{});
        const Node& records =
            view->documentA()->tree()->node(view->rows().row(view->rows().row(row).parent).a);
        QCOMPARE(view->hexView(Side::A)->parentRange(),
                 (ByteRange{records.offset, records.offset + records.size}));
        QCOMPARE(view->hexView(Side::B)->fieldRange().end - view->hexView(Side::B)->fieldRange().begin,
                 std::uint64_t{24});
        // Once the layouts part, byte i of one file is not byte i of the other: no red bytes.
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        QVERIFY(!drawnRed(view->hexView(Side::B), 0x8));
        QVERIFY(!drawnRed(view->hexView(Side::A), 0x8));
    }

    // What the view looks like (ASSETSCOPE_SCREENSHOT names a file to keep the picture).
    void screenshot() {
        auto view = openPair(m_pathGrown);
        QVERIFY(view);
        view->resize(1200, 750);
        view->show();
        QVERIFY(QTest::qWaitForWindowExposed(view.get()));
        for (std::size_t i = 0; i < view->diff().changes.size(); ++i)
            if (view->diff().changes[i].path == "bundle/blob_records/[0]/data_offset")
                view->goToDifference(int(i));
        QTest::qWait(100);
        const QImage image = view->grab().toImage();
        QVERIFY(!image.isNull());
        const QString path = qEnvironmentVariable("ASSETSCOPE_SCREENSHOT");
        if (!path.isEmpty()) QVERIFY(image.save(path));
    }
};

QTEST_MAIN(TestComparisonView)
#include "tst_comparison_view.moc"
