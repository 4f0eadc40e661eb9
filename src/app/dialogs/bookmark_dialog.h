#pragma once

#include <QColor>
#include <QDialog>

#include <memory>

namespace Ui {
class BookmarkDialog;
}

namespace assetscope::app {

// Asks for a note and a colour (Ctrl+D, "Note on This Field in Every File…").
class BookmarkDialog : public QDialog {
    Q_OBJECT
public:
    BookmarkDialog(const QString& title, const QString& place, QWidget* parent = nullptr);
    ~BookmarkDialog() override;
    QString note() const;
    QColor colour() const;

private:
    std::unique_ptr<Ui::BookmarkDialog> m_ui; // ui/bookmark_dialog.ui
};

} // namespace assetscope::app
