#pragma once

#include "install/install_index.h"

#include <QStringList>

#include <vector>

namespace assetscope::app {

// The selected nodes without those that lie below another selected one (a folder and a file in
// it: the folder), in the order given.
std::vector<install::NodeId> outermostNodes(const install::InstallIndex& index,
                                            const std::vector<install::NodeId>& nodes);

// The INPUT paths a selection of an install's rows stands for in a batch (export, census, find):
// what lies below another selected node once, and a node listed with a problem (a hostile name,
// a link out of the install) never. With `expandArchived`, a folder inside a zip and a zip inside
// a zip stand for every file below them, listed as needed (an export takes a path into an archive
// as one file); folders on disk and loose zips stay as they are (the batch walks them).
QStringList selectionInputs(install::InstallIndex& index, const std::vector<install::NodeId>& nodes,
                            bool expandArchived);

} // namespace assetscope::app
