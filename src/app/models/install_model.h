#pragma once

#include "install/install_index.h"

#include <QAbstractItemModel>

#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace assetscope::app {

// An install's tree (install/install_index.h) for a QTreeView: name, format, size, stored size
// and Game:\ path. A folder's rows are listed when the view first opens it (fetchMore), so the
// first level shows at once however big the install is; the index may be built further by another
// thread meanwhile, and the model shows a folder's rows only once it has announced them. With a
// filter, only the matches and the folders above them; as a flat list, every file (of the filter).
class InstallModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, FormatColumn, SizeColumn, StoredColumn, GamePathColumn, ColumnCount };
    enum Role { NodeRole = Qt::UserRole + 1 };

    explicit InstallModel(std::shared_ptr<install::InstallIndex> index, QObject* parent = nullptr);

    install::InstallIndex& index() const { return *m_index; }
    install::NodeId node(const QModelIndex& index) const;
    QModelIndex indexOf(install::NodeId node) const; // invalid when it is not shown (yet)

    // The matches of a filter (install/install_filter.h), each shown with the folders above it;
    // nullopt shows the whole tree again.
    void setMatches(std::optional<std::vector<install::NodeId>> matches);
    bool filtered() const { return m_matches.has_value(); }
    // Every file as one list, under the filter when one is set.
    void setFlat(bool flat);
    bool flat() const { return m_flat; }
    // The format the node's bytes were found to be when it was opened (a format's name, or
    // "zip"): its row shows that instead of the one its name hinted at.
    void setFormatFromBytes(install::NodeId node, const std::string& format);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    install::NodeId nodeOf(const QModelIndex& parent) const;
    // The rows shown under a node (built when it is opened; all at once when filtered or flat).
    std::vector<install::NodeId> rowsFor(install::NodeId node) const;
    void reset();

    std::shared_ptr<install::InstallIndex> m_index;
    std::optional<std::vector<install::NodeId>> m_matches;
    std::unordered_set<install::NodeId> m_visible; // with a filter: matches and their folders
    bool m_flat = false;
    std::unordered_map<install::NodeId, std::vector<install::NodeId>> m_rows; // opened nodes
    std::unordered_map<install::NodeId, int> m_rowOf;
};

} // namespace assetscope::app
