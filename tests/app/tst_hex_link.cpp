#include "app_fixtures.h"
#include "models/structure_model.h"
#include "views/data_inspector.h"
#include "views/document_view.h"
#include "views/hex_view.h"

#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

class TestHexLink : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void treeSelectionMarksBytes() {
        auto f = apptest::lazyDocument(100);
        DocumentView view(f.document);
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy spy(&view, &DocumentView::currentNodeChanged);
        QVERIFY(view.selectNode(f.countField));
        QCOMPARE(spy.count(), 1);
        // The field's bytes and its parent's range are marked, the cursor on the field.
        QCOMPARE(view.hexView()->fieldRange(), (ByteRange{0, 4}));
        QCOMPARE(view.hexView()->parentRange(), (ByteRange{0, 4}));
        QCOMPARE(view.hexView()->cursorOffset(), std::uint64_t{0});
        // An element's field: parent is the element.
        const NodeId element = view.model()->element(f.array, 42);
        const NodeId b = view.model()->tree().node(element).children[1];
        QVERIFY(view.selectNode(b));
        QCOMPARE(view.hexView()->fieldRange(), (ByteRange{16 + 42 * 8 + 4, 16 + 42 * 8 + 8}));
        QCOMPARE(view.hexView()->parentRange(), (ByteRange{16 + 42 * 8, 16 + 43 * 8}));
        // The marked field is what gets copied.
        QCOMPARE(view.hexView()->copyAsHex(), QStringLiteral("7E 00 00 00")); // 42 × 3 = 126
        QVERIFY(view.hexView()->copyAsCArray().contains(
            QStringLiteral("data[4] = {\n    0x7E, 0x00, 0x00, 0x00,\n};")));
    }

    void clickingAByteSelectsTheInnermostNode() {
        auto f = apptest::lazyDocument(100);
        DocumentView view(f.document);
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        HexView* hex = view.hexView();
        // Byte 0x31 = 16 + 4 × 8 + 1: element 4, field a.
        const QRect cell = hex->hexCellRect(0x31);
        QTest::mouseClick(hex->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(hex->cursorOffset(), std::uint64_t{0x31});
        const NodeId current = view.currentNode();
        QVERIFY(current != kNoNode);
        const StructureTree& tree = view.model()->tree();
        QCOMPARE(QString::fromStdString(tree.path(current)), QStringLiteral("records.bin/records/[4]/a"));
        QCOMPARE(view.treeView()->currentIndex(), view.model()->indexOf(current));
        // The cursor stays on the byte clicked, not on the start of the field.
        QCOMPARE(hex->cursorOffset(), std::uint64_t{0x31});
        // Hovering marks the element under the mouse without building nodes.
        const std::size_t nodes = tree.nodeCount();
        QTest::mouseMove(hex->viewport(), hex->hexCellRect(16 + 70 * 8 + 2).center());
        QCOMPARE(hex->hoverRange(), (ByteRange{16 + 70 * 8, 16 + 71 * 8}));
        QCOMPARE(tree.nodeCount(), nodes);
    }

    void keyboardAndInspector() {
        auto f = apptest::lazyDocument(100);
        DocumentView view(f.document);
        DataInspector inspector;
        QObject::connect(&view, &DocumentView::cursorMoved, &inspector,
                         [&](quint64 offset) { inspector.showBytes(f.document->bytes, offset); });
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.hexView()->setFocus();
        view.hexView()->setCursorOffset(16);
        QTest::keyClick(view.hexView(), Qt::Key_Down); // one row down: 32, element 2's a
        QCOMPARE(view.hexView()->cursorOffset(), std::uint64_t{32});
        QCOMPARE(inspector.valueOf(QStringLiteral("u32")), QStringLiteral("2 (0x00000002)"));
        QCOMPARE(inspector.valueOf(QStringLiteral("u64")), QString::number(2ull | (6ull << 32)));
        QTest::keyClick(view.hexView(), Qt::Key_Return);
        QCOMPARE(QString::fromStdString(view.model()->tree().node(view.currentNode()).name),
                 QStringLiteral("a"));
    }

    void unaccountedRanges() {
        // Bytes 4..15 of the header: recorded by nothing.
        auto f = apptest::lazyDocument(10);
        QCOMPARE(f.document->unaccounted.size(), std::size_t{1});
        QCOMPARE(f.document->unaccounted[0], (ByteRange{4, 16}));
        DocumentView view(f.document);
        view.show();
        HexView* hex = view.hexView();
        hex->setCursorOffset(0);
        QVERIFY(hex->goToNextUnaccounted());
        QCOMPARE(hex->cursorOffset(), std::uint64_t{4});
        QCOMPARE(hex->copyRange(), (ByteRange{4, 16}));
        QVERIFY(!hex->goToNextUnaccounted());
        hex->setCursorOffset(50);
        QVERIFY(hex->goToPreviousUnaccounted());
        QCOMPARE(hex->cursorOffset(), std::uint64_t{4});
        QVERIFY(!hex->goToPreviousUnaccounted());
        QVERIFY(inRanges(f.document->unaccounted, 15));
        QVERIFY(!inRanges(f.document->unaccounted, 16));
    }

    void paintsOnlyVisibleRows() {
        // 64 MiB of bytes: painting costs the rows in view, wherever the view is.
        auto big = std::make_shared<Document>();
        big->bytes = shareBytes(Bytes(64u << 20, 0xAB));
        HexView hex;
        hex.setBytes(big->bytes);
        hex.resize(800, 400);
        hex.show();
        QVERIFY(QTest::qWaitForWindowExposed(&hex));
        for (int i = 0; i < 50; ++i) {
            hex.scrollToOffset(static_cast<std::uint64_t>(i) * (1u << 20));
            hex.viewport()->repaint();
        }
        QVERIFY(hex.lastPaintedRows() > 0);
        QVERIFY(hex.lastPaintedRows() <= hex.visibleRowCount() + 1);
        hex.setCursorOffset((64u << 20) - 1);
        QVERIFY(hex.firstVisibleRow() > 0);
        QCOMPARE(hex.copyAsHex(), QStringLiteral("AB"));
    }
};

QTEST_MAIN(TestHexLink)
#include "tst_hex_link.moc"
