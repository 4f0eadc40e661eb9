#include "views/find_bar.h"

#include "ui_find_bar.h"
#include "views/field_key_completer.h"

#include <QComboBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

namespace assetscope::app {

namespace {
QString hintFor(FindKind kind) {
    switch (kind) {
    case FindKind::Names:
        return QObject::tr("Name, type or value text…");
    case FindKind::Value:
        return QObject::tr("Value: 42, 0x2A, 1.5, name_*…");
    case FindKind::Bytes:
        return QObject::tr("Bytes in hex, ?? for any: 62 75 ?? 47");
    case FindKind::Text:
        return QObject::tr("Text, as ASCII and UTF-16LE…");
    }
    return {};
}

} // namespace

FindBar::FindBar(QWidget* parent) : QWidget(parent), m_ui(std::make_unique<Ui::FindBar>()) {
    setObjectName(QStringLiteral("findBar"));
    m_ui->setupUi(this);
    finishForm();
    connect(m_ui->findKind, &QComboBox::currentIndexChanged, this, &FindBar::onKindChanged);
    connect(m_ui->findText, &QLineEdit::textChanged, this, &FindBar::recheck);
    connect(m_ui->findKey, &QLineEdit::textChanged, this, &FindBar::recheck);
    connect(m_ui->findText, &QLineEdit::returnPressed, this, &FindBar::submit);
    connect(m_ui->findKey, &QLineEdit::returnPressed, this, &FindBar::submit);
    connect(m_ui->findPrevious, &QToolButton::clicked, this, &FindBar::previousRequested);
    connect(m_ui->findNext, &QToolButton::clicked, this, &FindBar::nextRequested);
    connect(m_ui->findCancel, &QToolButton::clicked, this, &FindBar::cancelRequested);
    connect(m_ui->findAcrossFolder, &QToolButton::clicked, this,
            [this] { emit acrossFolderRequested(false); });
    connect(m_ui->findClose, &QToolButton::clicked, this, &FindBar::closeRequested);
    onKindChanged();
}

FindBar::~FindBar() = default;

void FindBar::finishForm() {
    // The kinds in the box's order.
    const FindKind kinds[] = {FindKind::Names, FindKind::Value, FindKind::Bytes, FindKind::Text};
    for (int i = 0; i < m_ui->findKind->count(); ++i)
        m_ui->findKind->setItemData(i, static_cast<int>(kinds[i]));
    m_ui->findKey->setCompleter(fieldKeyCompleter(this));

    m_ui->findPrevious->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
    m_ui->findNext->setIcon(style()->standardIcon(QStyle::SP_ArrowDown));
    m_ui->findCancel->setIcon(style()->standardIcon(QStyle::SP_BrowserStop));
    m_ui->findClose->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_ui->findCount->setMinimumWidth(
        m_ui->findCount->fontMetrics().horizontalAdvance(QStringLiteral("12,345 of 99,999 matches")));
    // Shown while a find runs.
    m_ui->findProgress->hide();
    m_ui->findCancel->hide();
    auto* where = new QMenu(m_ui->findAcrossFolder);
    where->addAction(tr("In a Folder…"), this, [this] { emit acrossFolderRequested(false); });
    where->addAction(tr("In an Archive…"), this, [this] { emit acrossFolderRequested(true); });
    m_ui->findAcrossFolder->setMenu(where);

    QPalette red = m_ui->findError->palette();
    red.setColor(QPalette::WindowText, QColor(0xC6, 0x28, 0x28));
    m_ui->findError->setPalette(red);
    m_ui->findError->hide();
}

QComboBox* FindBar::kindBox() const {
    return m_ui->findKind;
}

QLineEdit* FindBar::textEdit() const {
    return m_ui->findText;
}

QLineEdit* FindBar::keyEdit() const {
    return m_ui->findKey;
}

QLabel* FindBar::errorLabel() const {
    return m_ui->findError;
}

QLabel* FindBar::countLabel() const {
    return m_ui->findCount;
}

QProgressBar* FindBar::progressBar() const {
    return m_ui->findProgress;
}

QToolButton* FindBar::cancelButton() const {
    return m_ui->findCancel;
}

QToolButton* FindBar::folderButton() const {
    return m_ui->findAcrossFolder;
}

FindRequest FindBar::request() const {
    FindRequest r;
    r.kind = static_cast<FindKind>(m_ui->findKind->currentData().toInt());
    r.text = m_ui->findText->text().toStdString();
    if (r.kind == FindKind::Value) r.key = m_ui->findKey->text().trimmed().toStdString();
    return r;
}

QString FindBar::errorText() const {
    return QString::fromStdString(m_errorText);
}

void FindBar::setRequest(const FindRequest& request) {
    const QSignalBlocker block(m_ui->findKind);
    m_ui->findKind->setCurrentIndex(std::max(0, m_ui->findKind->findData(static_cast<int>(request.kind))));
    m_ui->findKey->setText(QString::fromStdString(request.key));
    m_ui->findText->setText(QString::fromStdString(request.text));
    onKindChanged();
}

void FindBar::focusText() {
    m_ui->findText->setFocus();
    m_ui->findText->selectAll();
}

void FindBar::setRunning(bool running) {
    m_ui->findProgress->setVisible(running);
    m_ui->findCancel->setVisible(running);
    if (running) m_ui->findProgress->setRange(0, 0);
}

void FindBar::setProgress(std::uint64_t done, std::uint64_t total) {
    // Progress bars take int: per mille of the bytes.
    m_ui->findProgress->setRange(0, 1000);
    m_ui->findProgress->setValue(total ? static_cast<int>(std::min(done, total) * 1000 / total) : 0);
}

void FindBar::setCountText(const QString& text) {
    m_ui->findCount->setText(text);
}

void FindBar::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        emit closeRequested();
        return;
    }
    QWidget::keyPressEvent(event);
}

void FindBar::onKindChanged() {
    const auto kind = static_cast<FindKind>(m_ui->findKind->currentData().toInt());
    m_ui->findText->setPlaceholderText(hintFor(kind));
    m_ui->findKey->setVisible(kind == FindKind::Value);
    // Only the Names kind filters the tree: leaving it shows the whole tree again.
    if (kind != FindKind::Names) emit namesFilterChanged(QString());
    recheck();
}

void FindBar::recheck() {
    const FindRequest r = request();
    m_query.reset();
    m_errorText.clear();
    // An empty field is not yet a mistake: nothing to say, nothing to run.
    if (!QString::fromStdString(r.text).trimmed().isEmpty()) {
        CompiledFind compiled = compileFind(r);
        if (compiled.ok())
            m_query = std::move(compiled.query);
        else
            m_errorText = compiled.error;
    }
    m_ui->findError->setText(errorText());
    m_ui->findError->setVisible(!m_errorText.empty());
    m_ui->findAcrossFolder->setEnabled(m_query.has_value() && r.kind != FindKind::Names);
    if (r.kind == FindKind::Names) emit namesFilterChanged(m_ui->findText->text().trimmed());
}

void FindBar::submit() {
    if (m_query) emit findRequested(*m_query);
}

} // namespace assetscope::app
