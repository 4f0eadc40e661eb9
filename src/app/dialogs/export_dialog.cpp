#include "dialogs/export_dialog.h"

#include "ui_export_dialog.h"

#include "export/export_looks.h"
#include "export/output_files.h"
#include "export/scene_writer.h"
#include "export/texture_writer.h"
#include "export/whole_scene_writer.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QToolButton>

namespace assetscope::app {

ExportDialog::~ExportDialog() = default;

ExportDialog::ExportDialog(const ParsedFile& file, const QString& baseName, const QString& folder,
                           QWidget* parent, exporting::ExportKind kind)
    : QDialog(parent), m_ui(std::make_unique<Ui::ExportDialog>()), m_file(file), m_kind(kind) {
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("exportDialog"));
    showRowsOfKind();
    for (const exporting::ExportFormat& f : exporting::exportFormats(kind))
        m_ui->formatBox->addItem(QString::fromStdString(f.labelWithFiles()), QString::fromUtf8(f.name));
    m_ui->folderEdit->setText(folder);
    m_ui->nameEdit->setText(baseName);
    m_ui->buttonBox->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_ui->browseButton, &QToolButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Export Folder"), m_ui->folderEdit->text());
        if (!dir.isEmpty()) m_ui->folderEdit->setText(dir);
    });
    connect(m_ui->formatBox, &QComboBox::currentIndexChanged, this, &ExportDialog::updateSuffix);
    m_confirm = [this](const QStringList& existing) {
        return QMessageBox::question(this, tr("Replace Files?"),
                                     tr("These files exist already:\n%1\n\nReplace them?")
                                         .arg(existing.join(QLatin1Char('\n'))),
                                     QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
    };
    updateSuffix();
}

void ExportDialog::showRowsOfKind() {
    const bool texture = m_kind == exporting::ExportKind::Texture;
    for (QWidget* w : std::initializer_list<QWidget*>{m_ui->meshesEdit, m_ui->lodBox, m_ui->variantBox,
                                                      m_ui->seasonBox, m_ui->texturesBox})
        m_ui->form->setRowVisible(w, !texture);
    for (QWidget* w : std::initializer_list<QWidget*>{m_ui->mipBox, m_ui->sliceBox})
        m_ui->form->setRowVisible(w, texture);
    if (!texture) return;
    setWindowTitle(tr("Export Texture"));
    m_texture = m_file.texture();
    m_ui->mipBox->setMaximum(m_texture ? static_cast<int>(std::max(1u, m_texture->mips) - 1) : 0);
    m_ui->sliceBox->setMaximum(m_texture ? static_cast<int>(std::max(1u, m_texture->slices) - 1) : 0);
}

void ExportDialog::setLevel(int mip, int slice) {
    m_ui->mipBox->setValue(mip);
    m_ui->sliceBox->setValue(slice);
}

void ExportDialog::setLookSource(const QString& input, const QStringList& roots,
                                 std::shared_ptr<resolve::ResolverPool> resolvers) {
    m_input = input;
    m_roots = roots;
    m_resolvers = std::move(resolvers);
}

void ExportDialog::setTextures(bool on) {
    m_ui->texturesBox->setChecked(on);
}

QString ExportDialog::keepsText() const {
    return m_ui->formatKeeps->text();
}

void ExportDialog::setFolder(const QString& folder) {
    m_ui->folderEdit->setText(folder);
}
void ExportDialog::setFileName(const QString& name) {
    m_ui->nameEdit->setText(name);
}
void ExportDialog::setMeshes(const QString& list) {
    m_ui->meshesEdit->setText(list);
}
void ExportDialog::setLod(int lod) {
    m_ui->lodBox->setValue(lod);
}
void ExportDialog::setFormat(const QString& format) {
    const int i = m_ui->formatBox->findData(format);
    if (i >= 0) m_ui->formatBox->setCurrentIndex(i);
}

void ExportDialog::updateSuffix() {
    QFileInfo info(m_ui->nameEdit->text());
    const QString base = info.completeBaseName().isEmpty() ? m_ui->nameEdit->text() : info.completeBaseName();
    m_ui->nameEdit->setText(base + QLatin1Char('.') + m_ui->formatBox->currentData().toString());
    if (const auto format =
            exporting::formatFromName(m_ui->formatBox->currentData().toString().toStdString())) {
        const exporting::FormatKeeps& keeps = exporting::exportFormat(*format).keeps;
        m_ui->formatKeeps->setText(QString::fromStdString(exporting::keepsText(keeps)));
        // A DDS holds every level: there is none to choose.
        m_ui->mipBox->setEnabled(!keeps.everyLevel);
        m_ui->sliceBox->setEnabled(!keeps.everyLevel);
    }
}

QString ExportDialog::targetPath(QString& error) const {
    const QString name = m_ui->nameEdit->text().trimmed();
    const QDir folder(m_ui->folderEdit->text());
    if (m_ui->folderEdit->text().isEmpty() || !folder.exists()) {
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
         m_ui->meshesEdit->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const uint index = part.toUInt(&ok);
        if (!ok) {
            error = tr("Mesh indices are numbers separated by commas: \"%1\" is not one.").arg(part);
            return std::nullopt;
        }
        s.meshes.push_back(index);
    }
    if (m_ui->lodBox->value() >= 0) s.lod = m_ui->lodBox->value();
    s.variant = m_ui->variantBox->value();
    s.season = m_ui->seasonBox->currentIndex();
    return s;
}

bool ExportDialog::confirmTargets(const QStringList& targets, QString& error) const {
    QStringList existing;
    for (const QString& t : targets)
        if (QFileInfo::exists(t)) existing << t;
    if (!existing.isEmpty() && !(m_confirm && m_confirm(existing))) {
        error = tr("Nothing written: the files exist and were not to be replaced.");
        return false;
    }
    return true;
}

bool ExportDialog::exportTexture(exporting::Format format, const QString& path, QString& error) {
    if (!m_texture) {
        error = tr("This file holds no texture.");
        return false;
    }
    const exporting::TextureChoice choice{static_cast<std::uint32_t>(m_ui->mipBox->value()),
                                          static_cast<std::uint32_t>(m_ui->sliceBox->value())};
    // Refused before asking about files: nothing would be written anyway.
    if (const auto refusal = exporting::textureRefusal(*m_texture, format, choice)) {
        error = QString::fromStdString(*refusal);
        return false;
    }
    if (!confirmTargets({path}, error)) return false;
    std::string writeError;
    exporting::TextureWriteReport report;
    if (!exporting::writeTexture(*m_texture, m_file.tree().bytes(), format, choice, path.toStdString(),
                                 writeError, &report)) {
        error = QString::fromStdString(writeError);
        return false;
    }
    for (const auto& f : report.files)
        m_written << QString::fromStdString(f.string());
    return true;
}

bool ExportDialog::exportNow(QString& error) {
    m_written.clear();
    m_notes.clear();
    const QString path = targetPath(error);
    if (path.isEmpty()) return false;
    const auto format = exporting::formatFromName(m_ui->formatBox->currentData().toString().toStdString());
    if (!format || exporting::exportFormat(*format).kind() != m_kind) {
        error = tr("Unknown format.");
        return false;
    }
    if (m_kind == exporting::ExportKind::Texture) return exportTexture(*format, path, error);
    const auto sel = selection(error);
    if (!sel) return false;
    std::string reason;
    auto scene = m_file.exportScene(*sel, reason);
    if (!scene) {
        error = QString::fromStdString(reason);
        return false;
    }
    // The looks' textures, as `export --root DIR...` finds them; what is not found is noted.
    if (m_ui->texturesBox->isChecked() && !m_input.isEmpty()) {
        exporting::LookSettings settings;
        for (const QString& root : m_roots)
            settings.roots.push_back(root.toStdString());
        settings.resolvers = m_resolvers;
        exporting::ExportLooks looks(std::move(settings));
        for (const auto& note : looks.apply(*scene, m_file, m_input.toStdString()))
            m_notes << QString::fromStdString(note);
    }
    // Every file the writer will make: the target and the companions it names after it.
    QStringList targets{path};
    const std::filesystem::path out = path.toStdString();
    for (std::string_view companion : exporting::exportFormat(*format).companions)
        targets << QString::fromStdString(exporting::companionPath(out, companion).string());
    for (const auto& image : exporting::imageFilesBeside(*scene, *format, out))
        targets << QString::fromStdString(image.string());
    if (!confirmTargets(targets, error)) return false;
    std::string writeError;
    exporting::WriteReport report;
    if (!exporting::writeWholeScene(*scene, *format, out, writeError, &report)) {
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
        m_ui->statusLabel->setText(
            QStringLiteral("<span style=\"color:#d93f3f\">%1</span>").arg(error.toHtmlEscaped()));
        return;
    }
    QDialog::accept();
}

} // namespace assetscope::app
