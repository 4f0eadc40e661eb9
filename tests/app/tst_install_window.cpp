// File ▸ Open Install…: an install folder as one tab with one tree (folders, zips as folders, files),
// its first level at once, the whole index in the background; the filter box; Ctrl+L's Game:\ path.
// The install is built here: ROOT/media/Cars.zip holds wheel/rim.swatchbin and readme.txt;
// ROOT/media/loose.pgeo; ROOT/notes.txt.
#include "app_fixtures.h"

#include "archive/zip_archive.h"
#include "main_window.h"
#include "models/install_model.h"
#include "views/install_view.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDir>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <cstring>

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
QModelIndex opened(InstallView& view, const QModelIndex& index) {
    view.tree()->expand(index);
    if (view.model()->canFetchMore(index)) view.model()->fetchMore(index);
    return index;
}

} // namespace

class TestInstallWindow : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

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
};

QTEST_MAIN(TestInstallWindow)
#include "tst_install_window.moc"
