#pragma once

#include "materials/where_used.h"

#include <QAbstractTableModel>

#include <vector>

namespace assetscope::app {

// Where a file is used, one row a use: the file naming it, the look (a model's slot, a material,
// a shader), what names it (the look's link or a texture parameter) and the Game:\ path as written.
class WhereUsedModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { FileColumn, LookColumn, ReferenceColumn, PathColumn, ColumnCount };

    explicit WhereUsedModel(QObject* parent = nullptr);

    void setUses(std::vector<materials::MaterialUse> uses);
    std::size_t size() const { return m_uses.size(); }
    const materials::MaterialUse& at(int row) const { return m_uses.at(static_cast<std::size_t>(row)); }

    // "slot 3: house_sign", "material brick", "shader env".
    static QString lookText(const materials::MaterialUse& use);
    // A texture parameter's name (its hash as 0x%08X when the name table lacks it), or the link's
    // kind: "material" for a slot, "shader" for a material.
    static QString referenceText(const materials::MaterialUse& use);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<materials::MaterialUse> m_uses;
};

} // namespace assetscope::app
