#include "models/structure_model.h"

#include "docs/doc_table.h"
#include "models/hex_number.h"
#include "tree/node_text.h"
#include "views/confidence_style.h"

#include <QApplication>
#include <QStyle>

#include <algorithm>
#include <cstdio>

namespace assetscope::app {

namespace {

constexpr quintptr kPageFlag = quintptr{1} << 63;

} // namespace

StructureModel::StructureModel(StructureTree& tree, QObject* parent)
    : QAbstractItemModel(parent), m_tree(tree) {}

std::uint64_t StructureModel::pageSpan(std::uint64_t count) {
    // Keep every level under ~10,000 rows: a billion elements give pages of 100,000.
    std::uint64_t span = kPageSize;
    while (count / span > 10000)
        span *= 10;
    return span;
}

quintptr StructureModel::pageId(NodeId array, std::uint64_t page) {
    return kPageFlag | (static_cast<quintptr>(page) << 32) | array;
}

StructureModel::Ref StructureModel::ref(const QModelIndex& index) const {
    const quintptr id = index.internalId();
    if (id & kPageFlag) return {true, static_cast<NodeId>(id & 0xFFFFFFFFu), (id & ~kPageFlag) >> 32};
    return {false, static_cast<NodeId>(id), 0};
}

bool StructureModel::paged(NodeId array) const {
    const Node& n = m_tree.node(array);
    return n.decoder != 0 && n.count > kPageSize;
}

bool StructureModel::accepted(NodeId id) const {
    return m_filterText.isEmpty() || id >= m_accepted.size() || m_accepted[id];
}

const std::vector<NodeId>& StructureModel::visibleChildren(NodeId id) const {
    const std::vector<NodeId>& all = m_tree.node(id).children;
    if (accepted(id)) return all;
    auto it = m_filteredChildren.find(id);
    if (it == m_filteredChildren.end()) {
        std::vector<NodeId> shown;
        for (NodeId c : all)
            if (c < m_visible.size() && m_visible[c]) shown.push_back(c);
        it = m_filteredChildren.emplace(id, std::move(shown)).first;
    }
    return it->second;
}

NodeId StructureModel::element(NodeId array, std::uint64_t i) const {
    const NodeId e = m_tree.child(array, i);
    m_elementIndex.emplace(e, i);
    return e;
}

std::uint64_t StructureModel::elementIndex(NodeId element) const {
    if (auto it = m_elementIndex.find(element); it != m_elementIndex.end()) return it->second;
    // Built elsewhere (through StructureTree::child): its place follows from the stride.
    const Node& e = m_tree.node(element);
    const Node& a = m_tree.node(e.parent);
    const std::uint64_t i = a.stride ? (e.offset - a.offset) / a.stride : 0;
    m_elementIndex.emplace(element, i);
    return i;
}

int StructureModel::rowOf(NodeId id) const {
    const NodeId p = m_tree.node(id).parent;
    if (p == kNoNode) return 0;
    if (m_tree.node(p).decoder != 0) {
        const std::uint64_t i = elementIndex(id);
        return static_cast<int>(paged(p) ? i % pageSpan(m_tree.node(p).count) : i);
    }
    // Children are appended in id order, so the list is sorted.
    const std::vector<NodeId>& siblings = visibleChildren(p);
    auto it = std::lower_bound(siblings.begin(), siblings.end(), id);
    return it != siblings.end() && *it == id ? static_cast<int>(it - siblings.begin()) : -1;
}

QModelIndex StructureModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount || row >= rowCount(parent)) return {};
    if (!parent.isValid()) return createIndex(row, column, static_cast<quintptr>(m_tree.root()));
    const Ref p = ref(parent);
    const Node& n = m_tree.node(p.node);
    if (p.page) {
        const std::uint64_t i = p.pageIndex * pageSpan(n.count) + static_cast<std::uint64_t>(row);
        return createIndex(row, column, static_cast<quintptr>(element(p.node, i)));
    }
    if (n.decoder != 0) {
        if (paged(p.node)) return createIndex(row, column, pageId(p.node, static_cast<std::uint64_t>(row)));
        return createIndex(row, column,
                           static_cast<quintptr>(element(p.node, static_cast<std::uint64_t>(row))));
    }
    return createIndex(row, column,
                       static_cast<quintptr>(visibleChildren(p.node)[static_cast<std::size_t>(row)]));
}

QModelIndex StructureModel::parent(const QModelIndex& child) const {
    if (!child.isValid()) return {};
    const Ref c = ref(child);
    if (c.page) return createIndex(rowOf(c.node), 0, static_cast<quintptr>(c.node));
    const NodeId p = m_tree.node(c.node).parent;
    if (p == kNoNode) return {};
    if (paged(p)) {
        const std::uint64_t page = elementIndex(c.node) / pageSpan(m_tree.node(p).count);
        return createIndex(static_cast<int>(page), 0, pageId(p, page));
    }
    return createIndex(rowOf(p), 0, static_cast<quintptr>(p));
}

int StructureModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return m_tree.root() == kNoNode || (!m_filterText.isEmpty() && m_matchCount == 0) ? 0 : 1;
    if (parent.column() > 0) return 0;
    const Ref p = ref(parent);
    const Node& n = m_tree.node(p.node);
    if (p.page) {
        const std::uint64_t span = pageSpan(n.count);
        return static_cast<int>(std::min(span, n.count - p.pageIndex * span));
    }
    if (n.decoder != 0) {
        if (!accepted(p.node)) return 0;
        if (paged(p.node)) {
            const std::uint64_t span = pageSpan(n.count);
            return static_cast<int>((n.count + span - 1) / span);
        }
        return static_cast<int>(n.count);
    }
    return static_cast<int>(visibleChildren(p.node).size());
}

int StructureModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

bool StructureModel::hasChildren(const QModelIndex& parent) const {
    return rowCount(parent) > 0;
}

NodeId StructureModel::nodeAt(const QModelIndex& index) const {
    if (!index.isValid()) return kNoNode;
    const Ref r = ref(index);
    return r.page ? kNoNode : r.node;
}

bool StructureModel::isPage(const QModelIndex& index) const {
    return index.isValid() && ref(index).page;
}

QModelIndex StructureModel::indexOf(NodeId id) const {
    if (id == kNoNode || id >= m_tree.nodeCount()) return {};
    // Every ancestor must be shown for the node to be.
    for (NodeId at = id; at != kNoNode; at = m_tree.node(at).parent) {
        const NodeId p = m_tree.node(at).parent;
        if (p == kNoNode) break;
        if (m_tree.node(p).decoder != 0 ? !accepted(p) : rowOf(at) < 0) return {};
    }
    return createIndex(rowOf(id), 0, static_cast<quintptr>(id));
}

bool StructureModel::elementRange(const Node& array, std::uint64_t offset, std::uint64_t& begin,
                                  std::uint64_t& end) {
    if (array.decoder == 0 || array.stride == 0 || offset < array.offset) return false;
    const std::uint64_t i = (offset - array.offset) / array.stride;
    if (i >= array.count) return false;
    begin = array.offset + i * array.stride;
    end = begin + array.stride;
    return true;
}

NodeId StructureModel::innermostAt(std::uint64_t offset) const {
    NodeId at = m_tree.innermostAt(offset);
    // innermostAt stops at lazy arrays: go on through the element (built now) and its fields.
    for (int guard = 0; at != kNoNode && guard < 64; ++guard) {
        const Node& n = m_tree.node(at);
        if (n.decoder == 0 || n.stride == 0 || offset < n.offset) break;
        const std::uint64_t i = (offset - n.offset) / n.stride;
        if (i >= n.count) break;
        NodeId e = element(at, i);
        for (bool descended = true; descended;) {
            descended = false;
            for (NodeId c : m_tree.node(e).children) {
                const Node& cn = m_tree.node(c);
                if (cn.size > 0 && offset >= cn.offset && offset - cn.offset < cn.size) {
                    e = c;
                    descended = true;
                    break;
                }
            }
        }
        if (e == at) break;
        at = e;
    }
    return at;
}

QString StructureModel::valueText(const StructureTree& tree, NodeId id) {
    return QString::fromStdString(nodeValueText(tree, id));
}

namespace {
// Offsets and sizes line up on the right.
QVariant alignmentOf(int column) {
    return column == StructureModel::OffsetColumn || column == StructureModel::SizeColumn
               ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
               : QVariant();
}
} // namespace

QVariant StructureModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const Ref r = ref(index);
    if (r.page) return pageData(r, index.column(), role);
    const Node& n = m_tree.node(r.node);
    switch (role) {
    case Qt::DisplayRole:
        return nodeText(r.node, index.column());
    case Qt::DecorationRole:
        return nodeDecoration(r.node, index.column());
    case Qt::ToolTipRole:
        return nodeToolTip(r.node);
    case Qt::BackgroundRole:
        if (m_noteMarks)
            if (const auto mark = m_noteMarks(r.node)) {
                QColor c = mark->colour;
                c.setAlpha(90);
                return c;
            }
        return {};
    case Qt::ForegroundRole:
        if (n.kind == NodeKind::Error) return errorColor();
        return {};
    case Qt::TextAlignmentRole:
        return alignmentOf(index.column());
    case NodeRole:
        return static_cast<quint32>(r.node);
    case PathRole:
        return QString::fromStdString(m_tree.path(r.node));
    case ValueTextRole:
        return valueText(m_tree, r.node);
    case HasDiagnosticsRole:
        return !m_tree.diagnosticsAt(r.node).empty();
    default:
        return {};
    }
}

QVariant StructureModel::pageData(const Ref& page, int column, int role) const {
    const Node& n = m_tree.node(page.node);
    const std::uint64_t span = pageSpan(n.count);
    const std::uint64_t first = page.pageIndex * span;
    const std::uint64_t last = std::min(first + span, n.count) - 1;
    if (role == Qt::TextAlignmentRole) return alignmentOf(column);
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case NameColumn:
        return QStringLiteral("[%1 … %2]").arg(first).arg(last);
    case OffsetColumn:
        return hexNumber(n.offset + first * n.stride);
    case SizeColumn:
        return QString::number((last - first + 1) * n.stride);
    case TypeColumn:
        return QString::fromStdString(n.type);
    default:
        return {};
    }
}

QVariant StructureModel::nodeText(NodeId id, int column) const {
    const Node& n = m_tree.node(id);
    switch (column) {
    case NameColumn:
        return QString::fromStdString(n.name);
    case ValueColumn:
        return valueText(m_tree, id);
    case OffsetColumn:
        return hexNumber(n.offset);
    case SizeColumn:
        return QString::number(n.size);
    case TypeColumn:
        return n.type.empty() ? QString::fromUtf8(nodeKindName(n.kind)) : QString::fromStdString(n.type);
    case ConfidenceColumn:
        return n.confidence == Confidence::None ? QString() : QString::fromUtf8(confidenceName(n.confidence));
    default:
        return {};
    }
}

QVariant StructureModel::nodeDecoration(NodeId id, int column) const {
    const Node& n = m_tree.node(id);
    if (column == ConfidenceColumn && n.confidence != Confidence::None) return confidenceMark(n.confidence);
    if (column == NameColumn && !m_tree.diagnosticsAt(id).empty()) {
        bool error = false;
        for (const Diagnostic& diag : m_tree.diagnosticsAt(id))
            error |= diag.severity == Severity::Error;
        return QApplication::style()->standardIcon(error ? QStyle::SP_MessageBoxCritical
                                                         : QStyle::SP_MessageBoxWarning);
    }
    return {};
}

QVariant StructureModel::nodeToolTip(NodeId id) const {
    const Node& n = m_tree.node(id);
    QStringList lines;
    if (n.doc) lines << QString::fromStdString(n.doc->field + ": " + n.doc->note);
    for (const Diagnostic& diag : m_tree.diagnosticsAt(id)) {
        lines << QStringLiteral("%1 [%2] %3")
                     .arg(QString::fromUtf8(severityName(diag.severity)), QString::fromStdString(diag.rule),
                          QString::fromStdString(diag.message));
    }
    if (m_noteMarks)
        if (const auto mark = m_noteMarks(id)) lines << mark->text;
    return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
}

QVariant StructureModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const names[] = {"Name", "Value", "Offset", "Size", "Type", "Confidence"};
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

bool StructureModel::matches(NodeId id, const QString& text) const {
    const Node& n = m_tree.node(id);
    return QString::fromStdString(n.name).contains(text, Qt::CaseInsensitive) ||
           QString::fromStdString(n.type).contains(text, Qt::CaseInsensitive) ||
           valueText(m_tree, id).contains(text, Qt::CaseInsensitive);
}

void StructureModel::setFilter(const QString& text) {
    const QString trimmed = text.trimmed();
    if (trimmed == m_filterText) return;
    beginResetModel();
    m_filterText = trimmed;
    m_filteredChildren.clear();
    m_accepted.clear();
    m_visible.clear();
    m_matchCount = 0;
    if (!m_filterText.isEmpty()) {
        const std::size_t count = m_tree.nodeCount();
        m_accepted.assign(count, 0);
        m_visible.assign(count, 0);
        // Parents come before their children in the flat vector, so one forward pass settles
        // "below a match" and a walk up marks the way to each match.
        for (std::size_t i = 0; i < count; ++i) {
            const NodeId id = static_cast<NodeId>(i);
            const NodeId p = m_tree.node(id).parent;
            const bool match = matches(id, m_filterText);
            m_matchCount += match;
            if (match || (p != kNoNode && p < count && m_accepted[p])) m_accepted[i] = 1;
            if (m_accepted[i]) {
                m_visible[i] = 1;
                for (NodeId up = p; up != kNoNode && !m_visible[up]; up = m_tree.node(up).parent)
                    m_visible[up] = 1;
            }
        }
    }
    endResetModel();
}

} // namespace assetscope::app
