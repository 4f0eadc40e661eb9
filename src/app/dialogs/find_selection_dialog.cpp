#include "dialogs/find_selection_dialog.h"

#include "views/field_key_completer.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace assetscope::app {

FindSelectionDialog::FindSelectionDialog(const QStringList& inputs, const FindRequest& start, QWidget* parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("findSelectionDialog"));
    setWindowTitle(tr("Find Across Selection"));
    auto* layout = new QVBoxLayout(this);
    QString what = inputs.size() == 1 ? inputs.front() : tr("the %1 selected items").arg(inputs.size());
    auto* heading = new QLabel(tr("Find in every file under %1:").arg(what.toHtmlEscaped()), this);
    heading->setWordWrap(true);
    heading->setToolTip(inputs.join(QLatin1Char('\n')));
    layout->addWidget(heading);

    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("findKind"));
    m_kind->addItem(tr("Value"), static_cast<int>(FindKind::Value));
    m_kind->addItem(tr("Bytes"), static_cast<int>(FindKind::Bytes));
    m_kind->addItem(tr("Text"), static_cast<int>(FindKind::Text));
    m_text = new QLineEdit(this);
    m_text->setObjectName(QStringLiteral("findText"));
    m_text->setMinimumWidth(320);
    m_key = new QLineEdit(this);
    m_key->setObjectName(QStringLiteral("findKey"));
    m_key->setPlaceholderText(tr("any documented field"));
    m_key->setCompleter(fieldKeyCompleter(this));
    auto* form = new QFormLayout;
    form->addRow(tr("Look for:"), m_kind);
    form->addRow(tr("What:"), m_text);
    form->addRow(tr("In field:"), m_key);
    layout->addLayout(form);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("findError"));
    QPalette red = m_error->palette();
    red.setColor(QPalette::WindowText, QColor(0xC6, 0x28, 0x28));
    m_error->setPalette(red);
    layout->addWidget(m_error);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Find"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &FindSelectionDialog::recheck);
    connect(m_text, &QLineEdit::textChanged, this, &FindSelectionDialog::recheck);
    connect(m_key, &QLineEdit::textChanged, this, &FindSelectionDialog::recheck);
    setRequest(start);
}

FindRequest FindSelectionDialog::request() const {
    FindRequest r;
    r.kind = static_cast<FindKind>(m_kind->currentData().toInt());
    r.text = m_text->text().toStdString();
    if (r.kind == FindKind::Value) r.key = m_key->text().trimmed().toStdString();
    return r;
}

void FindSelectionDialog::setRequest(const FindRequest& request) {
    // Names are the open document's: a find across files starts from a value.
    const FindKind kind = request.kind == FindKind::Names ? FindKind::Value : request.kind;
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(static_cast<int>(kind))));
    m_key->setText(QString::fromStdString(request.key));
    m_text->setText(QString::fromStdString(request.text));
    recheck();
}

QString FindSelectionDialog::errorText() const {
    return m_error->text();
}

bool FindSelectionDialog::acceptable() const {
    return m_buttons->button(QDialogButtonBox::Ok)->isEnabled();
}

void FindSelectionDialog::recheck() {
    const FindRequest r = request();
    m_key->setEnabled(r.kind == FindKind::Value);
    const CompiledFind compiled = compileFind(r);
    const bool empty = m_text->text().trimmed().isEmpty();
    m_error->setText(compiled.ok() || empty ? QString() : QString::fromStdString(compiled.error));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(compiled.ok());
}

} // namespace assetscope::app
