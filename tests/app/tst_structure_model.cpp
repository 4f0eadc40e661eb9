#include "app_fixtures.h"
#include "formats/grub/grub_handler.h"
#include "models/structure_model.h"

#include <QAbstractItemModelTester>
#include <QTreeView>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

class TestStructureModel : public QObject {
    Q_OBJECT
private slots:
    void bundleTreePassesTester() {
        ParseSettings settings;
        settings.fileName = "sample.materialbin";
        auto parsed = grub::grubHandler().parse(shareBytes(apptest::sampleBundleBytes()), settings);
        StructureModel model(parsed->tree());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 1);
        const QModelIndex root = model.index(0, 0);
        QCOMPARE(model.data(root).toString(), QStringLiteral("sample.materialbin"));
        QVERIFY(model.rowCount(root) > 0);
        // Every node maps to an index and back.
        for (std::size_t i = 0; i < parsed->tree().nodeCount(); ++i) {
            const QModelIndex index = model.indexOf(static_cast<NodeId>(i));
            QVERIFY(index.isValid());
            QCOMPARE(model.nodeAt(index), static_cast<NodeId>(i));
        }
        // The header's tag reads as text, offset in hex, confidence by name with a mark.
        const NodeId tag = model.innermostAt(0);
        QCOMPARE(QString::fromStdString(parsed->tree().node(tag).name), QStringLiteral("tag"));
        const QModelIndex tagIndex = model.indexOf(tag);
        QCOMPARE(model.data(tagIndex.siblingAtColumn(StructureModel::OffsetColumn)).toString(),
                 QStringLiteral("0x0"));
        QCOMPARE(model.data(tagIndex.siblingAtColumn(StructureModel::ConfidenceColumn)).toString(),
                 QStringLiteral("Proven"));
        QVERIFY(!model.data(tagIndex.siblingAtColumn(StructureModel::ConfidenceColumn), Qt::DecorationRole)
                     .isNull());
        QVERIFY(model.data(tagIndex, StructureModel::PathRole).toString().endsWith(QStringLiteral("/tag")));
    }

    void millionElementsExpandAtOnce() {
        auto f = apptest::lazyDocument(1'000'000);
        StructureTree& tree = *f.document->tree();
        StructureModel model(tree);
        const std::size_t nodesBefore = tree.nodeCount();
        QTreeView view;
        view.setUniformRowHeights(true);
        view.setModel(&model);
        view.resize(600, 400);
        view.show();
        const QModelIndex array = model.indexOf(f.array);
        view.expand(array.parent());
        view.expand(array);
        // 1,000,000 elements: 1,000 pages of 1,000.
        QCOMPARE(model.rowCount(array), 1000);
        const QModelIndex lastPage = model.index(999, 0, array);
        QVERIFY(model.isPage(lastPage));
        QCOMPARE(model.data(lastPage).toString(), QStringLiteral("[999000 … 999999]"));
        view.expand(lastPage);
        QCOMPARE(model.rowCount(lastPage), 1000);
        QCoreApplication::processEvents();
        // Only the elements a view asked for exist as nodes.
        QVERIFY(tree.nodeCount() - nodesBefore < 5000);
        // The last element: row 999 of the last page, decoded values a = i, b = 3i.
        const QModelIndex last = model.index(999, 0, lastPage);
        const NodeId lastNode = model.nodeAt(last);
        QCOMPARE(QString::fromStdString(tree.node(lastNode).name), QStringLiteral("[999999]"));
        QCOMPARE(model.parent(last), lastPage);
        const QModelIndex b = model.index(1, StructureModel::ValueColumn, last);
        QCOMPARE(model.data(b).toString(), QStringLiteral("2999997"));
        QCOMPARE(model.data(model.index(1, StructureModel::OffsetColumn, last)).toString(),
                 QStringLiteral("0x") + QString::number(16 + 999999 * 8 + 4, 16).toUpper());
    }

    void testerOverPagedArray() {
        auto f = apptest::lazyDocument(2500); // pages of 1,000: 1,000 + 1,000 + 500
        StructureModel model(*f.document->tree());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QModelIndex array = model.indexOf(f.array);
        QCOMPARE(model.rowCount(array), 3);
        QCOMPARE(model.rowCount(model.index(2, 0, array)), 500);
        // A small array lists its elements directly.
        auto small = apptest::lazyDocument(10);
        StructureModel smallModel(*small.document->tree());
        QAbstractItemModelTester smallTester(&smallModel,
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QModelIndex smallArray = smallModel.indexOf(small.array);
        QCOMPARE(smallModel.rowCount(smallArray), 10);
        QVERIFY(!smallModel.isPage(smallModel.index(0, 0, smallArray)));
    }

    void innermostGoesIntoLazyElements() {
        auto f = apptest::lazyDocument(5000);
        StructureModel model(*f.document->tree());
        const StructureTree& tree = model.tree();
        // Byte 16 + 4321 * 8 + 5 is inside element 4321's field b.
        const NodeId b = model.innermostAt(16 + 4321 * 8 + 5);
        QCOMPARE(QString::fromStdString(tree.node(b).name), QStringLiteral("b"));
        QCOMPARE(QString::fromStdString(tree.node(tree.node(b).parent).name), QStringLiteral("[4321]"));
        const QModelIndex index = model.indexOf(b);
        QVERIFY(index.isValid());
        QCOMPARE(model.nodeAt(index), b);
        QCOMPARE(index.parent().parent().row(), 4); // page [4000 … 4999]
        QCOMPARE(index.parent().row(), 321);
        // Bytes no node holds fall back to the closest container.
        QCOMPARE(model.innermostAt(8), tree.root());
        // Hover range arithmetic without building nodes.
        std::uint64_t begin = 0, end = 0;
        QVERIFY(StructureModel::elementRange(tree.node(f.array), 16 + 17 * 8 + 3, begin, end));
        QCOMPARE(begin, std::uint64_t{16 + 17 * 8});
        QCOMPARE(end, begin + 8);
    }

    void filter() {
        ParseSettings settings;
        settings.fileName = "sample.materialbin";
        auto parsed = grub::grubHandler().parse(shareBytes(apptest::sampleBundleBytes()), settings);
        StructureModel model(parsed->tree());
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setFilter(QStringLiteral("brick_wall"));
        QVERIFY(model.matchCount() >= 1);
        // The way to the match is shown, the match too, unrelated header fields are not.
        // The first such node is the blob the name belongs to (its Name payload lies in the lazy
        // metadata records, whose elements the filter does not open).
        NodeId match = kNoNode;
        for (std::size_t i = 0; i < parsed->tree().nodeCount() && match == kNoNode; ++i)
            if (StructureModel::valueText(parsed->tree(), static_cast<NodeId>(i))
                    .contains(QStringLiteral("brick_wall")))
                match = static_cast<NodeId>(i);
        QCOMPARE(parsed->tree().node(match).kind, NodeKind::Blob);
        QVERIFY(match != kNoNode);
        QVERIFY(model.indexOf(match).isValid());
        QVERIFY(!model.indexOf(model.innermostAt(0)).isValid()); // the header's tag
        model.setFilter(QStringLiteral("no such thing anywhere"));
        QCOMPARE(model.rowCount(), 0);
        model.setFilter(QString());
        QCOMPARE(model.rowCount(), 1);
        QVERIFY(model.indexOf(model.innermostAt(0)).isValid());
    }
};

QTEST_MAIN(TestStructureModel)
#include "tst_structure_model.moc"
