#pragma once

#include "contract/parsed_file.h"
#include "find/find_query.h"

#include <string>
#include <vector>

namespace assetscope {

// One "where is this used?" find: the request a find bar or `find --field KEY --value V` is
// pre-filled with, and the documents' rule it follows.
struct WhereUsedFind {
    FindRequest request; // a Value find: a documented reference field's key and the value naming the target
    std::string rule;
};

// Every format's documented reference fields that can name `target` (a model, a material, a
// MeshSet or its chunk), each as the find that lists the files naming it, in the order the
// formats are registered. Empty when no format names such a file.
std::vector<WhereUsedFind> whereUsed(const ReferenceTarget& target);

} // namespace assetscope
