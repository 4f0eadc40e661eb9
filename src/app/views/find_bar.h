#pragma once

#include "find/find_query.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QToolButton;

namespace Ui {
class FindBar;
}

namespace assetscope::app {

// The find bar over a document (Ctrl+F): what to look for (Names, Value, Bytes, Text), the text,
// a documented key for Value, and the state of the running find. A request is checked as it is
// typed; what is wrong shows under the field and nothing can run until it is right. Laid out in
// ui/find_bar.ui.
class FindBar : public QWidget {
    Q_OBJECT
public:
    explicit FindBar(QWidget* parent = nullptr);
    ~FindBar() override;

    FindRequest request() const;
    // The checked request: nullopt while the text is empty or wrong (errorText() says why).
    const std::optional<FindQuery>& query() const { return m_query; }
    QString errorText() const;

    QComboBox* kindBox() const;
    QLineEdit* textEdit() const;
    QLineEdit* keyEdit() const;
    QLabel* errorLabel() const;
    QLabel* countLabel() const;
    QProgressBar* progressBar() const;
    QToolButton* cancelButton() const;
    QToolButton* folderButton() const;

    void setRequest(const FindRequest& request);
    void focusText();
    // A find is running (progress shown, Cancel on) or not.
    void setRunning(bool running);
    void setProgress(std::uint64_t done, std::uint64_t total);
    void setCountText(const QString& text);

signals:
    void findRequested(const assetscope::FindQuery& query);
    void nextRequested();
    void previousRequested();
    void cancelRequested();
    // Find Across Folder… with this request: `archive` when the user asked for an archive.
    void acrossFolderRequested(bool archive);
    // The Names kind's text, for the tree filter (empty: no filter).
    void namesFilterChanged(const QString& text);
    void closeRequested();

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    // What the form cannot hold: the kinds' values, the style's icons, the keys to complete, the
    // red of an error, the folder button's menu.
    void finishForm();
    void recheck();
    void onKindChanged();
    void submit();

    std::unique_ptr<Ui::FindBar> m_ui; // ui/find_bar.ui
    std::optional<FindQuery> m_query;
    std::string m_errorText;
};

} // namespace assetscope::app
