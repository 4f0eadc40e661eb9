#include "dialogs/batch_export_dialog.h"

#include "ui_batch_export_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QThread>

namespace assetscope::app {

BatchExportDialog::BatchExportDialog(QStringList inputs, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::BatchExportDialog>()), m_inputs(std::move(inputs)) {
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("batchExportDialog"));
    setWindowTitle(tr("Export Selected"));
    m_ui->selectionLabel->setText(
        tr("%n selected file(s): each model and MeshSet is written as one file, each texture as PNG "
           "(DDS when a PNG cannot hold it), below the folder by its path in the archive.",
           nullptr, static_cast<int>(m_inputs.size())));
    for (const exporting::ExportFormat& f : exporting::exportFormats(exporting::ExportKind::Scene))
        m_ui->formatCombo->addItem(QString::fromUtf8(f.labelWithFiles().c_str()), static_cast<int>(f.format));
    m_export = m_ui->buttonBox->button(QDialogButtonBox::Ok);
    m_export->setText(tr("&Export"));
    m_cancel = m_ui->buttonBox->button(QDialogButtonBox::Cancel);
    m_cancel->setEnabled(false);
    connect(m_export, &QPushButton::clicked, this, &BatchExportDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &BatchExportDialog::cancel);
    connect(m_ui->buttonBox->button(QDialogButtonBox::Close), &QPushButton::clicked, this, [this] {
        cancel();
        accept();
    });
    connect(m_ui->browseButton, &QPushButton::clicked, this, &BatchExportDialog::chooseFolder);
    connect(&m_run, &FolderRunner::progressed, this, &BatchExportDialog::poll);
    connect(&m_run, &FolderRunner::finished, this, [this] {
        showResult();
        m_cancel->setEnabled(false);
        emit exportFinished();
    });
}

BatchExportDialog::~BatchExportDialog() = default;

void BatchExportDialog::setFolder(const QString& folder) {
    m_ui->folderEdit->setText(folder);
}

bool BatchExportDialog::setFormat(exporting::Format format) {
    const int index = m_ui->formatCombo->findData(static_cast<int>(format));
    if (index < 0) return false;
    m_ui->formatCombo->setCurrentIndex(index);
    return true;
}

void BatchExportDialog::setTextures(bool on) {
    m_ui->texturesBox->setChecked(on);
}

void BatchExportDialog::chooseFolder() {
    const QString folder =
        QFileDialog::getExistingDirectory(this, tr("Export Selected into Folder"), m_ui->folderEdit->text());
    if (!folder.isEmpty()) setFolder(folder);
}

void BatchExportDialog::start() {
    if (running()) return;
    m_folder = m_ui->folderEdit->text();
    if (m_folder.isEmpty()) {
        m_ui->statusLabel->setText(tr("Choose a folder to export into."));
        return;
    }
    exporting::BatchOptions options;
    options.sceneFormat = static_cast<exporting::Format>(m_ui->formatCombo->currentData().toInt());
    options.jobs = std::max(1, QThread::idealThreadCount());
    options.looks.textures = m_ui->texturesBox->isChecked();
    for (const QString& root : m_roots)
        options.looks.roots.push_back(root.toStdString());
    options.looks.resolvers = m_resolvers;
    std::vector<std::string> paths;
    for (const QString& input : m_inputs)
        paths.push_back(input.toStdString());
    for (QWidget* w : {static_cast<QWidget*>(m_ui->folderEdit), static_cast<QWidget*>(m_ui->browseButton),
                       static_cast<QWidget*>(m_ui->formatCombo), static_cast<QWidget*>(m_ui->texturesBox),
                       static_cast<QWidget*>(m_export)})
        w->setEnabled(false);
    m_cancel->setEnabled(true);
    m_ui->skippedText->clear();

    m_run.start([paths, out = std::filesystem::path(m_folder.toStdString()), options](FolderRunShared& run) {
        exporting::BatchOptions counted = options;
        counted.progress = &run.progress;
        counted.cancel = &run.cancel;
        return exporting::exportBatch(paths, out, counted);
    });
    poll();
}

QString BatchExportDialog::statusText() const {
    return m_ui->statusLabel->text();
}

QString BatchExportDialog::skippedText() const {
    return m_ui->skippedText->toPlainText();
}

void BatchExportDialog::poll() {
    if (!running()) return;
    const FolderRunState state = m_run.state();
    showFolderProgress(*m_ui->progressBar, state.found, state.done);
    // A file being written is finished first: each output is whole or absent.
    m_ui->statusLabel->setText(state.cancelled ? tr("Stopping after the file being written…")
                                               : folderRunStatus(state, m_folder));
}

void BatchExportDialog::showResult() {
    const exporting::BatchResult& r = m_run.result();
    const FolderRunState state = m_run.state();
    showFolderProgress(*m_ui->progressBar, state.found, state.done);
    const QString done = tr("Exported %1 of %2 files into %3 (%4 written); %5 skipped.")
                             .arg(countText(r.exported), countText(r.files), m_folder,
                                  countText(r.written.size()), countText(r.skippedFiles));
    m_ui->statusLabel->setText(r.cancelled ? tr("Cancelled. ") + done : done);
    QStringList lines;
    for (const exporting::BatchSkip& s : r.skipped)
        lines << QString::fromStdString(s.input + ": [" + s.rule + "] " + s.message);
    m_ui->skippedText->setPlainText(lines.join(QLatin1Char('\n')));
}

} // namespace assetscope::app
