// File ▸ Census of a Folder: runs off the UI thread, reports progress, can be cancelled, and
// shows core's counts; and the run every folder dialog shares (FolderRun).
#include "archive/zip_archive.h"
#include "dialogs/census_dialog.h"
#include "dialogs/folder_run.h"
#include "main_window.h"
#include "samples/sample_set.h"
#include "worker_gate.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QTreeWidget>
#include <QtTest>

using namespace assetscope;
using namespace assetscope::app;

namespace {
QTreeWidgetItem* row(QTreeWidget* tree, const QString& what) {
    const auto items = tree->findItems(what, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return items.isEmpty() ? nullptr : items.first();
}
} // namespace

class TestCensusDialog : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        std::vector<std::string> written;
        std::string error;
        QVERIFY2(samples::writeSampleSet(m_dir.path().toStdString(), written, error), error.c_str());
    }

    void countsTheSampleSet() {
        MainWindow window;
        window.setPersistent(false);
        CensusDialog* dialog = window.startCensus(m_dir.path());
        QSignalSpy done(dialog, &CensusDialog::censusFinished);
        // The UI thread stays free while it runs: the event loop turns here.
        QVERIFY(done.wait(60000));
        QVERIFY(!dialog->running());
        const CensusCounts& counts = dialog->counts();
        // Every sample file twice: loose in its folder and again inside media/Samples.zip.
        std::uint64_t pgeo = 0;
        for (const auto& file : samples::allSampleFiles())
            pgeo += QString::fromStdString(file.name).endsWith(QStringLiteral(".pgeo"));
        QCOMPARE(counts.byFormat.at("pgeo"), 2 * pgeo);
        QTreeWidgetItem* files = row(dialog->results(), QStringLiteral("Files read"));
        QVERIFY(files);
        QCOMPARE(files->text(1), QLocale().toString(static_cast<qulonglong>(counts.files)));
        QTreeWidgetItem* pgeoRow = row(dialog->results(), QStringLiteral("pgeo"));
        QVERIFY(pgeoRow);
        QCOMPARE(pgeoRow->text(1), QLocale().toString(static_cast<qulonglong>(2 * pgeo)));
        QVERIFY(row(dialog->results(), QStringLiteral("Placements")));
        // The top-level rows in the contract's order, under the dialog's own labels, then the keys
        // the materials and shaders count by, before the refusals.
        QStringList topLevel;
        for (int i = 0; i < dialog->results()->topLevelItemCount(); ++i)
            topLevel << dialog->results()->topLevelItem(i)->text(0);
        QCOMPARE(topLevel, (QStringList{"Files read", "Bundles", "Nested bundles", "Blobs",
                                        "Metadata records", "Meshes", "Indices", "Vertices", "Placements",
                                        "Textures", "materials", "parameters", "shaders", "Refusals"}));
        // A row counted by kind shows the sum of its kinds, each kind a row under it.
        std::uint64_t blobs = 0;
        for (const auto& [kind, n] : counts.kinds("blobs"))
            blobs += n;
        QTreeWidgetItem* blobRow = row(dialog->results(), QStringLiteral("Blobs"));
        QCOMPARE(blobRow->text(1), QLocale().toString(static_cast<qulonglong>(blobs)));
        QCOMPARE(std::size_t(blobRow->childCount()), counts.kinds("blobs").size());
        // Every texture sample is counted, loose and in media/Samples.zip, each under its encoding;
        // those inside the install's own zips (media/textures/environment.zip, media/Textures.zip)
        // with them.
        const auto isTexture = [](const std::string& name) {
            return name.ends_with(".swatchbin") || name.ends_with(".pb");
        };
        std::uint64_t textureSamples = 0;
        for (const auto& file : samples::allSampleFiles()) {
            textureSamples += isTexture(file.name);
            if (!file.name.ends_with(".zip")) continue;
            std::string error;
            const auto zip = archive::ZipArchive::open(shareBytes(file.data), error);
            QVERIFY2(zip, error.c_str());
            for (const archive::ZipEntry& entry : zip->entries())
                textureSamples += isTexture(entry.name);
        }
        QTreeWidgetItem* textureRow = row(dialog->results(), QStringLiteral("Textures"));
        QCOMPARE(textureRow->text(1), QLocale().toString(static_cast<qulonglong>(2 * textureSamples)));
        QCOMPARE(std::size_t(textureRow->childCount()), counts.kinds("textures").size());
        QCOMPARE(row(dialog->results(), QStringLiteral("Bundles"))->text(1),
                 QLocale().toString(static_cast<qulonglong>(counts.total("bundles"))));
        QVERIFY2(dialog->statusText().startsWith(QStringLiteral("Read ")), qPrintable(dialog->statusText()));
        dialog->close();
    }

    void cancelStopsEarly() {
        std::atomic<std::uint64_t> found{0}, done{0};
        std::atomic<bool> walked{false}, cancel{true};
        // Cancelled before it starts: nothing is read.
        const CensusCounts counts = runFolderCensus(m_dir.path().toStdString(), found, done, walked, cancel);
        QCOMPARE(counts.files, std::uint64_t{0});
        QCOMPARE(done.load(), std::uint64_t{0});
        // And through the dialog: Cancel ends it, with the status saying so. The run waits for a
        // worker thread until the cancel is in, so it cannot have ended first.
        apptest::WorkerGate gate;
        CensusDialog dialog(m_dir.path());
        QSignalSpy finished(&dialog, &CensusDialog::censusFinished);
        QVERIFY(dialog.running());
        dialog.cancel();
        gate.release();
        QVERIFY(finished.wait(60000));
        QVERIFY2(dialog.statusText().startsWith(QStringLiteral("Cancelled")),
                 qPrintable(dialog.statusText()));
    }

    // The run every folder dialog shares: its counts polled while the work goes on, Cancel passed
    // to the work through its flag (and heard at once), the result taken once the work returns.
    void folderRunPollsCancelsAndTakesTheResult() {
        FolderRun<int> run;
        QSignalSpy progressed(&run, &FolderRunner::progressed);
        QSignalSpy finished(&run, &FolderRunner::finished);
        run.start([](FolderRunShared& shared) {
            shared.progress.found = 3;
            shared.progress.done = 1;
            while (!shared.cancel)
                QThread::msleep(5);
            return 42;
        });
        QVERIFY(run.running());
        QVERIFY(progressed.wait(60000)); // polled while the work waits for Cancel
        QCOMPARE(run.result(), 0);       // nothing before it ends
        const auto polls = progressed.count();
        run.cancel();
        QCOMPARE(progressed.count(), polls + 1);
        QVERIFY(run.cancelled());
        QVERIFY(finished.wait(60000));
        QVERIFY(run.ended() && !run.running());
        QCOMPARE(run.result(), 42);
        const FolderRunState state = run.state();
        QVERIFY(state.finished && state.cancelled && !state.listing);
        QCOMPARE(state.found, std::uint64_t{3});
        QCOMPARE(state.done, std::uint64_t{1});
        QCOMPARE(folderRunStatus(state, QStringLiteral("F")),
                 QStringLiteral("Cancelled after 1 of 3 files under F."));
    }

    // A run destroyed while its work goes on (its dialog closed) stops the work and waits for it.
    void folderRunDestroyedMidRunStopsItsWork() {
        auto stopped = std::make_shared<std::atomic<bool>>(false);
        {
            FolderRun<int> run(FolderRunner::Listing::First);
            run.start([stopped](FolderRunShared& shared) {
                while (!shared.cancel)
                    QThread::msleep(5);
                *stopped = true;
                return 1;
            });
            QVERIFY(run.state().listing); // a census lists first: no total yet
        }
        QVERIFY(stopped->load());
    }
};

QTEST_MAIN(TestCensusDialog)
#include "tst_census_dialog.moc"
