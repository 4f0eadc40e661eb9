// "Values across a folder…": the dialog a field's context menu opens runs core's `stats` off the
// UI thread and shows the histogram of the field's values beside their table; an example opens
// at its offset; the docs pane sets the folder's finding beside the document's statement.
#include "app_fixtures.h"
#include "dialogs/field_values_dialog.h"
#include "docs/doc_table.h"
#include "formats/grub/bundle_writer.h"
#include "main_window.h"
#include "models/field_stats_store.h"
#include "models/field_values_model.h"
#include "samples/sample_set.h"
#include "views/docs_pane.h"
#include "views/document_view.h"
#include "views/value_histogram.h"
#include "worker_gate.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

const QString kBlobCount = QStringLiteral("grub/header/blob_count");

// A bundle of `blobs` raw blobs (no nesting, so one header and one blob count per file).
Bytes bundleWithBlobs(int blobs) {
    grub::Bundle bundle;
    for (int i = 0; i < blobs; ++i) {
        grub::Blob blob;
        blob.tag = tagFromText("MTUD");
        blob.versionMajor = 1;
        blob.data = Bytes(16 + static_cast<std::size_t>(i), static_cast<std::uint8_t>(i));
        bundle.blobs.push_back(std::move(blob));
    }
    return grub::writeBundle(bundle);
}

// The node of the first field whose documented row is `key`.
NodeId fieldNode(const StructureTree& tree, const QString& key) {
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (tree.node(id).doc && QString::fromStdString(tree.node(id).doc->key) == key) return id;
    return kNoNode;
}

QAction* valuesAction(QMenu& menu) {
    return menu.findChild<QAction*>(QStringLiteral("valuesAcrossFolderAction"));
}

QString cell(const QAbstractItemModel& model, int row, int column, const QModelIndex& parent = {}) {
    return model.index(row, column, parent).data().toString();
}

} // namespace

class TestFieldValues : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_five; // the bundle with five blobs

    FieldValuesDialog* runOn(MainWindow& window, const QString& folder) {
        FieldValuesDialog* dialog = window.startFieldValues(kBlobCount, folder);
        QSignalSpy done(dialog, &FieldValuesDialog::statsFinished);
        if (!done.wait(60000)) return nullptr;
        return dialog;
    }

private slots:
    void initTestCase() {
        // Three bundles whose blob counts are 2, 2 and 5: by hand, the value 2 twice (in two
        // files) and 5 once, two distinct values from 2 to 5, every one at offset 0x10.
        const int counts[] = {2, 2, 5};
        for (int i = 0; i < 3; ++i) {
            const QString path = m_dir.filePath(QStringLiteral("bundle_%1.bundle").arg(i));
            QVERIFY(apptest::writeFile(path, bundleWithBlobs(counts[i])));
            if (counts[i] == 5) m_five = path;
        }
    }

    void modelPassesTheTester() {
        FieldStats stats;
        stats.key = kBlobCount.toStdString();
        stats.files = 9;
        stats.occurrences = 12;
        stats.distinct = 4;
        stats.values = {{"2", 6, 5, {"/a/x.bundle@0x10", "/a/z.zip::in/y.bundle@0x1C"}}, {"5", 4, 3, {}}};
        stats.other = 2;
        FieldValuesModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setStats(stats);
        QCOMPARE(model.rowCount(), 3); // two values and "other"
        QCOMPARE(model.rowCount(model.index(0, 0)), 2);
        QCOMPARE(model.rowCount(model.index(1, 0)), 0);
        QCOMPARE(cell(model, 0, FieldValuesModel::ShareColumn), QStringLiteral("50.0 %"));
        QCOMPARE(cell(model, 2, FieldValuesModel::ValueColumn), QStringLiteral("(2 other values)"));
        QCOMPARE(cell(model, 1, FieldValuesModel::ExampleColumn, model.index(0, 0)),
                 QStringLiteral("y.bundle @ 0x1C"));
        const auto example = model.exampleAt(model.index(1, 0, model.index(0, 0)));
        QVERIFY(example);
        QCOMPARE(example->input, QStringLiteral("/a/z.zip::in/y.bundle"));
        QCOMPARE(example->offset, quint64{0x1C});
        QVERIFY(!model.exampleAt(model.index(2, 0))); // "other" has none
        model.setStats({});
        QCOMPARE(model.rowCount(), 0);
    }

    void contextMenusOfferTheDialog() {
        const std::shared_ptr<Document> document = loadDocument(m_five);
        QVERIFY2(document->ok(), qPrintable(document->error));
        DocumentView view(document);
        const NodeId field = fieldNode(*document->tree(), kBlobCount);
        QVERIFY(field != kNoNode);
        QVERIFY(view.selectNode(field));
        std::unique_ptr<QMenu> menu = view.treeMenu();
        QAction* action = valuesAction(*menu);
        QVERIFY(action);
        QSignalSpy asked(&view, &DocumentView::fieldValuesRequested);
        action->trigger();
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.first().first().toString(), kBlobCount);
        // The root has no documented row: nothing to count.
        QVERIFY(view.selectNode(0));
        QVERIFY(!valuesAction(*view.treeMenu()));

        DocsPane pane;
        pane.showNode(document->tree(), field);
        const std::unique_ptr<QMenu> paneMenu = pane.contextMenu(); // released before the pane
        QVERIFY(valuesAction(*paneMenu));
        QSignalSpy paneAsked(&pane, &DocsPane::fieldValuesRequested);
        valuesAction(*paneMenu)->trigger();
        QCOMPARE(paneAsked.count(), 1);
        QCOMPARE(paneAsked.first().first().toString(), kBlobCount);
    }

    void histogramAndTableOfAFolder() {
        MainWindow window;
        window.setPersistent(false);
        FieldValuesDialog* dialog = runOn(window, m_dir.path());
        QVERIFY(dialog);
        QVERIFY(!dialog->running());
        const FieldStatsResult& result = dialog->result();
        QCOMPARE(result.files, std::uint64_t{3});
        QVERIFY(!result.cancelled);
        QCOMPARE(result.fields.size(), std::size_t{1});
        const FieldStats& stats = result.fields.front();
        QCOMPARE(stats.files, std::uint64_t{3});
        QCOMPARE(stats.occurrences, std::uint64_t{3});
        QCOMPARE(stats.distinct, std::uint64_t{2});
        QCOMPARE(stats.min, std::string("2"));
        QCOMPARE(stats.max, std::string("5"));

        const FieldValuesModel& model = *dialog->model();
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(cell(model, 0, FieldValuesModel::ValueColumn), QStringLiteral("2"));
        QCOMPARE(cell(model, 0, FieldValuesModel::CountColumn), QStringLiteral("2"));
        QCOMPARE(cell(model, 0, FieldValuesModel::FilesColumn), QStringLiteral("2"));
        QCOMPARE(cell(model, 0, FieldValuesModel::ShareColumn), QStringLiteral("66.7 %"));
        QCOMPARE(cell(model, 1, FieldValuesModel::ValueColumn), QStringLiteral("5"));
        QCOMPARE(cell(model, 1, FieldValuesModel::CountColumn), QStringLiteral("1"));
        QCOMPARE(cell(model, 1, FieldValuesModel::FilesColumn), QStringLiteral("1"));
        QCOMPARE(cell(model, 1, FieldValuesModel::ExampleColumn), QStringLiteral("bundle_2.bundle @ 0x10"));
        QCOMPARE(model.rowCount(model.index(0, 0)), 2); // an example in each of its two files

        QCOMPARE(dialog->histogram()->categories(), (QStringList{QStringLiteral("2"), QStringLiteral("5")}));
        QCOMPARE(dialog->histogram()->heights(), (QList<qreal>{2, 1}));
        QVERIFY2(dialog->statusText().startsWith(QStringLiteral("Read 3 of 3 files")),
                 qPrintable(dialog->statusText()));
        QVERIFY2(dialog->summaryText().contains(QStringLiteral("2 in 2 of 3 files")),
                 qPrintable(dialog->summaryText()));

        // ASSETSCOPE_DIALOG_SCREENSHOT=FILE.png saves the dialog as it ended.
        const QByteArray screenshot = qgetenv("ASSETSCOPE_DIALOG_SCREENSHOT");
        if (!screenshot.isEmpty()) {
            dialog->resize(1040, 560);
            dialog->valuesTable()->expandAll();
            QTest::qWait(200);
            QVERIFY(dialog->grab().save(QString::fromLocal8Bit(screenshot)));
        }
        dialog->close();
    }

    void doubleClickOpensTheExample() {
        MainWindow window;
        window.setPersistent(false);
        window.resize(1400, 900);
        window.show();
        FieldValuesDialog* dialog = runOn(window, m_dir.path());
        QVERIFY(dialog);
        QTreeView* table = dialog->valuesTable();
        const QModelIndex five = dialog->model()->index(1, FieldValuesModel::ExampleColumn);
        QCOMPARE(five.data().toString(), QStringLiteral("bundle_2.bundle @ 0x10"));
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        table->scrollTo(five);
        const QPoint at = table->visualRect(five).center();
        QVERIFY(table->viewport()->rect().contains(at));
        QSignalSpy asked(dialog, &FieldValuesDialog::openRequested);
        // A double-click as a user's: the first press selects the row, the second opens it.
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.first().at(1).toULongLong(), qulonglong{0x10});
        QVERIFY(apptest::waitLoads(window));
        DocumentView* view = window.currentDocumentView();
        QVERIFY(view);
        QCOMPARE(view->property("input").toString(), MainWindow::absoluteInput(m_five));
        const NodeId current = view->currentNode();
        QVERIFY(current != kNoNode);
        const Node& node = view->document().tree()->node(current);
        QCOMPARE(node.offset, std::uint64_t{0x10});
        QVERIFY(node.doc);
        QCOMPARE(QString::fromStdString(node.doc->key), kBlobCount);

        // Open already: the tab is chosen again and the cursor put on the offset.
        view->selectNode(0);
        window.openInputAt(m_five, 0x10);
        QCOMPARE(window.currentDocumentView(), view);
        QCOMPARE(view->document().tree()->node(view->currentNode()).offset, std::uint64_t{0x10});
        dialog->close();
    }

    void docsPaneSetsTheFolderBesideTheDocument() {
        MainWindow window;
        window.setPersistent(false);
        window.openInput(m_five);
        QVERIFY(apptest::waitLoads(window));
        DocumentView* view = window.currentDocumentView();
        QVERIFY(view);
        QVERIFY(view->selectNode(fieldNode(*view->document().tree(), kBlobCount)));
        QString text = window.docsPane()->text();
        QVERIFY2(text.contains(QStringLiteral("the document:")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("not counted yet")), qPrintable(text));

        FieldValuesDialog* dialog = runOn(window, m_dir.path());
        QVERIFY(dialog);
        QVERIFY(window.fieldStats()->find(kBlobCount.toStdString()));
        text = window.docsPane()->text();
        QVERIFY2(text.contains(QStringLiteral("this folder:")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("2 in 2 of 3 files")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("2 distinct values, from 2 to 5")), qPrintable(text));
        QVERIFY2(text.contains(QDir::toNativeSeparators(m_dir.path())) || text.contains(m_dir.path()),
                 qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("not counted yet")));

        // ASSETSCOPE_DOCS_SCREENSHOT=FILE.png saves the docs pane's whole text as it shows it.
        const QByteArray screenshot = qgetenv("ASSETSCOPE_DOCS_SCREENSHOT");
        if (!screenshot.isEmpty()) {
            window.resize(1500, 900);
            window.show();
            QTest::qWait(300);
            auto* text = window.docsPane()->findChild<QLabel*>(QStringLiteral("docsText"));
            QVERIFY(text);
            QVERIFY(text->grab().save(QString::fromLocal8Bit(screenshot)));
        }
        dialog->close();
    }

    // ASSETSCOPE_README_SCREENSHOT=FILE.png: the dialog on the sample set (written as
    // `make-samples` does), counting the tags of every blob record, for the README.
    void screenshotOfTheSampleSet() {
        const QByteArray screenshot = qgetenv("ASSETSCOPE_README_SCREENSHOT");
        if (screenshot.isEmpty()) QSKIP("ASSETSCOPE_README_SCREENSHOT not set");
        QTemporaryDir samplesDir;
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(samplesDir.path().toStdString(), written, error), error.c_str());
        FieldValuesDialog dialog(QStringLiteral("grub/blob_record/tag"), samplesDir.path());
        QSignalSpy done(&dialog, &FieldValuesDialog::statsFinished);
        QVERIFY(done.wait(60000));
        dialog.resize(1200, 620);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.valuesTable()->expand(dialog.model()->index(0, 0));
        QTest::qWait(300);
        QVERIFY(dialog.grab().save(QString::fromLocal8Bit(screenshot)));
    }

    void cancelStops() {
        // A folder of many files: a run that was not cancelled would read them all.
        QTemporaryDir many;
        const Bytes bundle = bundleWithBlobs(3);
        for (int i = 0; i < 400; ++i)
            QVERIFY(apptest::writeFile(many.filePath(QStringLiteral("b%1.bundle").arg(i)), bundle));
        // Cancelled while the run waits for a worker thread, so it cannot have ended first.
        apptest::WorkerGate gate;
        FieldValuesDialog dialog(kBlobCount, many.path());
        QSignalSpy done(&dialog, &FieldValuesDialog::statsFinished);
        QVERIFY(dialog.running());
        dialog.cancel();
        gate.release();
        QVERIFY(done.wait(60000));
        QVERIFY(dialog.result().cancelled);
        QCOMPARE(dialog.result().files, std::uint64_t{0});
        QVERIFY2(dialog.statusText().startsWith(QStringLiteral("Cancelled")),
                 qPrintable(dialog.statusText()));
        // A cancelled run says nothing about the folder: the docs pane keeps no finding of it.
        FieldStatsStore store;
        QSignalSpy changed(&store, &FieldStatsStore::changed);
        store.remember(many.path(), dialog.result());
        QCOMPARE(changed.count(), 0);
        QVERIFY(!store.find(kBlobCount.toStdString()));
    }
};

QTEST_MAIN(TestFieldValues)
#include "tst_field_values.moc"
