// File ▸ Open Install…: an install folder as one tab with one tree (folders, zips as folders, files),
// its first level at once, the whole index in the background; the filter box; Ctrl+L's Game:\ path.
// The install is built here: ROOT/media/Cars.zip holds wheel/rim.swatchbin and readme.txt;
// ROOT/media/loose.pgeo; ROOT/notes.txt. A second one, MORE: MORE/media/Nest.zip holds inner.zip
// (holding deep/x.txt) and top.txt; MORE/media/mystery.dat and MORE/media/fake.swatchbin are Grub
// bundles. The sample set (make-samples) for finds and a .pgeo's models.
// Also: a zip opened alone (File ▸ Open) as a tree with the flat list one toggle away, Find Across
// Selection, the format column found from the bytes, and references opened by openGamePath.
#include "app_fixtures.h"

#include "archive/zip_archive.h"
#include "dialogs/find_folder_dialog.h"
#include "dialogs/find_selection_dialog.h"
#include "main_window.h"
#include "models/install_model.h"
#include "samples/sample_set.h"
#include "views/archive_view.h"
#include "views/document_view.h"
#include "views/install_filter_runner.h"
#include "views/install_view.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <cstring>
#include <set>

using namespace assetscope;
using namespace assetscope::app;

namespace {

Bytes text(const char* s) {
    return Bytes(s, s + std::strlen(s));
}

QStringList namesUnder(const InstallModel& model, const QModelIndex& parent) {
    QStringList out;
    for (int r = 0; r < model.rowCount(parent); ++r)
        out << model.index(r, InstallModel::NameColumn, parent).data().toString();
    return out;
}

// Opens a folder's rows as the view does when it is expanded.
QModelIndex opened(QTreeView& tree, InstallModel& model, const QModelIndex& index) {
    tree.expand(index);
    if (model.canFetchMore(index)) model.fetchMore(index);
    return index;
}

QModelIndex opened(InstallView& view, const QModelIndex& index) {
    return opened(*view.tree(), *view.model(), index);
}

// The row named `name` under `parent`, its rows opened.
QModelIndex row(QTreeView& tree, InstallModel& model, const QModelIndex& parent, const QString& name) {
    for (int r = 0; r < model.rowCount(parent); ++r)
        if (model.index(r, 0, parent).data().toString() == name)
            return opened(tree, model, model.index(r, 0, parent));
    return {};
}

void select(QTreeView& tree, const QList<QModelIndex>& rows) {
    tree.selectionModel()->clearSelection();
    for (const QModelIndex& r : rows)
        tree.selectionModel()->select(r, QItemSelectionModel::Select | QItemSelectionModel::Rows);
}

} // namespace

class TestInstallWindow : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;
    QString m_more;
    QString m_samples;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.filePath("root");
        QVERIFY(QDir().mkpath(m_root + "/media"));
        QVERIFY(apptest::writeFile(m_root + "/notes.txt", text("n")));
        QVERIFY(apptest::writeFile(m_root + "/media/loose.pgeo", text("12")));
        QVERIFY(apptest::writeFile(
            m_root + "/media/Cars.zip",
            archive::writeZip({{"wheel/rim.swatchbin", text("abcdefgh")}, {"readme.txt", text("r")}},
                              false)));
        m_more = m_dir.filePath("more");
        QVERIFY(QDir().mkpath(m_more + "/media"));
        QVERIFY(apptest::writeFile(
            m_more + "/media/Nest.zip",
            archive::writeZip({{"inner.zip", archive::writeZip({{"deep/x.txt", text("xyz")}}, false)},
                               {"top.txt", text("t")}},
                              false)));
        QVERIFY(apptest::writeFile(m_more + "/media/mystery.dat", apptest::sampleBundleBytes()));
        QVERIFY(apptest::writeFile(m_more + "/media/fake.swatchbin", apptest::sampleBundleBytes()));
        m_samples = m_dir.filePath("samples");
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_samples.toStdString(), written, error), error.c_str());
    }

    void opensAnInstallAsOneTree() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_root); // a folder opens as an install
        InstallView* view = w.currentInstallView();
        QVERIFY(view);
        QCOMPARE(w.tabs()->count(), 1);
        InstallModel& model = *view->model();
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(namesUnder(model, {}), QStringList({"media", "notes.txt"}));
        QTRY_VERIFY_WITH_TIMEOUT(!view->indexing(), 30000);
        const QModelIndex media = opened(*view, model.index(0, 0));
        QCOMPARE(namesUnder(model, media), QStringList({"Cars.zip", "loose.pgeo"}));
        const QModelIndex cars = opened(*view, model.index(0, 0, media));
        QCOMPARE(namesUnder(model, cars), QStringList({"wheel", "readme.txt"}));
        const QModelIndex wheel = opened(*view, model.index(0, 0, cars));
        const QModelIndex rim = model.index(0, 0, wheel);
        QCOMPARE(rim.data().toString(), QString("rim.swatchbin"));
        QCOMPARE(rim.siblingAtColumn(InstallModel::FormatColumn).data().toString(), QString("texture"));
        QCOMPARE(rim.siblingAtColumn(InstallModel::SizeColumn).data().toString(), QString("8"));
        QCOMPARE(rim.siblingAtColumn(InstallModel::GamePathColumn).data().toString(),
                 QString("Game:\\media\\Cars\\wheel\\rim.swatchbin"));
        view->tree()->selectionModel()->select(rim, QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(view->selectedInputs(true), QStringList({m_root + "/media/Cars.zip::wheel/rim.swatchbin"}));
        QCOMPARE(view->selectedGamePaths(), QStringList({"Game:\\media\\Cars\\wheel\\rim.swatchbin"}));
        // What a screenshot shows: the way to the first texture in a zip, open, and it selected.
        view->tree()->selectionModel()->clearSelection();
        w.selectSomethingInteresting();
        QCOMPARE(view->selectedInputs(true), QStringList({m_root + "/media/Cars.zip::wheel/rim.swatchbin"}));
    }

    void filterShowsMatchesWithTheirFolders() {
        MainWindow w;
        w.setPersistent(false);
        InstallView* view = w.openInstall(m_root);
        QSignalSpy done(view, &InstallView::filterFinished);
        view->filterEdit()->setText("format:texture");
        QVERIFY(done.wait(30000));
        InstallModel& model = *view->model();
        QCOMPARE(namesUnder(model, {}), QStringList({"media"}));
        QCOMPARE(namesUnder(model, model.index(0, 0)), QStringList({"Cars.zip"}));
        view->flatToggle()->setChecked(true);
        QCOMPARE(namesUnder(model, {}), QStringList({"/media/Cars.zip::wheel/rim.swatchbin"}));
        view->filterEdit()->clear();
        QVERIFY(done.wait(30000));
        QCOMPARE(model.rowCount(), 4); // every file: notes.txt, loose.pgeo, rim.swatchbin, readme.txt
    }

    void goToGamePathOpensWhatItResolvesTo() {
        MainWindow w;
        w.setPersistent(false);
        w.openInstall(m_root);
        const auto opened = w.goToGamePath("Game:\\Media\\Cars\\Wheel\\rim.swatchbin");
        QVERIFY(opened);
        // Names compare without case; the path is the install's own spelling or the asked one.
        QCOMPARE(opened->toLower(), (m_root + "/media/Cars.zip::wheel/rim.swatchbin").toLower());
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->count(), 2);
        QCOMPARE(w.tabs()->currentWidget()->property("input").toString(), *opened);
    }

    // While the install is not indexed whole, the filter answers at once from what is listed so
    // far, then from the whole install.
    void theFilterAnswersFirstFromWhatIsListed() {
        auto index = std::make_shared<install::InstallIndex>(m_root.toStdString());
        InstallModel model(index); // lists the first level: the root, media and notes.txt
        QTreeView tree;
        tree.setModel(&model);
        InstallFilterRunner runner(index, &model, &tree);
        QStringList partialRows;
        QString partialNote;
        connect(&runner, &InstallFilterRunner::partialShown, this, [&] {
            partialRows = namesUnder(model, {});
            partialNote = runner.note();
        });
        QSignalSpy partial(&runner, &InstallFilterRunner::partialShown);
        QSignalSpy finished(&runner, &InstallFilterRunner::finished);
        QString error;
        QVERIFY(runner.start("rim", error));
        QVERIFY(finished.wait(30000));
        QCOMPARE(partial.count(), 1);
        QCOMPARE(partialRows, QStringList());
        QCOMPARE(
            partialNote,
            QString("0 matches so far, among the 3 names listed; the rest of the install is being listed…"));
        QVERIFY(!runner.partial());
        QCOMPARE(runner.note(), QString("1 match"));
        QCOMPARE(namesUnder(model, {}), QStringList({"media"}));
        // Whole now: one answer.
        QVERIFY(runner.start("notes", error));
        QVERIFY(finished.wait(30000));
        QCOMPARE(partial.count(), 1);
        QCOMPARE(namesUnder(model, {}), QStringList({"notes.txt"}));
        QVERIFY(!runner.start("size>big", error));
        QVERIFY(error.contains("size>big"));
    }

    // A zip opened alone shows the install tab's tree: folders inside it, the same columns; the
    // flat list of its entries is one toggle away; the filter's words work in both.
    void aZipOpensAsATree() {
        MainWindow w;
        w.setPersistent(false);
        const QString zip = m_root + "/media/Cars.zip";
        w.openInput(zip);
        QVERIFY(apptest::waitLoads(w));
        ArchiveView* archive = w.currentArchiveView();
        QVERIFY(archive);
        QVERIFY(!archive->flat());
        InstallModel& model = *archive->treeModel();
        // (The tester fetches rows of its own while it checks a reset: it stays out of the filter's.)
        auto tester = std::make_unique<QAbstractItemModelTester>(
            &model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTreeView& tree = *archive->tree();
        QCOMPARE(namesUnder(model, {}), QStringList({"wheel", "readme.txt"}));
        const QModelIndex wheel = row(tree, model, {}, "wheel");
        const QModelIndex rim = model.index(0, 0, wheel);
        QCOMPARE(rim.data().toString(), QString("rim.swatchbin"));
        QCOMPARE(rim.siblingAtColumn(InstallModel::FormatColumn).data().toString(), QString("texture"));
        QCOMPARE(rim.siblingAtColumn(InstallModel::SizeColumn).data().toString(), QString("8"));
        QCOMPARE(rim.siblingAtColumn(InstallModel::GamePathColumn).data().toString(),
                 QString("Game:\\media\\Cars\\wheel\\rim.swatchbin"));
        // A folder selected: its entries for Export to Zip; the folder itself for a census or a find.
        select(tree, {wheel});
        QCOMPARE(archive->selectedEntries().size(), std::size_t{1});
        QCOMPARE(archive->selectedEntries()[0]->name, std::string("wheel/rim.swatchbin"));
        QCOMPARE(archive->selectionForWalk(), QStringList({zip + "::wheel"}));
        // Nothing selected: the whole archive.
        tree.selectionModel()->clearSelection();
        QCOMPARE(archive->selectionForWalk(), QStringList({zip}));
        // Opening an entry from the tree.
        select(tree, {model.index(1, 0)});
        QSignalSpy open(archive, &ArchiveView::openRequested);
        emit tree.activated(model.index(1, 0));
        QCOMPARE(open.count(), 1);
        QCOMPARE(open.at(0).at(0).toString(), zip + "::readme.txt");

        tester.reset();
        QSignalSpy done(archive, &ArchiveView::filterFinished);
        archive->filterEdit()->setText("format:texture");
        QVERIFY(done.count() > 0 || done.wait(30000));
        QCOMPARE(namesUnder(model, {}), QStringList({"wheel"}));
        QCOMPARE(archive->filterRunner()->note(), QString("1 match"));
        // The flat list: the same words over the whole names; its table with method and CRC.
        archive->flatToggle()->setChecked(true);
        QVERIFY(archive->flat());
        QCOMPARE(archive->proxy()->rowCount(), 1);
        QCOMPARE(archive->proxy()->index(0, 0).data().toString(), QString("wheel/rim.swatchbin"));
        archive->filterEdit()->setText("wheel/");
        QCOMPARE(archive->proxy()->rowCount(), 1);
        archive->filterEdit()->setText("size<2");
        QCOMPARE(archive->proxy()->rowCount(), 1); // readme.txt, 1 byte
        archive->filterEdit()->clear();
        QCOMPARE(archive->proxy()->rowCount(), 2);
        archive->table()->selectRow(0);
        QCOMPARE(archive->selectedEntries().size(), std::size_t{1});
        QCOMPARE(archive->selectionForWalk().size(), 1);
    }

    // A zip inside a zip is a folder of the tree; opened on its own, it is a tree of its own.
    void aNestedZipIsAFolderAndOpensAsATree() {
        MainWindow w;
        w.setPersistent(false);
        const QString zip = m_more + "/media/Nest.zip";
        w.openInput(zip);
        QVERIFY(apptest::waitLoads(w));
        ArchiveView* archive = w.currentArchiveView();
        QVERIFY(archive);
        InstallModel& model = *archive->treeModel();
        QTreeView& tree = *archive->tree();
        QCOMPARE(namesUnder(model, {}), QStringList({"inner.zip", "top.txt"}));
        const QModelIndex inner = row(tree, model, {}, "inner.zip");
        QCOMPARE(namesUnder(model, inner), QStringList({"deep"}));
        const QModelIndex deep = row(tree, model, inner, "deep");
        QCOMPARE(namesUnder(model, deep), QStringList({"x.txt"}));
        // The nested zip is an entry of this archive; what is inside it is not.
        select(tree, {inner, model.index(0, 0, deep)});
        QCOMPARE(archive->selectedEntries().size(), std::size_t{1});
        QCOMPARE(archive->selectedEntries()[0]->name, std::string("inner.zip"));
        QCOMPARE(archive->selectionForWalk(), QStringList({zip + "::inner.zip"}));
        // Open: the nested zip in a tab of its own, as a tree.
        select(tree, {inner});
        archive->findChild<QPushButton*>("openButton")->click();
        QVERIFY(apptest::waitLoads(w));
        ArchiveView* nested = w.currentArchiveView();
        QVERIFY(nested && nested != archive);
        QCOMPARE(nested->document().input, zip + "::inner.zip");
        InstallModel& nestedModel = *nested->treeModel();
        QCOMPARE(namesUnder(nestedModel, {}), QStringList({"deep"}));
        const QModelIndex nestedDeep = row(*nested->tree(), nestedModel, {}, "deep");
        QCOMPARE(namesUnder(nestedModel, nestedDeep), QStringList({"x.txt"}));
        QCOMPARE(nestedModel.index(0, InstallModel::SizeColumn, nestedDeep).data().toString(), QString("3"));
    }

    // The format column: what the name hints at, then what the bytes are once the file is opened.
    void theFormatComesFromTheBytesOnceOpened() {
        MainWindow w;
        w.setPersistent(false);
        InstallView* view = w.openInstall(m_more);
        InstallModel& model = *view->model();
        const QModelIndex media = opened(*view, model.index(0, 0));
        QCOMPARE(namesUnder(model, media), QStringList({"fake.swatchbin", "mystery.dat", "Nest.zip"}));
        const QModelIndex fake = model.index(0, InstallModel::FormatColumn, media);
        const QModelIndex mystery = model.index(1, InstallModel::FormatColumn, media);
        QCOMPARE(fake.data().toString(), QString("texture")); // by its name
        QCOMPARE(mystery.data().toString(), QString());       // no format claims ".dat"
        QVERIFY(fake.data(Qt::ToolTipRole).toString().startsWith("Hinted at by its name"));
        select(*view->tree(), {model.index(0, 0, media), model.index(1, 0, media)});
        emit view->tree()->activated(model.index(0, 0, media));
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->count(), 3); // the install and the two files
        // Both hold the same material bundle, whatever their names say.
        QCOMPARE(fake.data().toString(), QString("materialbin"));
        QCOMPARE(mystery.data().toString(), QString("materialbin"));
        QCOMPARE(fake.data(Qt::ToolTipRole).toString(), QString("Found in its bytes when it was opened"));
        // An archive view's tree learns it too.
        w.openInput(m_more + "/media/Nest.zip");
        QVERIFY(apptest::waitLoads(w));
        ArchiveView* archive = w.currentArchiveView();
        QVERIFY(archive);
        const QModelIndex top = archive->treeModel()->index(1, InstallModel::FormatColumn);
        QCOMPARE(top.siblingAtColumn(0).data().toString(), QString("top.txt"));
        QCOMPARE(top.data().toString(), QString());
        archive->noteOpened(m_more + "/media/Nest.zip::top.txt", "texture");
        QCOMPARE(top.data().toString(), QString("texture"));
    }

    // Find Across Selection: one find over the selected folders, zips, folders inside zips and
    // files of the install tab, each walked once.
    void findAcrossSelection() {
        MainWindow w;
        w.setPersistent(false);
        InstallView* view = w.openInstall(m_samples);
        InstallModel& model = *view->model();
        QTreeView& tree = *view->tree();
        const QModelIndex media = row(tree, model, {}, "media");
        const QModelIndex zip = row(tree, model, media, "Samples.zip");
        const QModelIndex zipMedia = row(tree, model, zip, "media");
        const QModelIndex models = row(tree, model, zipMedia, "models");
        const QModelIndex material =
            row(tree, model, row(tree, model, zipMedia, "materials"), "sample_brick_wall.materialbin");
        const QModelIndex textures = row(tree, model, media, "textures");
        QCOMPARE(material.data().toString(), QString("sample_brick_wall.materialbin"));
        const QModelIndex gravel = row(tree, model, textures, "sample_gravel.pb");
        // A folder inside the zip, an entry, a loose folder and a file in it (walked with its folder).
        select(tree, {models, material, textures, gravel});
        const QStringList inputs = view->selectionForWalk();
        const QString z = m_samples + "/media/Samples.zip::media/";
        QCOMPARE(inputs, QStringList({z + "models", z + "materials/sample_brick_wall.materialbin",
                                      m_samples + "/media/textures"}));
        // Every file there is a Grub bundle, "burG" at its start: 7 models, 1 material, and 26
        // textures (2 in cars/, 2 in signs/, 10 loose, 12 in environment.zip, a zip in the folder).
        FindFolderDialog* dialog = w.startFindAcrossSelection({FindKind::Text, "burG", {}}, inputs);
        QVERIFY(dialog);
        QCOMPARE(dialog->inputs(), inputs);
        QSignalSpy finished(dialog, &FindFolderDialog::findFinished);
        QVERIFY(dialog->done() || finished.wait(60000));
        const FindWalkResult& result = dialog->result();
        QVERIFY(result.unreadable.empty());
        QCOMPARE(result.files, std::uint64_t{34});
        std::set<std::string> starts;
        for (const FoundMatch& m : result.matches) {
            const QString input = QString::fromStdString(m.input);
            QVERIFY2(input.startsWith(inputs[0] + "/") || input == inputs[1] ||
                         input.startsWith(inputs[2] + "/"),
                     m.input.c_str());
            if (m.match.offset == 0) starts.insert(m.input);
        }
        QCOMPARE(starts.size(), std::size_t{34});
        QVERIFY(dialog->windowTitle().endsWith(z + "models and 2 more"));
    }

    // What Find Across Selection looks for is checked as it is typed.
    void findSelectionDialogChecksTheRequest() {
        FindSelectionDialog dialog({"a", "b"}, {FindKind::Names, "rim", {}, false});
        QCOMPARE(dialog.request().kind, FindKind::Value); // names are the open document's
        QCOMPARE(dialog.request().text, std::string("rim"));
        QVERIFY(dialog.acceptable());
        QVERIFY(dialog.keyEdit()->isEnabled());
        dialog.setRequest({FindKind::Bytes, "62 zz", {}, false});
        QVERIFY(!dialog.acceptable());
        QVERIFY(!dialog.errorText().isEmpty());
        QVERIFY(!dialog.keyEdit()->isEnabled());
        dialog.textEdit()->setText("62 75 ?? 47");
        QVERIFY(dialog.acceptable());
        QVERIFY(dialog.errorText().isEmpty());
        QCOMPARE(dialog.request().kind, FindKind::Bytes);
        QCOMPARE(dialog.request().text, std::string("62 75 ?? 47"));
        dialog.textEdit()->clear();
        QVERIFY(!dialog.acceptable());
        QVERIFY(dialog.errorText().isEmpty()); // nothing typed is not an error yet
    }

    // References open one way: a Game:\ path from a document under the install, and a .pgeo
    // block's model from the structure tree's menu.
    void referencesOpenByTheResolver() {
        MainWindow w;
        w.setPersistent(false);
        w.openInput(m_root + "/media/loose.pgeo"); // no install tab: the document's own root
        QVERIFY(apptest::waitLoads(w));
        const auto opened =
            w.openGamePath("Game:\\media\\cars\\WHEEL\\rim.swatchbin", m_root + "/media/loose.pgeo");
        QVERIFY(opened);
        QCOMPARE(opened->toLower(), (m_root + "/media/Cars.zip::wheel/rim.swatchbin").toLower());
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->currentWidget()->property("input").toString(), *opened);
        // An INPUT path opens as it is.
        const QString entry = m_root + "/media/Cars.zip::readme.txt";
        QCOMPARE(w.openGamePath(entry), std::optional<QString>(entry));
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->currentWidget()->property("input").toString(), entry);

        // The sample cell's blocks name models that lie in the same archive.
        const QString cell =
            QString::fromStdString(samples::sampleSetOpening(m_samples.toStdString()).back());
        w.openInput(cell);
        QVERIFY(apptest::waitLoads(w));
        DocumentView* doc = w.currentDocumentView();
        QVERIFY(doc && doc->document().placements);
        const Document& document = doc->document();
        std::size_t group = 0;
        while (group < document.placementModels.groupModel.size() &&
               document.placementModels.groupModel[group] < 0)
            ++group;
        QVERIFY(group < document.placements->groups.size());
        const NodeId array = document.placements->groups[group].array;
        QVERIFY(array != kNoNode);
        doc->jumpToNode(array);
        std::unique_ptr<QMenu> menu = doc->treeMenu();
        auto* open = menu->findChild<QAction*>("openModelAction");
        QVERIFY(open);
        QVERIFY(open->isEnabled());
        const QString model = QString::fromStdString(
            document.placementModels
                .models[static_cast<std::size_t>(document.placementModels.groupModel[group])]
                .input);
        QVERIFY(model.startsWith(m_samples + "/media/Samples.zip::"));
        QVERIFY(open->text().startsWith("Open Model "));
        open->trigger();
        QVERIFY(apptest::waitLoads(w));
        QCOMPARE(w.tabs()->currentWidget()->property("input").toString(), model);
    }

    // ASSETSCOPE_README_SCREENSHOT=FILE.png: the install tab on the sample set (as `make-samples`
    // writes it), the way to a texture in its zip open, for the README. The docks show an open
    // document's panes: closed here, the tab has the window.
    void screenshotOfTheSampleSet() {
        const QByteArray screenshot = qgetenv("ASSETSCOPE_README_SCREENSHOT");
        if (screenshot.isEmpty()) QSKIP("ASSETSCOPE_README_SCREENSHOT not set");
        MainWindow w;
        w.setPersistent(false);
        for (QDockWidget* dock : w.findChildren<QDockWidget*>())
            dock->close();
        w.resize(1240, 700);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        InstallView* view = w.openInstall(m_samples);
        QTRY_VERIFY_WITH_TIMEOUT(!view->indexing(), 30000);
        const install::NodeId gravel = view->model()->index().find(
            (m_samples + "/media/Samples.zip::media/textures/sample_gravel.pb").toStdString());
        QVERIFY(gravel != install::kNoNode);
        view->reveal(gravel);
        view->tree()->scrollToTop();
        QTest::qWait(400);
        QVERIFY(w.grab().save(QString::fromLocal8Bit(screenshot)));
    }
};

QTEST_MAIN(TestInstallWindow)
#include "tst_install_window.moc"
