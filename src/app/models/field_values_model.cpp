#include "models/field_values_model.h"

#include "dialogs/folder_run_progress.h"

#include <QFileInfo>

namespace assetscope::app {

namespace {

QString shareText(std::uint64_t count, std::uint64_t total) {
    if (total == 0) return {};
    return QStringLiteral("%1 %").arg(100.0 * static_cast<double>(count) / static_cast<double>(total), 0, 'f',
                                      1);
}

// "b.bundle @ 0x10" for the column; the whole input stays in the tooltip.
QString shortExample(const std::string& example) {
    const std::optional<ExampleLocation> at = parseExample(example);
    if (!at) return QString::fromStdString(example);
    const QString inner = at->input.section(QStringLiteral("::"), -1);
    return QStringLiteral("%1 @ 0x%2")
        .arg(QFileInfo(inner).fileName(), QString::number(at->offset, 16).toUpper());
}

} // namespace

QString FieldValuesModel::otherValuesText() const {
    const std::uint64_t others =
        m_stats.distinct > m_stats.values.size() ? m_stats.distinct - m_stats.values.size() : 0;
    // Past FieldStats::kMaxDistinct the distinct count is a lower bound.
    if (m_stats.distinctIsLowerBound) return tr("(at least %1 other values)").arg(countText(others));
    return others == 1 ? tr("(1 other value)") : tr("(%1 other values)").arg(countText(others));
}

std::optional<ExampleLocation> parseExample(const std::string& example) {
    const QString text = QString::fromStdString(example);
    const qsizetype at = text.lastIndexOf(QLatin1Char('@'));
    if (at <= 0) return std::nullopt;
    QString offset = text.mid(at + 1);
    if (!offset.startsWith(QLatin1String("0x"), Qt::CaseInsensitive)) return std::nullopt;
    bool ok = false;
    const quint64 value = offset.mid(2).toULongLong(&ok, 16);
    if (!ok) return std::nullopt;
    return ExampleLocation{text.left(at), value};
}

FieldValuesModel::FieldValuesModel(QObject* parent) : QAbstractItemModel(parent) {}

void FieldValuesModel::setStats(const FieldStats& stats) {
    beginResetModel();
    m_stats = stats;
    endResetModel();
}

std::optional<ExampleLocation> FieldValuesModel::exampleAt(const QModelIndex& index) const {
    if (!index.isValid()) return std::nullopt;
    if (index.internalId() != 0) {
        const auto& examples = m_stats.values[index.internalId() - 1].examples;
        return parseExample(examples[static_cast<std::size_t>(index.row())]);
    }
    if (index.row() >= static_cast<int>(m_stats.values.size())) return std::nullopt;
    const auto& examples = m_stats.values[static_cast<std::size_t>(index.row())].examples;
    if (examples.empty()) return std::nullopt;
    return parseExample(examples.front());
}

QModelIndex FieldValuesModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    return createIndex(row, column, parent.isValid() ? static_cast<quintptr>(parent.row()) + 1 : 0);
}

QModelIndex FieldValuesModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, quintptr{0});
}

int FieldValuesModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(m_stats.values.size()) + (hasOtherRow() ? 1 : 0);
    // Only a value row's first column has children (examples have none).
    if (parent.internalId() != 0 || parent.column() != 0) return 0;
    if (parent.row() >= static_cast<int>(m_stats.values.size())) return 0;
    return static_cast<int>(m_stats.values[static_cast<std::size_t>(parent.row())].examples.size());
}

int FieldValuesModel::columnCount(const QModelIndex&) const {
    return ColumnCount;
}

QVariant FieldValuesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    if (index.internalId() != 0)
        return exampleRowData(static_cast<int>(index.internalId() - 1), index.row(), index.column(), role);
    return valueRowData(index.row(), index.column(), role);
}

QVariant FieldValuesModel::valueRowData(int row, int column, int role) const {
    const bool other = row >= static_cast<int>(m_stats.values.size());
    if (role == Qt::TextAlignmentRole &&
        (column == CountColumn || column == ShareColumn || column == FilesColumn))
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    if (other) {
        if (role == Qt::DisplayRole) switch (column) {
            case ValueColumn:
                return otherValuesText();
            case CountColumn:
                return countText(m_stats.other);
            case ShareColumn:
                return shareText(m_stats.other, m_stats.occurrences);
            default:
                return {};
            }
        if (role == Qt::ToolTipRole)
            return tr("The values beyond the most frequent %1").arg(m_stats.values.size());
        return {};
    }
    const FieldValueCount& v = m_stats.values[static_cast<std::size_t>(row)];
    if (role == Qt::DisplayRole) switch (column) {
        case ValueColumn:
            return QString::fromStdString(v.value);
        case CountColumn:
            return countText(v.count);
        case ShareColumn:
            return shareText(v.count, m_stats.occurrences);
        case FilesColumn:
            return countText(v.files);
        case ExampleColumn:
            return v.examples.empty() ? QString() : shortExample(v.examples.front());
        default:
            return {};
        }
    if (role == Qt::ToolTipRole && column == ExampleColumn && !v.examples.empty())
        return tr("%1\nDouble-click to open it there.").arg(QString::fromStdString(v.examples.front()));
    if (role == Qt::UserRole && column == CountColumn) return static_cast<qulonglong>(v.count);
    return {};
}

QVariant FieldValuesModel::exampleRowData(int value, int row, int column, int role) const {
    const std::string& example =
        m_stats.values[static_cast<std::size_t>(value)].examples[static_cast<std::size_t>(row)];
    if (column != ExampleColumn) return {};
    if (role == Qt::DisplayRole) return shortExample(example);
    if (role == Qt::ToolTipRole)
        return tr("%1\nDouble-click to open it there.").arg(QString::fromStdString(example));
    return {};
}

QVariant FieldValuesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case ValueColumn:
        return tr("Value");
    case CountColumn:
        return tr("Occurrences");
    case ShareColumn:
        return tr("Share");
    case FilesColumn:
        return tr("Files");
    case ExampleColumn:
        return tr("Example");
    default:
        return {};
    }
}

} // namespace assetscope::app
