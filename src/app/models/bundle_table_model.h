#pragma once

#include "formats/grub/bundle.h"

#include <QAbstractTableModel>

namespace assetscope::app {

// A bundle's blobs from core's typed result: tag, version, name, id, data range, metadata, nesting.
class BlobTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IndexColumn,
        TagColumn,
        VersionColumn,
        NameColumn,
        IdColumn,
        OffsetColumn,
        SizeColumn,
        MetadataColumn,
        NestedColumn,
        ColumnCount
    };
    explicit BlobTableModel(const grub::Bundle* bundle, QObject* parent = nullptr);
    const grub::Bundle* bundle() const { return m_bundle; }
    const grub::Blob* blob(int row) const;
    int rowOfNode(const StructureTree& tree,
                  NodeId node) const; // the blob whose record or data node this is; -1 if none

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const grub::Bundle* m_bundle;
};

// One blob's metadata records: tag, version, payload size and what it reads as.
class MetadataTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TagColumn, VersionColumn, SizeColumn, ValueColumn, ColumnCount };
    explicit MetadataTableModel(const grub::Blob* blob, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const grub::Blob* m_blob;
};

// The innermost bundle of `root` (itself or nested in its blobs) whose node is `node` or one of
// its ancestors in the tree.
const grub::Bundle* bundleHolding(const grub::Bundle& root, const StructureTree& tree, NodeId node);

} // namespace assetscope::app
