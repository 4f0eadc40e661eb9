#include "models/archive_model.h"

#include <QApplication>
#include <QLocale>
#include <QStyle>

namespace assetscope::app {

ArchiveModel::ArchiveModel(const archive::ZipArchive* archive, QObject* parent)
    : QAbstractTableModel(parent), m_archive(archive) {}

const archive::ZipEntry* ArchiveModel::entry(int row) const {
    if (!m_archive || row < 0 || row >= rowCount()) return nullptr;
    return &m_archive->entries()[static_cast<std::size_t>(row)];
}

int ArchiveModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_archive ? 0 : static_cast<int>(m_archive->entries().size());
}

int ArchiveModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ArchiveModel::data(const QModelIndex& index, int role) const {
    const archive::ZipEntry* e = entry(index.row());
    if (!e) return {};
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return QString::fromStdString(e->name);
        case SizeColumn:
            return QLocale().toString(static_cast<qulonglong>(e->size));
        case PackedColumn:
            return QLocale().toString(static_cast<qulonglong>(e->compressedSize));
        case MethodColumn:
            return QString::fromStdString(archive::compressionMethodName(e->method));
        case CrcColumn:
            return QStringLiteral("%1").arg(e->crc, 8, 16, QLatin1Char('0')).toUpper();
        case NotesColumn: {
            QStringList notes;
            if (e->directory) notes << tr("folder");
            if (e->symlink) notes << tr("symlink (not followed)");
            if (e->unsafeName) notes << tr("unsafe name (never extracted)");
            return notes.join(QStringLiteral(", "));
        }
        default:
            return {};
        }
    case Qt::DecorationRole:
        if (index.column() == NameColumn)
            return QApplication::style()->standardIcon(e->directory ? QStyle::SP_DirIcon
                                                                    : QStyle::SP_FileIcon);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == SizeColumn || index.column() == PackedColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case SortRole:
        switch (index.column()) {
        case SizeColumn:
            return static_cast<qulonglong>(e->size);
        case PackedColumn:
            return static_cast<qulonglong>(e->compressedSize);
        case CrcColumn:
            return e->crc;
        default:
            return data(index, Qt::DisplayRole);
        }
    case EntryIndexRole:
        return index.row();
    default:
        return {};
    }
}

QVariant ArchiveModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const names[] = {"Name", "Size", "Packed", "Method", "CRC-32", "Notes"};
    return section >= 0 && section < ColumnCount ? QString::fromLatin1(names[section]) : QVariant();
}

} // namespace assetscope::app
