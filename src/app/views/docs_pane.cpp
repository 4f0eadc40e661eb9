#include "views/docs_pane.h"

#include "docs/doc_table.h"
#include "document.h"
#include "models/field_finding.h"
#include "models/field_stats_store.h"
#include "models/hex_number.h"
#include "models/structure_model.h"
#include "views/confidence_style.h"
#include "views/document_context.h"
#include "views/document_view.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QTextDocument>
#include <QVBoxLayout>

namespace assetscope::app {

namespace {

QString esc(const std::string& s) {
    return QString::fromStdString(s).toHtmlEscaped();
}

QString confidenceHtml(Confidence c) {
    if (c == Confidence::None) return QStringLiteral("—");
    return QStringLiteral("<span style=\"color:%1\">●</span> %2")
        .arg(confidenceColor(c).name(), QString::fromUtf8(confidenceName(c)));
}

} // namespace

DocsPane::DocsPane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_label = new QLabel(scroll);
    m_label->setObjectName(QStringLiteral("docsText"));
    m_label->setTextFormat(Qt::RichText);
    m_label->setWordWrap(true);
    m_label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_label->setMargin(6);
    m_label->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_label, &QLabel::customContextMenuRequested, this, &DocsPane::showMenu);
    scroll->setWidget(m_label);
    layout->addWidget(scroll);
    showNode(nullptr, kNoNode);
}

QString DocsPane::text() const {
    QTextDocument doc;
    doc.setHtml(m_label->text());
    return doc.toPlainText();
}

void DocsPane::setFieldStats(const FieldStatsStore* store) {
    if (m_fieldStats) disconnect(m_fieldStats, nullptr, this, nullptr);
    m_fieldStats = store;
    if (store) connect(store, &FieldStatsStore::changed, this, [this] { showNode(m_tree, m_node); });
}

std::unique_ptr<QMenu> DocsPane::contextMenu() {
    auto menu = std::make_unique<QMenu>(this);
    if (m_label->hasSelectedText())
        menu->addAction(tr("Copy"), this,
                        [this] { QApplication::clipboard()->setText(m_label->selectedText()); });
    menu->addAction(tr("Copy All"), this, [this] { QApplication::clipboard()->setText(text()); });
    if (const DocField* doc = m_comparison.doc) {
        menu->addSeparator();
        const QString key = QString::fromStdString(doc->key);
        QAction* values = menu->addAction(tr("Values across a folder…"), this,
                                          [this, key] { emit fieldValuesRequested(key); });
        values->setObjectName(QStringLiteral("valuesAcrossFolderAction"));
    }
    return menu;
}

void DocsPane::showMenu(const QPoint& pos) {
    contextMenu()->exec(m_label->mapToGlobal(pos));
}

QString DocsPane::acrossFilesHtml(const DocField& doc) const {
    // The row's statement: its type (which often holds the expected value, "u32 = 0"), its
    // note (where the documents say what the census showed) and how sure they are of it.
    QString statement = esc(doc.type);
    if (!doc.note.empty()) statement += QStringLiteral(": “%1”").arg(esc(doc.note));
    statement += QStringLiteral(" (%1)").arg(confidenceHtml(doc.confidence));
    const FolderFinding* finding = m_fieldStats ? m_fieldStats->find(doc.key) : nullptr;
    const QString folder =
        finding ? folderFinding(finding->stats, finding->filesRead).toHtmlEscaped() +
                      QStringLiteral("<br><small>%1</small>").arg(finding->folder.toHtmlEscaped())
                : tr("<i>not counted yet: right-click ▸ Values across a folder…</i>");
    return QStringLiteral("<p style=\"margin-bottom:0\"><b>%1</b></p>"
                          "<table cellspacing=\"0\" cellpadding=\"3\" border=\"0\">"
                          "<tr><td valign=\"top\"><b>%2</b></td><td>%3</td></tr>"
                          "<tr><td valign=\"top\"><b>%4</b></td><td>%5</td></tr></table>")
        .arg(tr("Across files"), tr("the document:"), statement, tr("this folder:"), folder);
}

void DocsPane::showNode(const StructureTree* tree, NodeId id) {
    m_comparison = {};
    m_tree = tree;
    m_node = id;
    if (!tree || id == kNoNode || id >= tree->nodeCount()) {
        m_label->setText(tr("<i>Select a field to see its documented row.</i>"));
        return;
    }
    m_comparison = compareWithDoc(*tree, id);
    const Node& n = tree->node(id);
    const DocComparison& c = m_comparison;
    const QString bad = errorColor().name();
    const QString good = confidenceColor(Confidence::Proven).name();
    QString html;
    html += QStringLiteral("<h3 style=\"margin:0\">%1</h3><p style=\"margin-top:2px\">%2</p>")
                .arg(esc(n.name), QString::fromStdString(tree->path(id)).toHtmlEscaped());
    if (!c.doc) {
        html += tr("<p><i>The format documents do not describe this %1.</i></p>")
                    .arg(QString::fromUtf8(nodeKindName(n.kind)));
    }
    html += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"3\" border=\"0\">");
    html += QStringLiteral("<tr><th></th><th align=\"left\">%1</th><th align=\"left\">%2</th></tr>")
                .arg(tr("Documented"), tr("Read"));
    auto row = [&](const QString& what, const QString& documented, const QString& read, bool mismatch) {
        const QString style =
            mismatch ? QStringLiteral(" style=\"color:%1; font-weight:bold\"").arg(bad) : QString();
        html += QStringLiteral("<tr><td><b>%1</b></td><td%4>%2</td><td%4>%3</td></tr>")
                    .arg(what, documented, read, style);
    };
    const QString none = QStringLiteral("—");
    row(tr("Structure"), c.doc ? esc(c.doc->format + " / " + c.doc->structure) : none,
        n.parent != kNoNode ? esc(tree->node(n.parent).name) : none, false);
    row(tr("Field"), c.doc ? esc(c.doc->field) : none, esc(n.name), false);
    row(tr("Offset"), c.doc ? esc(c.doc->offsetText) : none,
        QStringLiteral("+%1 (absolute %2)").arg(hexNumber(c.relativeOffset), hexNumber(n.offset)),
        c.offsetMismatch);
    row(tr("Size"), c.doc ? esc(c.doc->size) : none, QString::number(n.size), c.sizeMismatch);
    row(tr("Type"), c.doc ? esc(c.doc->type) : none,
        esc(n.type.empty() ? std::string(nodeKindName(n.kind)) : n.type), false);
    row(tr("Confidence"), c.doc ? confidenceHtml(c.doc->confidence) : none, confidenceHtml(n.confidence),
        false);
    row(tr("Value"), none, StructureModel::valueText(*tree, id).toHtmlEscaped(), false);
    html += QStringLiteral("</table>");
    if (c.doc && !c.doc->note.empty())
        html += QStringLiteral("<p><b>%1</b> %2</p>").arg(tr("Note:"), esc(c.doc->note));
    if (tree == m_userNotesTree && id == m_userNotesNode) html += m_userNotes;
    if (c.doc) {
        // A row of a field table, a sentence of the prose, or the public readers' notes: how to
        // find the statement in the documents.
        const QString where = c.doc->origin == DocOrigin::Table   ? tr("a row of the document's field table")
                              : c.doc->origin == DocOrigin::Prose ? tr("a sentence of the document's prose")
                                                                  : tr("public-reader-notes.md (Sourced)");
        html += QStringLiteral("<p><i>%1</i> %2</p>").arg(tr("Stated in:"), where);
    }
    if (c.offsetMismatch)
        html += QStringLiteral("<p style=\"color:%1\"><b>✗ %2</b></p>")
                    .arg(bad, tr("Offset mismatch: the document puts this field at +%1 in its structure; it "
                                 "was read at +%2.")
                                  .arg(hexNumber(*c.documentedOffset), hexNumber(c.relativeOffset)));
    if (c.sizeMismatch)
        html +=
            QStringLiteral("<p style=\"color:%1\"><b>✗ %2</b></p>")
                .arg(bad,
                     tr("Size mismatch: documented %1 bytes, read %2.").arg(*c.documentedSize).arg(n.size));
    if (c.doc && c.documentedOffset && !c.offsetMismatch && (!c.documentedSize || !c.sizeMismatch))
        html +=
            QStringLiteral("<p style=\"color:%1\">✓ %2</p>").arg(good, tr("Read where the document says."));
    for (const Diagnostic& diag : tree->diagnosticsAt(id)) {
        html += QStringLiteral("<p style=\"color:%1\">%2 [%3] %4</p>")
                    .arg(diag.severity == Severity::Error ? bad : warningColor().name(),
                         QString::fromUtf8(severityName(diag.severity)), esc(diag.rule), esc(diag.message));
    }
    // Last: what the file's own checks said comes before what a folder showed.
    if (c.doc) html += acrossFilesHtml(*c.doc);
    m_label->setText(html);
}

void DocsPane::attached(DocumentContext& context) {
    setFieldStats(&context.fieldStats());
    connect(this, &DocsPane::fieldValuesRequested, this,
            [&context](const QString& key) { context.askFieldValues(key); });
}

void DocsPane::placeShown(const Document& document, NodeId node, std::uint64_t) {
    showNode(document.tree(), node);
}

void DocsPane::documentChanged(DocumentView* view, const Document*) {
    if (!view) showNode(nullptr, kNoNode);
}

void DocsPane::nodeSelected(DocumentView& view, NodeId node) {
    // The user's notes beside the document's row, told apart from it by a colour bar and a label.
    m_userNotes.clear();
    m_userNotesTree = view.document().tree();
    m_userNotesNode = node;
    for (const notes::AttachedNote& a : view.notesAt(node)) {
        const QString where =
            a.pathNote
                ? tr("your note on %1 in every %2 file").arg(esc(a.pathNote->path), esc(a.pathNote->format))
                : tr("your bookmark");
        m_userNotes += QStringLiteral("<p style=\"border-left: 4px solid %1; padding-left: 4px\">"
                                      "<b style=\"color:%1\">■</b> <b>%2:</b> %3</p>")
                           .arg(QString::fromStdString(a.colour()), where, esc(a.note()));
    }
    showNode(view.document().tree(), node);
}

} // namespace assetscope::app
