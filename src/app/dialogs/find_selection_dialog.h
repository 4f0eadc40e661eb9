#pragma once

#include "find/find_query.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace assetscope::app {

// What Find Across Selection looks for in the selected rows of an install or an archive: a
// value (in any documented field, or in one), bytes or a text, as the find bar takes them; the
// request is checked as it is typed and OK waits until it is right. (Names are found in the open
// document only.)
class FindSelectionDialog : public QDialog {
    Q_OBJECT
public:
    FindSelectionDialog(const QStringList& inputs, const FindRequest& start, QWidget* parent = nullptr);

    FindRequest request() const;
    void setRequest(const FindRequest& request);
    QComboBox* kindBox() const { return m_kind; }
    QLineEdit* textEdit() const { return m_text; }
    QLineEdit* keyEdit() const { return m_key; }
    QString errorText() const;
    bool acceptable() const;

private:
    void recheck();

    QComboBox* m_kind = nullptr;
    QLineEdit* m_text = nullptr;
    QLineEdit* m_key = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace assetscope::app
