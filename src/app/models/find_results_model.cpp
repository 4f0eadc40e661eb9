#include "models/find_results_model.h"

#include "find/find_in_file.h"
#include "models/hex_number.h"
#include "tree/tree_writers.h"

#include <QFont>
#include <QFontDatabase>

namespace assetscope::app {

FindResultsModel::FindResultsModel(bool withFiles, QObject* parent)
    : QAbstractTableModel(parent), m_withFiles(withFiles) {}

void FindResultsModel::setFound(std::vector<FoundMatch> found, std::uint64_t total,
                                const StructureTree* placeIn) {
    beginResetModel();
    m_found = std::move(found);
    m_placed.assign(m_found.size(), placeIn == nullptr);
    m_placeIn = placeIn;
    m_total = total;
    endResetModel();
}

const FoundMatch& FindResultsModel::at(int row) const {
    const auto i = static_cast<std::size_t>(row);
    if (!m_placed[i]) {
        placeMatch(*m_placeIn, m_found[i].match);
        m_placed[i] = true;
    }
    return m_found[i];
}

void FindResultsModel::clear() {
    setFound({}, 0);
}

QString FindResultsModel::valueText(const FindMatch& match) {
    // A container has no value: an empty cell, as the structure tree shows it (not JSON's null).
    if (std::holds_alternative<std::monostate>(match.value)) return {};
    // Strings without quotes: a byte run's hex and a found text read as they are.
    const auto* s = std::get_if<std::string>(&match.value);
    QString text = QString::fromStdString(s ? *s : assetscope::valueText(match.value));
    if (!match.encoding.empty()) text += QStringLiteral(" (%1)").arg(QString::fromStdString(match.encoding));
    return text;
}

int FindResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_found.size());
}

int FindResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindResultsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const FoundMatch& found = at(index.row());
    const FindMatch& m = found.match;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case FileColumn:
            return QString::fromStdString(found.input);
        case PathColumn:
            return m.path.empty() ? QStringLiteral("-") : QString::fromStdString(m.path);
        case OffsetColumn:
            return hexNumber(m.offset);
        case SizeColumn:
            return QString::number(m.size);
        case ValueColumn:
            return valueText(m);
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == PathColumn)
        return m.path.empty() ? tr("Outside every field: only the file's root holds these bytes")
                              : QString::fromStdString(m.path);
    if (role == Qt::FontRole && (index.column() == OffsetColumn || index.column() == ValueColumn))
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (role == Qt::TextAlignmentRole && (index.column() == OffsetColumn || index.column() == SizeColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant FindResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case FileColumn:
        return tr("File");
    case PathColumn:
        return tr("Path");
    case OffsetColumn:
        return tr("Offset");
    case SizeColumn:
        return tr("Size");
    case ValueColumn:
        return tr("Value");
    default:
        return {};
    }
}

} // namespace assetscope::app
