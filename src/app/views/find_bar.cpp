#include "views/find_bar.h"

#include "docs/doc_table.h"

#include <QComboBox>
#include <QCompleter>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QStringListModel>
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

QToolButton* toolButton(QWidget* parent, const QString& text, const QString& tip,
                        QStyle::StandardPixmap icon) {
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    if (icon != QStyle::SP_CustomBase) b->setIcon(parent->style()->standardIcon(icon));
    b->setAutoRaise(true);
    return b;
}
} // namespace

FindBar::FindBar(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("findBar"));
    // One row (two with an error): the document below takes the height.
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(4, 3, 4, 3);
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(1);

    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("findKind"));
    m_kind->addItem(tr("Names"), static_cast<int>(FindKind::Names));
    m_kind->addItem(tr("Value"), static_cast<int>(FindKind::Value));
    m_kind->addItem(tr("Bytes"), static_cast<int>(FindKind::Bytes));
    m_kind->addItem(tr("Text"), static_cast<int>(FindKind::Text));
    m_kind->setToolTip(tr("What to look for: node names (the tree filter), documented values, a byte "
                          "pattern or a text"));

    m_text = new QLineEdit(this);
    m_text->setObjectName(QStringLiteral("findText"));
    m_text->setClearButtonEnabled(true);
    m_text->setMinimumWidth(220);

    m_key = new QLineEdit(this);
    m_key->setObjectName(QStringLiteral("findKey"));
    m_key->setPlaceholderText(tr("in field (any)"));
    m_key->setToolTip(tr("Value only: a documented field's key, or empty for every documented field"));
    m_key->setClearButtonEnabled(true);
    QStringList keys;
    for (const DocField& f : DocTable::instance().fields())
        keys << QString::fromStdString(f.key);
    keys.removeDuplicates();
    keys.sort();
    auto* completer = new QCompleter(new QStringListModel(keys, this), this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_key->setCompleter(completer);

    auto* previous = toolButton(this, tr("Previous"), tr("Previous match (Shift+F3)"), QStyle::SP_ArrowUp);
    auto* next = toolButton(this, tr("Next"), tr("Next match (F3)"), QStyle::SP_ArrowDown);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("findCount"));
    m_count->setMinimumWidth(
        m_count->fontMetrics().horizontalAdvance(QStringLiteral("12,345 of 99,999 matches")));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("findProgress"));
    m_progress->setMaximumWidth(140);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_cancel = toolButton(this, tr("Cancel"), tr("Stop the find"), QStyle::SP_BrowserStop);
    m_cancel->setObjectName(QStringLiteral("findCancel"));
    m_cancel->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_cancel->hide();
    m_folder = toolButton(this, tr("Across Folder…"), tr("Find this in every file under a folder or archive"),
                          QStyle::SP_CustomBase);
    m_folder->setObjectName(QStringLiteral("findAcrossFolder"));
    m_folder->setPopupMode(QToolButton::MenuButtonPopup);
    auto* where = new QMenu(m_folder);
    where->addAction(tr("In a Folder…"), this, [this] { emit acrossFolderRequested(false); });
    where->addAction(tr("In an Archive…"), this, [this] { emit acrossFolderRequested(true); });
    m_folder->setMenu(where);
    auto* close = toolButton(this, QString(), tr("Close the find bar (Esc)"), QStyle::SP_TitleBarCloseButton);

    auto* row = new QHBoxLayout;
    row->setSpacing(4);
    row->addWidget(m_kind);
    row->addWidget(m_text, 3);
    row->addWidget(m_key, 2);
    row->addWidget(previous);
    row->addWidget(next);
    row->addWidget(m_count);
    row->addWidget(m_progress);
    row->addWidget(m_cancel);
    row->addStretch(0);
    row->addWidget(m_folder);
    row->addWidget(close);
    grid->addLayout(row, 0, 0);

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("findError"));
    QPalette red = m_error->palette();
    red.setColor(QPalette::WindowText, QColor(0xC6, 0x28, 0x28));
    m_error->setPalette(red);
    m_error->hide();
    grid->addWidget(m_error, 1, 0);

    connect(m_kind, &QComboBox::currentIndexChanged, this, &FindBar::onKindChanged);
    connect(m_text, &QLineEdit::textChanged, this, &FindBar::recheck);
    connect(m_key, &QLineEdit::textChanged, this, &FindBar::recheck);
    connect(m_text, &QLineEdit::returnPressed, this, &FindBar::submit);
    connect(m_key, &QLineEdit::returnPressed, this, &FindBar::submit);
    connect(previous, &QToolButton::clicked, this, &FindBar::previousRequested);
    connect(next, &QToolButton::clicked, this, &FindBar::nextRequested);
    connect(m_cancel, &QToolButton::clicked, this, &FindBar::cancelRequested);
    connect(m_folder, &QToolButton::clicked, this, [this] { emit acrossFolderRequested(false); });
    connect(close, &QToolButton::clicked, this, &FindBar::closeRequested);
    onKindChanged();
}

FindRequest FindBar::request() const {
    FindRequest r;
    r.kind = static_cast<FindKind>(m_kind->currentData().toInt());
    r.text = m_text->text().toStdString();
    if (r.kind == FindKind::Value) r.key = m_key->text().trimmed().toStdString();
    return r;
}

QString FindBar::errorText() const {
    return QString::fromStdString(m_errorText);
}

void FindBar::setRequest(const FindRequest& request) {
    const QSignalBlocker block(m_kind);
    m_kind->setCurrentIndex(std::max(0, m_kind->findData(static_cast<int>(request.kind))));
    m_key->setText(QString::fromStdString(request.key));
    m_text->setText(QString::fromStdString(request.text));
    onKindChanged();
}

void FindBar::focusText() {
    m_text->setFocus();
    m_text->selectAll();
}

void FindBar::setRunning(bool running) {
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    if (running) m_progress->setRange(0, 0);
}

void FindBar::setProgress(std::uint64_t done, std::uint64_t total) {
    // Progress bars take int: per mille of the bytes.
    m_progress->setRange(0, 1000);
    m_progress->setValue(total ? static_cast<int>(std::min(done, total) * 1000 / total) : 0);
}

void FindBar::setCountText(const QString& text) {
    m_count->setText(text);
}

void FindBar::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape) {
        emit closeRequested();
        return;
    }
    QWidget::keyPressEvent(event);
}

void FindBar::onKindChanged() {
    const auto kind = static_cast<FindKind>(m_kind->currentData().toInt());
    m_text->setPlaceholderText(hintFor(kind));
    m_key->setVisible(kind == FindKind::Value);
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
    m_error->setText(errorText());
    m_error->setVisible(!m_errorText.empty());
    m_folder->setEnabled(m_query.has_value() && r.kind != FindKind::Names);
    if (r.kind == FindKind::Names) emit namesFilterChanged(m_text->text().trimmed());
}

void FindBar::submit() {
    if (m_query) emit findRequested(*m_query);
}

} // namespace assetscope::app
