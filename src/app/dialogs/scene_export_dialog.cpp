#include "dialogs/scene_export_dialog.h"

#include "background_threads.h"
#include "contract/preview.h"
#include "ui_scene_export_dialog.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QtConcurrent/QtConcurrentRun>

namespace assetscope::app {

SceneExportDialog::SceneExportDialog(const QString& input, const QString& outputPath, int season,
                                     const QStringList& modelPlaces, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::SceneExportDialog>()), m_input(input) {
    m_ui->setupUi(this);
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    m_ui->formatBox->addItem(tr("glTF binary (.glb)"), QStringLiteral("glb"));
    m_ui->formatBox->addItem(tr("glTF (.gltf + .bin)"), QStringLiteral("gltf"));
    for (const std::string& label : seasonLabels())
        m_ui->seasonBox->addItem(QString::fromStdString(label));
    m_ui->seasonBox->setCurrentIndex(std::clamp(season, 0, m_ui->seasonBox->count() - 1));
    setOutputPath(outputPath);
    setModelPlaces(modelPlaces);
    m_ui->progressBar->hide();
    connect(m_ui->formatBox, &QComboBox::activated, this, [this] {
        const QFileInfo out(m_ui->outputEdit->text());
        if (!out.fileName().isEmpty())
            m_ui->outputEdit->setText(out.path() + QLatin1Char('/') + out.completeBaseName() +
                                      QLatin1Char('.') + m_ui->formatBox->currentData().toString());
    });
    connect(m_ui->browseButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Scene"), m_ui->outputEdit->text(),
                                                          tr("glTF (*.glb *.gltf)"));
        if (!path.isEmpty()) setOutputPath(path);
    });
    connect(m_ui->addFolderButton, &QPushButton::clicked, this,
            [this] { addPlace(QFileDialog::getExistingDirectory(this, tr("Look for Models in a Folder"))); });
    connect(m_ui->addArchiveButton, &QPushButton::clicked, this, [this] {
        addPlace(QFileDialog::getOpenFileName(this, tr("Look for Models in an Archive"), QString(),
                                              tr("Zip archives (*.zip);;All files (*)")));
    });
    connect(m_ui->removeButton, &QPushButton::clicked, this,
            [this] { delete m_ui->placesList->currentItem(); });
}

SceneExportDialog::~SceneExportDialog() {
    if (m_cancel) *m_cancel = true; // a run still going stops before it writes
}

void SceneExportDialog::setOutputPath(const QString& path) {
    m_ui->outputEdit->setText(path);
    const int format = m_ui->formatBox->findData(QFileInfo(path).suffix().toLower());
    if (format >= 0) m_ui->formatBox->setCurrentIndex(format);
}

void SceneExportDialog::setModelPlaces(const QStringList& places) {
    m_ui->placesList->clear();
    for (const QString& place : places)
        addPlace(place);
}

void SceneExportDialog::setInstancing(bool on) {
    m_ui->instancingBox->setChecked(on);
}

void SceneExportDialog::setTextures(bool on) {
    m_ui->texturesBox->setChecked(on);
}

QStringList SceneExportDialog::modelPlaces() const {
    QStringList out;
    for (int i = 0; i < m_ui->placesList->count(); ++i)
        out << m_ui->placesList->item(i)->text();
    return out;
}

int SceneExportDialog::season() const {
    return m_ui->seasonBox->currentIndex();
}

void SceneExportDialog::addPlace(const QString& place) {
    if (!place.isEmpty() && !modelPlaces().contains(place)) m_ui->placesList->addItem(place);
}

void SceneExportDialog::setRunning(bool on) {
    m_running = on;
    for (QWidget* w :
         {static_cast<QWidget*>(m_ui->outputEdit), static_cast<QWidget*>(m_ui->browseButton),
          static_cast<QWidget*>(m_ui->formatBox), static_cast<QWidget*>(m_ui->seasonBox),
          static_cast<QWidget*>(m_ui->placesList), static_cast<QWidget*>(m_ui->addFolderButton),
          static_cast<QWidget*>(m_ui->addArchiveButton), static_cast<QWidget*>(m_ui->removeButton),
          static_cast<QWidget*>(m_ui->instancingBox), static_cast<QWidget*>(m_ui->texturesBox)})
        w->setEnabled(!on);
    m_ui->buttonBox->button(QDialogButtonBox::Ok)->setEnabled(!on);
    m_ui->progressBar->setVisible(on);
}

void SceneExportDialog::accept() {
    if (m_running) return;
    const QString out = m_ui->outputEdit->text().trimmed();
    if (out.isEmpty()) {
        m_ui->statusLabel->setText(tr("Choose the file to write."));
        return;
    }
    exporting::SceneExportOptions options;
    options.season = season();
    options.format = m_ui->formatBox->currentData().toString() == QLatin1String("gltf")
                         ? exporting::Format::Gltf
                         : exporting::Format::Glb;
    options.instancing = m_ui->instancingBox->isChecked();
    options.looks.textures = m_ui->texturesBox->isChecked();
    for (const QString& root : m_roots)
        options.looks.roots.push_back(root.toStdString());
    options.looks.resolvers = m_resolvers;
    for (const QString& place : modelPlaces())
        options.modelPlaces.push_back(place.toStdString());
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    options.cancelled = [cancel = m_cancel] { return cancel->load(); };
    QPointer<SceneExportDialog> self(this);
    options.progress = [self](std::size_t done, std::size_t total) {
        QMetaObject::invokeMethod(qApp, [self, done, total] {
            if (!self) return;
            self->m_ui->progressBar->setMaximum(static_cast<int>(total));
            self->m_ui->progressBar->setValue(static_cast<int>(done));
        });
    };
    m_written.clear();
    m_notes.clear();
    m_ui->progressBar->setRange(0, 0); // busy until the first input is read
    m_ui->statusLabel->setText(tr("Reading the placements and their models…"));
    setRunning(true);
    auto* watcher = new QFutureWatcher<exporting::SceneExportResult>(this);
    connect(watcher, &QFutureWatcher<exporting::SceneExportResult>::finished, this, [this, watcher] {
        watcher->deleteLater();
        onFinished(watcher->result());
    });
    watcher->setFuture(
        QtConcurrent::run(&backgroundThreads(), [inputs = std::vector<std::string>{m_input.toStdString()},
                                                 options, path = out.toStdString()] {
            return exporting::exportPlacedScene(inputs, options, path);
        }));
}

void SceneExportDialog::onFinished(const exporting::SceneExportResult& r) {
    setRunning(false);
    for (const auto& note : r.notes)
        m_notes << QString::fromStdString(note);
    const bool cancelled = m_cancel && m_cancel->load();
    m_cancel.reset();
    emit exportEnded(r.ok);
    if (cancelled) {
        QDialog::reject();
        return;
    }
    if (!r.ok) {
        m_ui->statusLabel->setText(tr("Not exported: %1").arg(QString::fromStdString(r.error)));
        return;
    }
    for (const auto& f : r.files)
        m_written << QString::fromStdString(f.string());
    QDialog::accept();
}

void SceneExportDialog::reject() {
    if (m_running && m_cancel) {
        *m_cancel = true; // the run ends between two inputs, then the dialog closes
        m_ui->statusLabel->setText(tr("Cancelling…"));
        return;
    }
    QDialog::reject();
}

} // namespace assetscope::app
