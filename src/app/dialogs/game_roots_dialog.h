#pragma once

#include <QDialog>
#include <QStringList>

#include <memory>

namespace Ui {
class GameRootsDialog;
}

namespace assetscope::app {

// File ▸ Game Roots…: the folders Game:\ paths resolve under, in order, to add, remove and
// reorder. The caller takes roots() when it is accepted.
class GameRootsDialog : public QDialog {
    Q_OBJECT
public:
    explicit GameRootsDialog(const QStringList& roots, QWidget* parent = nullptr);
    ~GameRootsDialog() override;
    QStringList roots() const;
    // Adds a folder as Add Folder… does, without asking (tests).
    void addRoot(const QString& folder);

private:
    void updateButtons();

    std::unique_ptr<Ui::GameRootsDialog> m_ui; // ui/game_roots_dialog.ui
};

} // namespace assetscope::app
