#include "models/bundle_table_model.h"

#include <QLocale>

namespace assetscope::app {

namespace {
QString hex(std::uint64_t v) {
    return QStringLiteral("0x") + QString::number(v, 16).toUpper();
}

bool isAncestorOrSelf(const StructureTree& tree, NodeId ancestor, NodeId node) {
    if (ancestor == kNoNode) return false;
    for (NodeId at = node; at != kNoNode; at = tree.node(at).parent)
        if (at == ancestor) return true;
    return false;
}
} // namespace

const grub::Bundle* bundleHolding(const grub::Bundle& root, const StructureTree& tree, NodeId node) {
    for (const auto& blob : root.blobs)
        if (blob.nested && isAncestorOrSelf(tree, blob.nested->node, node))
            return bundleHolding(*blob.nested, tree, node);
    return &root;
}

BlobTableModel::BlobTableModel(const grub::Bundle* bundle, QObject* parent)
    : QAbstractTableModel(parent), m_bundle(bundle) {}

const grub::Blob* BlobTableModel::blob(int row) const {
    if (!m_bundle || row < 0 || row >= rowCount()) return nullptr;
    return &m_bundle->blobs[static_cast<std::size_t>(row)];
}

int BlobTableModel::rowOfNode(const StructureTree& tree, NodeId node) const {
    if (!m_bundle) return -1;
    const auto blob = m_bundle->blobOfNode(tree, node);
    return blob ? static_cast<int>(*blob) : -1;
}

int BlobTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_bundle ? 0 : static_cast<int>(m_bundle->blobs.size());
}

int BlobTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BlobTableModel::data(const QModelIndex& index, int role) const {
    const grub::Blob* b = blob(index.row());
    if (!b) return {};
    if (role == Qt::TextAlignmentRole)
        return index.column() == IndexColumn || index.column() == SizeColumn ||
                       index.column() == MetadataColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case IndexColumn:
        return index.row();
    case TagColumn:
        return QString::fromStdString(tagText(b->tag));
    case VersionColumn:
        return QString::fromStdString(b->versionText());
    case NameColumn:
        return b->name() ? QString::fromStdString(*b->name()) : QString();
    case IdColumn:
        return b->id() ? QString::number(*b->id()) : QString();
    case OffsetColumn:
        return hex(b->dataOffset);
    case SizeColumn:
        return QLocale().toString(static_cast<qulonglong>(b->data.size()));
    case MetadataColumn:
        return static_cast<int>(b->metadata.size());
    case NestedColumn:
        return b->nested ? tr("bundle, %n blob(s)", nullptr, static_cast<int>(b->nested->blobs.size()))
                         : QString();
    default:
        return {};
    }
}

QVariant BlobTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const names[] = {"#",           "Tag",       "Version",  "Name",  "Id",
                                        "Data offset", "Data size", "Metadata", "Nested"};
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

MetadataTableModel::MetadataTableModel(const grub::Blob* blob, QObject* parent)
    : QAbstractTableModel(parent), m_blob(blob) {}

int MetadataTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_blob ? 0 : static_cast<int>(m_blob->metadata.size());
}

int MetadataTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant MetadataTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_blob || index.row() >= rowCount() || role != Qt::DisplayRole) return {};
    const grub::Metadata& m = m_blob->metadata[static_cast<std::size_t>(index.row())];
    switch (index.column()) {
    case TagColumn:
        return QString::fromStdString(tagText(m.tag));
    case VersionColumn:
        return m.version;
    case SizeColumn:
        return static_cast<qulonglong>(m.payload.size());
    case ValueColumn: {
        if (auto name = m.name()) return QString::fromStdString(*name);
        if (auto id = m.id()) return QString::number(*id);
        QStringList parts;
        for (std::size_t i = 0; i < m.payload.size() && i < 16; ++i)
            parts << QStringLiteral("%1").arg(m.payload[i], 2, 16, QLatin1Char('0')).toUpper();
        return parts.join(QLatin1Char(' ')) + (m.payload.size() > 16 ? QStringLiteral(" …") : QString());
    }
    default:
        return {};
    }
}

QVariant MetadataTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const names[] = {"Tag", "Version", "Size", "Value"};
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace assetscope::app
