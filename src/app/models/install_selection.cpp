#include "models/install_selection.h"

#include <unordered_set>

namespace assetscope::app {

using install::Kind;
using install::NodeId;

std::vector<NodeId> outermostNodes(const install::InstallIndex& index, const std::vector<NodeId>& nodes) {
    const std::unordered_set<NodeId> chosen(nodes.begin(), nodes.end());
    std::unordered_set<NodeId> seen;
    std::vector<NodeId> out;
    for (const NodeId node : nodes) {
        bool below = false;
        for (NodeId up = index.parent(node); up != install::kNoNode && !below; up = index.parent(up))
            below = chosen.count(up) > 0;
        if (!below && seen.insert(node).second) out.push_back(node);
    }
    return out;
}

namespace {

void addFilesBelow(install::InstallIndex& index, NodeId node, QStringList& out) {
    index.list(node);
    for (const NodeId child : index.children(node)) {
        const install::Item item = index.item(child);
        if (!item.problem.empty()) continue;
        if (item.kind == Kind::Entry || item.kind == Kind::File)
            out << QString::fromStdString(index.inputPath(child));
        else
            addFilesBelow(index, child, out);
    }
}

} // namespace

QStringList selectionInputs(install::InstallIndex& index, const std::vector<NodeId>& nodes,
                            bool expandArchived) {
    QStringList out;
    for (const NodeId node : outermostNodes(index, nodes)) {
        const install::Item item = index.item(node);
        if (item.id == install::kNoNode || !item.problem.empty()) continue;
        const std::string input = index.inputPath(node);
        const bool archived = input.find("::") != std::string::npos;
        if (expandArchived && (item.kind == Kind::ArchiveFolder || (item.kind == Kind::Archive && archived)))
            addFilesBelow(index, node, out);
        else
            out << QString::fromStdString(input);
    }
    return out;
}

} // namespace assetscope::app
