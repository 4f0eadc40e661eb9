// The archive browser's Export Selected…: two entries chosen in the table come out as files in
// the folder, skipped ones are reported, and a cancelled batch leaves no file or staging folder behind.
#include "dialogs/batch_export_dialog.h"
#include "main_window.h"
#include "models/archive_model.h"
#include "samples/sample_set.h"
#include "views/archive_view.h"

#include "app_fixtures.h"
#include "worker_gate.h"

#include <QDir>
#include <QDirIterator>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {

QStringList filesBelow(const QString& dir, QDir::Filters kinds = QDir::Files) {
    QStringList found;
    QDirIterator it(dir, kinds | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << QDir(dir).relativeFilePath(it.next());
    found.sort();
    return found;
}

// Adds the rows of these entry names to the table's selection, as ctrl-clicks would.
void selectEntries(ArchiveView& view, const QStringList& names) {
    QTableView* table = view.table();
    table->clearSelection();
    for (int row = 0; row < view.proxy()->rowCount(); ++row) {
        const QModelIndex index = view.proxy()->index(row, ArchiveModel::NameColumn);
        if (names.contains(index.data().toString()))
            table->selectionModel()->select(index, QItemSelectionModel::Select | QItemSelectionModel::Rows);
    }
}

bool waitFor(QSignalSpy& finished) {
    return finished.count() > 0 || finished.wait(120000);
}

} // namespace

class TestBatchExportDialog : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_zip;

    // The sample archive open in a window's archive browser, as its flat list.
    ArchiveView* openArchive(MainWindow& window) {
        window.setPersistent(false);
        window.show();
        window.openInput(m_zip);
        if (!apptest::waitLoads(window)) return nullptr;
        ArchiveView* view = window.currentArchiveView();
        if (view) view->setFlat(true); // the entries as one table
        return view;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(
            samples::writeSampleSet(m_dir.filePath(QStringLiteral("samples")).toStdString(), written, error),
            error.c_str());
        m_zip = m_dir.filePath(QStringLiteral("samples/media/Samples.zip"));
    }

    void exportsTwoSelectedEntries() {
        MainWindow window;
        ArchiveView* archive = openArchive(window);
        QVERIFY(archive);
        QVERIFY(archive->findChild<QPushButton*>(QStringLiteral("exportFilesButton")));
        selectEntries(*archive, {QStringLiteral("media/models/prp_sample_bench_v112.i.modelbin"),
                                 QStringLiteral("media/textures/sample_gravel.pb")});
        QCOMPARE(archive->selectedEntries().size(), std::size_t{2});
        BatchExportDialog* dialog = archive->exportSelectedFiles();
        QVERIFY(dialog);
        const QString out = m_dir.filePath(QStringLiteral("two"));
        dialog->setFolder(out);
        QVERIFY(dialog->setFormat(exporting::Format::Glb));
        QSignalSpy finished(dialog, &BatchExportDialog::exportFinished);
        dialog->start();
        QVERIFY(waitFor(finished));
        QCOMPARE(filesBelow(out),
                 (QStringList{QStringLiteral("media/models/prp_sample_bench_v112.i.modelbin.glb"),
                              QStringLiteral("media/textures/sample_gravel.pb.png")}));
        QCOMPARE(dialog->result().exported, std::uint64_t{2});
        QVERIFY2(dialog->statusText().startsWith(QStringLiteral("Exported 2 of 2 files")),
                 qPrintable(dialog->statusText()));
        QVERIFY(dialog->skippedText().isEmpty());
        // The glb is the one the command line writes for the same entry.
        QFile glb(out + QStringLiteral("/media/models/prp_sample_bench_v112.i.modelbin.glb"));
        QVERIFY(glb.open(QIODevice::ReadOnly));
        QCOMPARE(glb.read(4), QByteArray("glTF"));
    }

    void skippedEntriesAreReported() {
        MainWindow window;
        ArchiveView* archive = openArchive(window);
        QVERIFY(archive);
        selectEntries(*archive, {QStringLiteral("media/materials/sample_brick_wall.materialbin"),
                                 QStringLiteral("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo"),
                                 QStringLiteral("media/textures/sample_cube.pb")});
        BatchExportDialog* dialog = archive->exportSelectedFiles();
        QVERIFY(dialog);
        const QString out = m_dir.filePath(QStringLiteral("skipped"));
        dialog->setFolder(out);
        QSignalSpy finished(dialog, &BatchExportDialog::exportFinished);
        dialog->start();
        QVERIFY(waitFor(finished));
        // The placement file is written as its scene; only the material bundle is skipped.
        QCOMPARE(filesBelow(out),
                 (QStringList{QStringLiteral("media/textures/sample_cube.pb.png"),
                              QStringLiteral("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo.glb")}));
        QVERIFY2(dialog->statusText().contains(QStringLiteral("1 skipped")),
                 qPrintable(dialog->statusText()));
        const QString skipped = dialog->skippedText();
        QVERIFY2(!skipped.contains(QStringLiteral("c50_buildings_do.pgeo")), qPrintable(skipped));
        QVERIFY2(skipped.contains(QStringLiteral("sample_brick_wall.materialbin: [export.unexportable] a "
                                                 "material holds no geometry")),
                 qPrintable(skipped));
    }

    void cancelBeforeTheFirstFileLeavesNothing() {
        MainWindow window;
        ArchiveView* archive = openArchive(window);
        QVERIFY(archive);
        archive->table()->selectAll();
        BatchExportDialog* dialog = archive->exportSelectedFiles();
        QVERIFY(dialog);
        const QString out = m_dir.filePath(QStringLiteral("cancelled"));
        dialog->setFolder(out);
        QSignalSpy finished(dialog, &BatchExportDialog::exportFinished);
        // Cancelled while the batch waits for a worker thread: whatever the machine's load, the
        // batch sees the cancel before its first file.
        apptest::WorkerGate gate;
        dialog->start();
        dialog->cancel();
        gate.release();
        QVERIFY(waitFor(finished));
        const exporting::BatchResult& r = dialog->result();
        QVERIFY(r.cancelled);
        QCOMPARE(r.exported, std::uint64_t{0}); // of the 23 exportable files the archive holds
        QVERIFY2(dialog->statusText().startsWith(QStringLiteral("Cancelled.")),
                 qPrintable(dialog->statusText()));
        // Nothing written, and no staging folder left behind.
        QVERIFY(r.written.empty());
        QCOMPARE(QDir(out).exists() ? filesBelow(out, QDir::Files | QDir::Dirs) : QStringList{},
                 QStringList{});
    }
};

QTEST_MAIN(TestBatchExportDialog)
#include "tst_batch_export_dialog.moc"
