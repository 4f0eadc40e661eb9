#include "dialogs/game_roots_dialog.h"

#include "ui_game_roots_dialog.h"

#include <QDir>
#include <QFileDialog>

namespace assetscope::app {

GameRootsDialog::GameRootsDialog(const QStringList& roots, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::GameRootsDialog>()) {
    m_ui->setupUi(this);
    m_ui->rootList->addItems(roots);
    connect(m_ui->addButton, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a Game Root"));
        if (!folder.isEmpty()) addRoot(folder);
    });
    connect(m_ui->removeButton, &QPushButton::clicked, this,
            [this] { delete m_ui->rootList->currentItem(); });
    connect(m_ui->upButton, &QPushButton::clicked, this, [this] {
        const int row = m_ui->rootList->currentRow();
        if (row <= 0) return;
        m_ui->rootList->insertItem(row - 1, m_ui->rootList->takeItem(row));
        m_ui->rootList->setCurrentRow(row - 1);
    });
    connect(m_ui->rootList, &QListWidget::currentRowChanged, this, &GameRootsDialog::updateButtons);
    updateButtons();
}

GameRootsDialog::~GameRootsDialog() = default;

QStringList GameRootsDialog::roots() const {
    QStringList roots;
    for (int i = 0; i < m_ui->rootList->count(); ++i)
        roots << m_ui->rootList->item(i)->text();
    return roots;
}

void GameRootsDialog::addRoot(const QString& folder) {
    const QString root = QDir::cleanPath(QDir(folder).absolutePath());
    if (!roots().contains(root)) m_ui->rootList->addItem(root);
    m_ui->rootList->setCurrentRow(static_cast<int>(roots().indexOf(root)));
}

void GameRootsDialog::updateButtons() {
    const int row = m_ui->rootList->currentRow();
    m_ui->removeButton->setEnabled(row >= 0);
    m_ui->upButton->setEnabled(row > 0);
}

} // namespace assetscope::app
