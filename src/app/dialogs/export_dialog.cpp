#include "dialogs/export_dialog.h"

#include "export/output_files.h"
#include "export/scene_writer.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QToolButton>

namespace assetscope::app {

ExportDialog::ExportDialog(const ParsedFile& file, const QString& baseName, const QString& folder,
                           QWidget* parent)
    : QDialog(parent), m_file(file) {
    setWindowTitle(tr("Export Geometry"));
    setObjectName(QStringLiteral("exportDialog"));
    auto* form = new QFormLayout(this);
    m_format = new QComboBox(this);
    for (const exporting::ExportFormat& f : exporting::exportFormats())
        m_format->addItem(QString::fromStdString(f.labelWithFiles()), QString::fromUtf8(f.name));
    form->addRow(tr("&Format:"), m_format);
    m_formatKeeps = new QLabel(this);
    m_formatKeeps->setObjectName(QStringLiteral("formatKeeps"));
    m_formatKeeps->setWordWrap(true);
    form->addRow(QString(), m_formatKeeps);
    m_meshes = new QLineEdit(this);
    m_meshes->setPlaceholderText(tr("every mesh of the finest LOD drawn in the main view"));
    m_meshes->setToolTip(tr("Mesh indices, comma separated (0-based, file order)"));
    form->addRow(tr("&Meshes:"), m_meshes);
    m_lod = new QSpinBox(this);
    m_lod->setRange(-1, 31);
    m_lod->setSpecialValueText(tr("finest"));
    m_lod->setValue(-1);
    form->addRow(tr("&LOD:"), m_lod);
    m_variant = new QSpinBox(this);
    m_variant->setRange(0, 255);
    form->addRow(tr("Material &variant:"), m_variant);
    m_season = new QComboBox(this);
    m_season->addItems({tr("Spring"), tr("Summer"), tr("Autumn"), tr("Winter")});
    m_season->setCurrentIndex(1);
    form->addRow(tr("&Season:"), m_season);
    auto* folderRow = new QHBoxLayout;
    m_folder = new QLineEdit(folder, this);
    auto* browse = new QToolButton(this);
    browse->setText(QStringLiteral("…"));
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    form->addRow(tr("F&older:"), folderRow);
    m_name = new QLineEdit(baseName, this);
    form->addRow(tr("File &name:"), m_name);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    form->addRow(m_status);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export Folder"), m_folder->text());
        if (!dir.isEmpty()) m_folder->setText(dir);
    });
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::updateSuffix);
    m_confirm = [this](const QStringList& existing) {
        return QMessageBox::question(this, tr("Replace Files?"),
                                     tr("These files exist already:\n%1\n\nReplace them?")
                                         .arg(existing.join(QLatin1Char('\n'))),
                                     QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
    };
    updateSuffix();
}

void ExportDialog::setFolder(const QString& folder) {
    m_folder->setText(folder);
}
void ExportDialog::setFileName(const QString& name) {
    m_name->setText(name);
}
void ExportDialog::setMeshes(const QString& list) {
    m_meshes->setText(list);
}
void ExportDialog::setLod(int lod) {
    m_lod->setValue(lod);
}
void ExportDialog::setFormat(const QString& format) {
    const int i = m_format->findData(format);
    if (i >= 0) m_format->setCurrentIndex(i);
}

void ExportDialog::updateSuffix() {
    QFileInfo info(m_name->text());
    const QString base = info.completeBaseName().isEmpty() ? m_name->text() : info.completeBaseName();
    m_name->setText(base + QLatin1Char('.') + m_format->currentData().toString());
    if (const auto format = exporting::formatFromName(m_format->currentData().toString().toStdString()))
        m_formatKeeps->setText(QString::fromUtf8(exporting::exportFormat(*format).keeps));
}

QString ExportDialog::targetPath(QString& error) const {
    const QString name = m_name->text().trimmed();
    const QDir folder(m_folder->text());
    if (m_folder->text().isEmpty() || !folder.exists()) {
        error = tr("Choose an existing folder.");
        return {};
    }
    // A plain file name only: no separators and no way up, so nothing lands outside the folder.
    if (name.isEmpty() || name == QLatin1String(".") || name == QLatin1String("..") ||
        name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\'))) {
        error = tr("The file name must be a plain name inside the chosen folder.");
        return {};
    }
    const QString path = folder.absoluteFilePath(name);
    if (QFileInfo(path).absoluteDir().canonicalPath() != folder.canonicalPath()) {
        error = tr("The file would land outside the chosen folder.");
        return {};
    }
    return path;
}

std::optional<ExportSelection> ExportDialog::selection(QString& error) const {
    ExportSelection s;
    for (const QString& part :
         m_meshes->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const uint index = part.toUInt(&ok);
        if (!ok) {
            error = tr("Mesh indices are numbers separated by commas: \"%1\" is not one.").arg(part);
            return std::nullopt;
        }
        s.meshes.push_back(index);
    }
    if (m_lod->value() >= 0) s.lod = m_lod->value();
    s.variant = m_variant->value();
    s.season = m_season->currentIndex();
    return s;
}

bool ExportDialog::exportNow(QString& error) {
    m_written.clear();
    const QString path = targetPath(error);
    if (path.isEmpty()) return false;
    const auto sel = selection(error);
    if (!sel) return false;
    const auto format = exporting::formatFromName(m_format->currentData().toString().toStdString());
    if (!format) {
        error = tr("Unknown format.");
        return false;
    }
    std::string reason;
    const auto scene = m_file.exportScene(*sel, reason);
    if (!scene) {
        error = QString::fromStdString(reason);
        return false;
    }
    // Every file the writer will make: the target and the companions it names after it.
    QStringList targets{path};
    const std::filesystem::path out = path.toStdString();
    for (std::string_view companion : exporting::exportFormat(*format).companions)
        targets << QString::fromStdString(exporting::companionPath(out, companion).string());
    QStringList existing;
    for (const QString& t : targets)
        if (QFileInfo::exists(t)) existing << t;
    if (!existing.isEmpty() && !(m_confirm && m_confirm(existing))) {
        error = tr("Nothing written: the files exist and were not to be replaced.");
        return false;
    }
    std::string writeError;
    exporting::WriteReport report;
    if (!exporting::writeScene(*scene, *format, out, writeError, &report)) {
        error = QString::fromStdString(writeError);
        return false;
    }
    for (const auto& f : report.files)
        m_written << QString::fromStdString(f.string());
    return true;
}

void ExportDialog::accept() {
    QString error;
    if (!exportNow(error)) {
        m_status->setText(
            QStringLiteral("<span style=\"color:#d93f3f\">%1</span>").arg(error.toHtmlEscaped()));
        return;
    }
    QDialog::accept();
}

} // namespace assetscope::app
