#include "app_fixtures.h"
#include "formats/modelbin/model_handler.h"
#include "formats/pgeo/pgeo_handler.h"
#include "main_window.h"
#include "models/archive_model.h"
#include "models/diagnostics_model.h"
#include "models/install_model.h"
#include "models/structure_model.h"
#include "samples/sample_set.h"
#include "views/archive_view.h"
#include "views/docs_pane.h"
#include "views/document_pane.h"
#include "views/document_view.h"
#include "views/hex_view.h"
#include "views/pane_table.h"
#include "views/preview_pane.h"
#include "views/start_page.h"
#include "views/table_pane.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolBar>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_bundlePath;
    QString m_zipPath;
    QString m_samples; // the sample set, written in initTestCase

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("assetscope-test"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_main_window"));
        QSettings().clear();
        m_bundlePath = m_dir.filePath(QStringLiteral("sample.materialbin"));
        QVERIFY(apptest::writeFile(m_bundlePath, apptest::sampleBundleBytes()));
        // An archive with thousands of entries, one of them the bundle.
        std::vector<archive::ZipInput> entries;
        for (int i = 0; i < 3000; ++i)
            entries.push_back(
                {"filler/file" + std::to_string(i) + ".txt", {static_cast<std::uint8_t>(i)}, 0});
        entries.push_back({"models/sample.materialbin", apptest::sampleBundleBytes(), 0});
        m_zipPath = m_dir.filePath(QStringLiteral("media.zip"));
        QVERIFY(apptest::writeFile(m_zipPath, archive::writeZip(entries)));
        m_samples = m_dir.filePath(QStringLiteral("samples"));
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_samples.toStdString(), written, error), error.c_str());
    }

    void conventions() {
        MainWindow w;
        // Every dock holds a pane behind the one pane interface, which is all the window tells.
        for (QDockWidget* dock : w.findChildren<QDockWidget*>()) {
            QVERIFY2(!dock->objectName().isEmpty(), qPrintable(dock->windowTitle()));
            QVERIFY2(dynamic_cast<DocumentPane*>(dock->widget()), qPrintable(dock->windowTitle()));
        }
        for (QToolBar* bar : w.findChildren<QToolBar*>())
            QVERIFY2(!bar->objectName().isEmpty(), qPrintable(bar->windowTitle()));
        QVERIFY(w.findChildren<QDockWidget*>().size() >= 6);
        // Offscreen there is no OpenGL: the pane says so.
        if (!PreviewPane::platformHasOpenGL())
            QVERIFY(w.previewPane()->message().contains(QStringLiteral("OpenGL")));
    }

    // The panes come from the pane table: a dock each, named after its id, in its line's area
    // and place, with View-menu entries in the table's order.
    void panesFromThePaneTable() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1500, 950);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* view = w.menuBar()->findChild<QMenu*>(QStringLiteral("menuView"));
        QVERIFY(view);
        int entry = 0;
        for (const PaneRegistration& line : paneTable()) {
            const QString id = QString::fromLatin1(line.id);
            QDockWidget* dock = w.paneDock(id);
            QVERIFY2(dock && w.pane(id), line.id);
            QCOMPARE(dock->objectName(), id + QStringLiteral("Dock"));
            QCOMPARE(dock->widget(), w.pane(id)->widget());
            QCOMPARE(w.dockWidgetArea(dock), line.area);
            QCOMPARE(view->actions().value(entry++), dock->toggleViewAction());
            if (line.place.how == PanePlace::How::TabbedWith)
                QVERIFY2(w.tabifiedDockWidgets(w.paneDock(QString::fromLatin1(line.place.of))).contains(dock),
                         line.id);
        }
        QVERIFY(view->actions().value(entry)->isSeparator());
        // Split rather than tabbed: the 3D pane right of the table, the inspector under the docs.
        QDockWidget* table = w.paneDock(QStringLiteral("table"));
        QDockWidget* preview = w.paneDock(QStringLiteral("preview"));
        QDockWidget* docs = w.paneDock(QStringLiteral("docs"));
        QDockWidget* inspector = w.paneDock(QStringLiteral("inspector"));
        QVERIFY(!w.tabifiedDockWidgets(table).contains(preview));
        QVERIFY(preview->geometry().left() >= table->geometry().right());
        QVERIFY(inspector->geometry().top() >= docs->geometry().bottom());
        // The tab groups show the pane the others were tabbed with.
        QVERIFY(table->isVisible() && !table->visibleRegion().isEmpty());
        QVERIFY(w.paneDock(QStringLiteral("diagnostics"))->visibleRegion().isEmpty());
        QVERIFY(inspector->isVisible() && !inspector->visibleRegion().isEmpty());
        QCOMPARE(w.pane(QStringLiteral("table")), static_cast<DocumentPane*>(w.tablePane()));
        QCOMPARE(w.pane(QStringLiteral("nothing")), nullptr);
    }

    // An empty window shows the start page; "Open the Sample Set" writes the samples into the
    // data folder (test mode keeps it apart) and opens them; closing every tab brings it back,
    // listing what was opened as recent files.
    void startPageWhenNothingIsOpen() {
        QSettings().remove(QStringLiteral("recentFiles"));
        MainWindow w; // persistent: opened files become recent files (the settings are the test's own)
        auto* central = qobject_cast<QStackedWidget*>(w.centralWidget());
        QVERIFY(central);
        QCOMPARE(central->currentWidget(), static_cast<QWidget*>(w.startPage()));
        auto* formats = w.startPage()->findChild<QLabel*>(QStringLiteral("formatsLabel"));
        QVERIFY(formats);
        for (const char* title :
             {"ForzaTech Grub bundles", "ForzaTech models", "ForzaTech placements", "Frostbite MeshSets"})
            QVERIFY2(formats->text().contains(QLatin1String(title)), title);
        auto* recent = w.startPage()->findChild<QListWidget*>(QStringLiteral("recentList"));
        QVERIFY(recent && recent->count() == 0);

        auto* samples = w.startPage()->findChild<QPushButton*>(QStringLiteral("openSamplesButton"));
        QVERIFY(samples);
        samples->click();
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->count(), 2); // the archive and the building cell inside it
        QCOMPARE(central->currentWidget(), static_cast<QWidget*>(w.tabs()));
        QVERIFY(w.currentDocumentView() || w.currentArchiveView());
        const QString dataDir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
        QVERIFY(QFileInfo::exists(dataDir + QStringLiteral("/samples/media/Samples.zip")));
        while (w.tabs()->count() > 0)
            emit w.tabs()->tabCloseRequested(0);
        QCOMPARE(central->currentWidget(), static_cast<QWidget*>(w.startPage()));
        QCOMPARE(recent->count(), 2);
        QVERIFY(recent->item(0)->text().contains(QStringLiteral("Samples.zip")));
    }

    void opensAFileOffTheUiThread() {
        MainWindow w;
        w.setPersistent(true);
        w.show();
        w.openInput(m_bundlePath);
        QCOMPARE(w.pendingLoads(), 1);
        // While it loads a loading tab is there and the window answers.
        QCOMPARE(w.tabs()->count(), 1);
        QVERIFY(apptest::waitLoads(w));
        DocumentView* view = w.currentDocumentView();
        QVERIFY(view);
        QCOMPARE(view->document().displayName, QStringLiteral("sample.materialbin"));
        QAbstractItemModelTester tester(view->model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        // Selecting a field feeds the docs pane and the hex marks.
        w.selectSomethingInteresting();
        const NodeId node = view->currentNode();
        QVERIFY(node != kNoNode);
        QVERIFY(w.docsPane()->comparison().doc);
        const Node& n = view->model()->tree().node(node);
        QCOMPARE(view->hexView()->fieldRange(), (ByteRange{n.offset, n.offset + n.size}));
        // Opening it again switches to the open tab.
        w.openInput(m_bundlePath);
        QCOMPARE(w.tabs()->count(), 1);
        QVERIFY(w.recentFiles().contains(QFileInfo(m_bundlePath).absoluteFilePath()));
        // A file that is no known format: an error tab, nothing else breaks.
        const QString junk = m_dir.filePath(QStringLiteral("junk.bin"));
        QVERIFY(apptest::writeFile(junk, {'n', 'o', 'p', 'e'}));
        w.openInput(junk);
        w.openInput(m_dir.filePath(QStringLiteral("missing.modelbin")));
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->count(), 3);
        QVERIFY(qobject_cast<QLabel*>(w.tabs()->widget(1))
                    ->text()
                    .contains(QStringLiteral("unsupported format")));
        QVERIFY(!w.recentFiles().contains(junk));
    }

    void archiveBrowser() {
        MainWindow w;
        w.setPersistent(true);
        w.show();
        w.openInput(m_zipPath);
        QVERIFY(apptest::waitLoads(w));
        ArchiveView* archive = w.currentArchiveView();
        QVERIFY(archive);
        // The tree first: the zip's two folders; the flat list one toggle away.
        QVERIFY(!archive->flat());
        QCOMPARE(archive->treeModel()->rowCount(), 2);
        QCOMPARE(archive->treeModel()->index(0, 0).data().toString(), QStringLiteral("filler"));
        QCOMPARE(archive->treeModel()->index(1, 0).data().toString(), QStringLiteral("models"));
        archive->flatToggle()->setChecked(true);
        QVERIFY(archive->flat());
        QCOMPARE(archive->proxy()->rowCount(), 3001);
        QAbstractItemModelTester tester(archive->proxy()->sourceModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        archive->filterEdit()->setText(QStringLiteral("*.materialbin"));
        QCOMPARE(archive->proxy()->rowCount(), 1);
        archive->filterEdit()->setText(QStringLiteral("file29"));
        QCOMPARE(archive->proxy()->rowCount(), 111); // file29, file290 … file299, file2900 … file2999
        archive->filterEdit()->setText(QStringLiteral("models/"));
        archive->table()->selectRow(0);
        QCOMPARE(archive->selectedEntries().size(), std::size_t{1});
        const QString input = archive->inputFor(*archive->selectedEntries()[0]);
        QCOMPARE(input,
                 QFileInfo(m_zipPath).absoluteFilePath() + QStringLiteral("::models/sample.materialbin"));
        emit archive->openRequested(input);
        QVERIFY(apptest::waitLoads(w));
        DocumentView* view = w.currentDocumentView();
        QVERIFY(view);
        QCOMPARE(view->document().input, input);
        QVERIFY(view->model()->rowCount() == 1);
        // Archive entries go to the recent files as they are.
        QVERIFY(w.recentFiles().contains(input));
        // The diagnostics list is a model like the others.
        DiagnosticsModel diagnostics;
        diagnostics.setTree(view->document().tree());
        QAbstractItemModelTester diagnosticsTester(&diagnostics,
                                                   QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void commandLineStyleArchivePath() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_zipPath + QStringLiteral("::models/sample.materialbin"));
        w.openInput(m_zipPath + QStringLiteral("::models/none.modelbin"));
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->count(), 2);
        QVERIFY(qobject_cast<DocumentView*>(w.tabs()->widget(0)));
        QVERIFY(qobject_cast<QLabel*>(w.tabs()->widget(1)));
        w.tabs()->setCurrentIndex(0);
        // Closing tabs while nothing loads leaves an empty window that still works.
        while (w.tabs()->count())
            w.tabs()->tabCloseRequested(0);
        QCOMPARE(w.tabs()->count(), 0);
    }

    void picksSelectTreeNodeAndTableRow() {
        // The 3D pane's picks (announced by the pane; offscreen there is no OpenGL to click in)
        // select the picked record or mesh in the tree and its row in the table.
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_samples + QStringLiteral("/scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo"));
        QVERIFY(apptest::waitLoads(w));
        DocumentView* view = w.currentDocumentView();
        QVERIFY(view);
        emit w.previewPane()->instancePicked(1);
        const Subject picked = view->document().parsed->subjectOf(view->currentNode());
        QCOMPARE(picked, (Subject{pgeo::kBlockSubject, 0, -1, 1}));
        QCOMPARE(w.tablePane()->mainTable()->currentIndex().row(), 1);

        w.openInput(m_samples + QStringLiteral("/media/models/bld_sample_house_a_lod0.i.modelbin"));
        QVERIFY(apptest::waitLoads(w));
        view = w.currentDocumentView();
        const Subject mesh{modelbin::kMeshSubject, 1};
        const NodeId meshNode = view->document().parsed->nodeOf(mesh);
        QVERIFY(meshNode != kNoNode);
        emit w.previewPane()->meshPicked(mesh, meshNode, 3);
        QCOMPARE(view->document().parsed->subjectOf(view->currentNode()), mesh);
        QCOMPARE(w.tablePane()->detailTable()->currentIndex().row(), 3);
    }

    // A rule the file was checked against, selected in the tree: the docs pane shows the
    // statement it enforces. ASSETSCOPE_SCREENSHOT_DIR saves the window there, to look at.
    void checkedRuleShowsItsStatement() {
        MainWindow w;
        w.setPersistent(false);
        w.resize(1400, 900);
        w.show();
        w.openInput(m_samples + QStringLiteral("/media/crowds/sample_crowd.crowdbin"));
        QVERIFY(apptest::waitLoads(w));
        DocumentView* view = w.currentDocumentView();
        QVERIFY(view);
        const StructureTree& tree = view->document().parsed->tree();
        NodeId rule = kNoNode;
        for (NodeId id = 0; id < tree.nodeCount() && rule == kNoNode; ++id)
            if (tree.node(id).doc && tree.node(id).doc->key == "grub/rules/crowd_blobs_are_bundles")
                rule = id;
        QVERIFY(rule != kNoNode);
        QVERIFY(view->selectNode(rule));
        const QString text = w.docsPane()->text();
        QVERIFY2(text.contains(QStringLiteral("ClsL, Clas, Mdls, Modl, MtlI and Skls blobs are bundles")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("holds")));
        if (const QString dir = qEnvironmentVariable("ASSETSCOPE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(50); // the status bar lays out its new text
            QVERIFY(w.grab().save(dir + QStringLiteral("/checked-rule.png")));
        }
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
