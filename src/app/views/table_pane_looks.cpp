// The table pane over a look: a model's material slot, a material or a shader. The effective
// parameters above the chain and the textures, each row leading to where it was read from.
#include "document.h"
#include "document_looks.h"
#include "models/look_tables.h"
#include "models/source_table_model.h"
#include "models/structure_model.h"
#include "resolve/game_root.h"
#include "views/document_view.h"
#include "views/table_pane.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>

#include <algorithm>

namespace assetscope::app {

namespace {

bool holds(const StructureTree& tree, NodeId ancestor, NodeId node) {
    if (ancestor == kNoNode) return false;
    for (NodeId at = node; at != kNoNode; at = tree.node(at).parent)
        if (at == ancestor) return true;
    return false;
}

// The look a node belongs to: the one whose slot (or MATL, DFPR blob) or parameter record holds
// it, else the one look whose parameter records it holds (a material's MTPR blob, its records'
// array). A material's or shader's one look also stands for the file as a whole (its root, or no
// selection: kNoNode). -1 when none.
int lookHolding(const std::vector<MaterialLook>& looks, const StructureTree& tree, NodeId node) {
    if (looks.size() == 1 && !looks[0].slot && (node == kNoNode || node == tree.root())) return 0;
    if (node == kNoNode) return -1;
    for (std::size_t i = 0; i < looks.size(); ++i) {
        if (holds(tree, looks[i].node, node)) return static_cast<int>(i);
        for (const MaterialParameter& p : looks[i].parameters)
            if (holds(tree, p.node, node)) return static_cast<int>(i);
    }
    int holder = -1;
    for (std::size_t i = 0; i < looks.size(); ++i) {
        const auto& parameters = looks[i].parameters;
        if (std::none_of(parameters.begin(), parameters.end(),
                         [&](const MaterialParameter& p) { return holds(tree, node, p.node); }))
            continue;
        if (holder >= 0) return -1; // the records of several looks: a bundle, not one look's part
        holder = static_cast<int>(i);
    }
    return holder;
}

QString headingOf(const MaterialLook& look) {
    QString heading = look.slot && look.part
                          ? TablePane::tr("Model %1, slot %2").arg(*look.part).arg(*look.slot)
                      : look.slot                               ? TablePane::tr("Slot %1").arg(*look.slot)
                      : look.kind == MaterialLook::Kind::Shader ? TablePane::tr("Shader")
                                                                : TablePane::tr("Material");
    if (!look.name.empty()) heading += QStringLiteral(": ") + QString::fromStdString(look.name);
    return heading.toHtmlEscaped();
}

// "instance → material → shader", a link that stops the chain marked.
QString chainText(const materials::ResolvedLook& look) {
    QStringList links;
    for (const materials::ChainLink& link : look.chain) {
        QString text = QString::fromUtf8(materialKindName(link.kind));
        if (!link.problem.empty())
            text = TablePane::tr("<span style='color:#c62828'>%1 (%2)</span>")
                       .arg(text,
                            link.found ? TablePane::tr("the chain stops here") : TablePane::tr("not found"));
        links << text;
    }
    return links.join(QStringLiteral(" → "));
}

QString rootsText(const std::vector<std::string>& roots, const QString& input) {
    if (roots.empty())
        return TablePane::tr("No Game:\\ roots: the file lies in no install (no media folder above it); "
                             "add one in File ▸ Game Roots…");
    const std::optional<std::string> own = resolve::rootOf(input.toStdString());
    QStringList names;
    for (const std::string& root : roots)
        names << QString::fromStdString(root).toHtmlEscaped() +
                     (own && root == *own ? TablePane::tr(" (the file's own)") : QString());
    return TablePane::tr("Game:\\ roots: %1").arg(names.join(QStringLiteral(", ")));
}

} // namespace

void TablePane::setLooks(DocumentLooks* looks) {
    m_looks = looks;
    connect(looks, &DocumentLooks::looksResolved, this, [this](const Document* document) {
        if (m_view && &m_view->document() == document) refollowLook();
    });
    connect(looks, &DocumentLooks::looksReset, this, &TablePane::refollowLook);
}

bool TablePane::showLook(NodeId selected) {
    if (!m_looks || !m_view || !m_view->model()) return false;
    const DocumentLooks::Looks* looks = m_looks->looksOf(m_view->documentPtr());
    if (!looks) return false;
    const int look = lookHolding(looks->own, m_view->model()->tree(), selected);
    if (look < 0) return false;
    const bool ready = looks->resolved && static_cast<std::size_t>(look) < looks->resolved->size();
    if (look != m_look || ready != m_lookReady) {
        clearTables(QString());
        m_look = look;
        m_lookReady = ready;
        if (ready) showLookTables(look);
        m_title->setText(lookTitle(look));
    }
    if (m_lookParameters) selectRow(m_main, m_lookParameters->rowReadFrom(selected));
    return true;
}

void TablePane::showLookTables(int look) {
    const DocumentLooks::Looks& looks = *m_looks->looksOf(m_view->documentPtr());
    const materials::ResolvedLook& resolved = (*looks.resolved)[static_cast<std::size_t>(look)];
    const std::string input = m_view->document().input.toStdString();
    auto parameters = std::make_unique<LookParametersTable>(resolved, input);
    m_lookParameters = parameters.get();
    setMainModel(new SourceTableModel(std::move(parameters), this));
    auto links = std::make_unique<LookLinksTable>(resolved, looks.own[static_cast<std::size_t>(look)].node,
                                                  input, looks.roots);
    m_lookLinks = links.get();
    setDetailModel(new SourceTableModel(std::move(links), this));
    m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    // The links' last column (where found, or why not) takes the rest of the width.
    m_detail->horizontalHeader()->setStretchLastSection(true);
    m_detail->resizeColumnToContents(0);
    m_detail->resizeColumnToContents(1);
    // Every link and texture in view, up to half the pane.
    const int rows = m_detail->model()->rowCount();
    const int wanted = m_detail->horizontalHeader()->sizeHint().height() + 2 * m_detail->frameWidth() + 2 +
                       rows * m_detail->verticalHeader()->defaultSectionSize();
    const int total = m_splitter->sizes().value(0) + m_splitter->sizes().value(1);
    const int detail = std::min(wanted, total / 2);
    if (total > 0) m_splitter->setSizes({total - detail, detail});
}

QString TablePane::lookTitle(int look) const {
    const DocumentLooks::Looks& looks = *m_looks->looksOf(m_view->documentPtr());
    const QString heading = headingOf(looks.own[static_cast<std::size_t>(look)]);
    const QString roots = rootsText(looks.roots, m_view->document().input);
    if (!looks.resolved) return tr("<b>%1</b> — following its chain…<br>%2").arg(heading, roots);
    if (static_cast<std::size_t>(look) >= looks.resolved->size())
        return tr("<b>%1</b> — its chain could not be followed<br>%2").arg(heading, roots);
    const materials::ResolvedLook& resolved = (*looks.resolved)[static_cast<std::size_t>(look)];
    return tr("<b>%1</b> — %n parameter(s) in effect (shader &lt; material &lt; instance), chain %2<br>%3 · "
              "double-click a row to go where it was read",
              nullptr, static_cast<int>(resolved.parameters.size()))
        .arg(heading, chainText(resolved), roots);
}

void TablePane::onLookRowActivated(QTableView* table, int row) {
    if (!m_view || row < 0) return;
    std::optional<LookRowTarget> target;
    if (table == m_main && m_lookParameters)
        target = m_lookParameters->target(static_cast<std::uint64_t>(row));
    if (table == m_detail && m_lookLinks) target = m_lookLinks->target(static_cast<std::uint64_t>(row));
    if (!target) return;
    const QString input = QString::fromStdString(target->input);
    if (input != m_view->document().input)
        emit openRequested(input, target->node);
    else if (target->node != kNoNode)
        m_view->jumpToNode(target->node);
}

void TablePane::refollowLook() {
    if (!m_view || !m_view->model() || m_look < 0) return;
    m_look = -1; // shown again, from the looks as they are now
    const NodeId current = m_view->currentNode();
    followNode(current == kNoNode ? m_view->model()->tree().root() : current);
}

} // namespace assetscope::app
