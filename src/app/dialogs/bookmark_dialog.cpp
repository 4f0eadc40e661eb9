#include "dialogs/bookmark_dialog.h"

#include "ui_bookmark_dialog.h"

#include <QPixmap>

namespace assetscope::app {

BookmarkDialog::BookmarkDialog(const QString& title, const QString& place, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::BookmarkDialog>()) {
    m_ui->setupUi(this);
    setWindowTitle(title);
    m_ui->placeLabel->setText(place);
    // A few colours that stay readable under the tree's text in light and dark themes.
    const std::pair<const char*, QColor> colours[] = {
        {QT_TR_NOOP("Yellow"), QColor(0xE6, 0xC2, 0x29)}, {QT_TR_NOOP("Green"), QColor(0x4C, 0xAF, 0x50)},
        {QT_TR_NOOP("Blue"), QColor(0x42, 0x8B, 0xCA)},   {QT_TR_NOOP("Red"), QColor(0xD9, 0x53, 0x4F)},
        {QT_TR_NOOP("Purple"), QColor(0x9C, 0x6A, 0xDE)}, {QT_TR_NOOP("Orange"), QColor(0xF0, 0x8C, 0x2E)}};
    for (const auto& [name, colour] : colours) {
        QPixmap swatch(12, 12);
        swatch.fill(colour);
        m_ui->colourBox->addItem(QIcon(swatch), tr(name), colour);
    }
}

BookmarkDialog::~BookmarkDialog() = default;

QString BookmarkDialog::note() const {
    return m_ui->noteEdit->text();
}

QColor BookmarkDialog::colour() const {
    return m_ui->colourBox->currentData().value<QColor>();
}

} // namespace assetscope::app
