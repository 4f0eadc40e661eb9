#pragma once

#include "find/find_query.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QToolButton;

namespace assetscope::app {

// The find bar over a document (Ctrl+F): what to look for (Names, Value, Bytes, Text), the text,
// a documented key for Value, and the state of the running find. A request is checked as it is
// typed; what is wrong shows under the field and nothing can run until it is right.
class FindBar : public QWidget {
    Q_OBJECT
public:
    explicit FindBar(QWidget* parent = nullptr);

    FindRequest request() const;
    // The checked request: nullopt while the text is empty or wrong (errorText() says why).
    const std::optional<FindQuery>& query() const { return m_query; }
    QString errorText() const;

    QComboBox* kindBox() const { return m_kind; }
    QLineEdit* textEdit() const { return m_text; }
    QLineEdit* keyEdit() const { return m_key; }
    QLabel* errorLabel() const { return m_error; }
    QLabel* countLabel() const { return m_count; }
    QProgressBar* progressBar() const { return m_progress; }
    QToolButton* cancelButton() const { return m_cancel; }
    QToolButton* folderButton() const { return m_folder; }

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
    void recheck();
    void onKindChanged();
    void submit();

    QComboBox* m_kind = nullptr;
    QLineEdit* m_text = nullptr;
    QLineEdit* m_key = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_count = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancel = nullptr;
    QToolButton* m_folder = nullptr;
    std::optional<FindQuery> m_query;
    std::string m_errorText;
};

} // namespace assetscope::app
