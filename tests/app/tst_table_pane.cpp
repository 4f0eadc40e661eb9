#include "app_fixtures.h"
#include "contract/element_table.h"
#include "formats/grub/grub_handler.h"
#include "models/records_table_model.h"
#include "models/source_table_model.h"
#include "models/structure_model.h"
#include "views/document_view.h"
#include "views/table_pane.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

class TestTablePane : public QObject {
    Q_OBJECT
private slots:
    void arrayRowsDecodedOnDemand() {
        auto f = apptest::lazyDocument(1'000'000);
        const StructureTree& tree = *f.document->tree();
        const std::size_t nodes = tree.nodeCount();
        SourceTableModel model(elementTable(tree, f.array));
        QCOMPARE(model.rowCount(), 1'000'000);
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("a"));
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("b"));
        QTableView view;
        view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        view.setModel(&model);
        view.resize(500, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.scrollTo(model.index(654321, 0));
        view.viewport()->repaint();
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
        view.viewport()->repaint();
        // Only the rows on screen were decoded; the tree gained no nodes.
        QVERIFY2(model.pagesRead() * model.source().pageRows() < 400,
                 qPrintable(QString::number(model.pagesRead())));
        QCOMPARE(tree.nodeCount(), nodes);
        QCOMPARE(model.data(model.index(654321, 1)).toString(), QStringLiteral("654321"));
        QCOMPARE(model.data(model.index(654321, 2)).toString(), QStringLiteral("1962963"));
        QCOMPARE(model.data(model.index(999999, 0)).toString(),
                 QStringLiteral("0x") + QString::number(16 + 999999 * 8, 16).toUpper());
    }

    void modelsPassTester() {
        auto f = apptest::lazyDocument(300);
        SourceTableModel array(elementTable(*f.document->tree(), f.array));
        QAbstractItemModelTester t1(&array, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ParseSettings settings;
        auto parsed = grub::grubHandler().parse(shareBytes(apptest::sampleBundleBytes()), settings);
        const auto& bundle = static_cast<const grub::ParsedBundle&>(*parsed).bundle();
        SubjectTables tables = parsed->tables(Subject{grub::kBundleSubject, 0});
        QVERIFY(tables.main && !tables.detail);
        const std::unique_ptr<TableSource> firstMetadata = tables.main->detailOf(0);
        SourceTableModel blobs(std::move(tables.main));
        QAbstractItemModelTester t2(&blobs, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(blobs.rowCount(), 3);
        auto text = [](const SourceTableModel& m, int row, const char* column) {
            const int c = static_cast<int>(m.columnNames().indexOf(QLatin1String(column)));
            return m.data(m.index(row, c)).toString();
        };
        QCOMPARE(text(blobs, 0, "Tag"), QStringLiteral("MATL"));
        QCOMPARE(text(blobs, 0, "Name"), QStringLiteral("brick_wall"));
        QCOMPARE(text(blobs, 0, "Id"), QStringLiteral("7"));
        QCOMPARE(text(blobs, 0, "Version"), QStringLiteral("1.2"));
        QVERIFY(text(blobs, 1, "Nested").contains(QStringLiteral("1 blob")));
        // The blob records are one lazy array, shown as a table: one column per field.
        const StructureTree& tree = parsed->tree();
        const NodeId records = bundle.recordsNode;
        QVERIFY(records != kNoNode && tree.isLazyArray(records));
        QCOMPARE(QString::fromStdString(tree.node(records).name), QStringLiteral("blob_records"));
        SourceTableModel recordTable(elementTable(tree, records));
        QAbstractItemModelTester t4(&recordTable, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(recordTable.rowCount(), 3);
        QCOMPARE(recordTable.headerData(1, Qt::Horizontal).toString(), QStringLiteral("tag"));
        QCOMPARE(recordTable.data(recordTable.index(0, 1)).toString(), QStringLiteral("\"MATL\""));
        QCOMPARE(recordTable.data(recordTable.index(2, 1)).toString(), QStringLiteral("\"MTUD\""));
        QVERIFY(firstMetadata);
        QCOMPARE(firstMetadata->rowCount(), std::uint64_t{2});
        std::vector<TableCell> cells;
        firstMetadata->readRows(0, 1, cells);
        QCOMPARE(cells.size(), firstMetadata->columns().size());
        QCOMPARE(cells.back().text, std::string("brick_wall"));
    }

    void followsTheTreeBothWays() {
        auto f = apptest::lazyDocument(5000);
        DocumentView view(f.document);
        TablePane pane;
        pane.setDocumentView(&view);
        QObject::connect(&view, &DocumentView::currentNodeChanged, &pane, &TablePane::followNode);
        view.show();
        pane.show();
        // Selecting element 1234's field in the tree shows the array and selects row 1234.
        const NodeId e = view.model()->element(f.array, 1234);
        QVERIFY(view.selectNode(view.model()->tree().node(e).children[0]));
        QVERIFY(qobject_cast<SourceTableModel*>(pane.mainModel()));
        QCOMPARE(pane.mainModel()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Offset"));
        QCOMPARE(pane.mainTable()->currentIndex().row(), 1234);
        QVERIFY(pane.title().contains(QStringLiteral("records")));
        // Picking row 4321 in the table selects that element in the tree.
        pane.mainTable()->setCurrentIndex(pane.mainModel()->index(4321, 1));
        QCOMPARE(QString::fromStdString(view.model()->tree().node(view.currentNode()).name),
                 QStringLiteral("[4321]"));
        // Outside any array or bundle: no table.
        // Outside any array: the fields around the node, one a row.
        QVERIFY(view.selectNode(f.countField));
        auto* fields = qobject_cast<RecordsTableModel*>(pane.mainModel());
        QVERIFY(fields);
        QCOMPARE(fields->container(), f.header);
        QVERIFY(!fields->recordLayout());
        QCOMPARE(pane.mainTable()->currentIndex().row(), 0);
        QCOMPARE(fields->data(fields->index(0, 1)).toString(), QStringLiteral("5000"));
    }

    void bundleBlobsFollowSelection() {
        auto doc = std::make_shared<Document>();
        doc->bytes = shareBytes(apptest::sampleBundleBytes());
        ParseSettings settings;
        settings.fileName = "sample.materialbin";
        doc->parsed = grub::grubHandler().parse(doc->bytes, settings);
        const auto& bundle = static_cast<const grub::ParsedBundle&>(*doc->parsed).bundle();
        DocumentView view(doc);
        TablePane pane;
        pane.setDocumentView(&view);
        QObject::connect(&view, &DocumentView::currentNodeChanged, &pane, &TablePane::followNode);
        QVERIFY(view.selectNode(bundle.blobs[2].node));
        auto* blobs = qobject_cast<SourceTableModel*>(pane.mainModel());
        QVERIFY(blobs);
        QCOMPARE(pane.subject(), (Subject{grub::kBundleSubject, 0, -1, 2}));
        QCOMPARE(blobs->rowCount(), static_cast<int>(bundle.blobs.size()));
        QCOMPARE(pane.mainTable()->currentIndex().row(), 2);
        // The metadata table shows the selected blob's records.
        pane.mainTable()->setCurrentIndex(blobs->index(0, 0));
        QVERIFY(pane.detailTable()->model());
        QCOMPARE(pane.detailTable()->model()->rowCount(), 2);
        // Inside the nested bundle the table switches to it.
        const grub::Bundle& inner = *bundle.blobs[1].nested;
        QVERIFY(view.selectNode(inner.blobs[0].node));
        QCOMPARE(pane.subject(), (Subject{grub::kBundleSubject, 1, -1, 0}));
        QCOMPARE(pane.mainModel()->rowCount(), static_cast<int>(inner.blobs.size()));
    }
};

QTEST_MAIN(TestTablePane)
#include "tst_table_pane.moc"
