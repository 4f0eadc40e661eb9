#pragma once

#include "archive/zip_archive.h"

#include <QAbstractTableModel>

namespace assetscope::app {

// A zip's entries as a table (name, size, packed size, method, CRC, notes); a filter proxy
// sits on top in the archive browser.
class ArchiveModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, SizeColumn, PackedColumn, MethodColumn, CrcColumn, NotesColumn, ColumnCount };
    enum Role { EntryIndexRole = Qt::UserRole + 1, SortRole };

    explicit ArchiveModel(const archive::ZipArchive* archive, QObject* parent = nullptr);
    const archive::ZipEntry* entry(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const archive::ZipArchive* m_archive;
};

} // namespace assetscope::app
