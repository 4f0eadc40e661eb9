#include "find/where_used.h"

#include "formats/registry.h"

namespace assetscope {

std::vector<WhereUsedFind> whereUsed(const ReferenceTarget& target) {
    std::vector<WhereUsedFind> out;
    for (const FormatHandler* handler : formatHandlers())
        for (ReferenceFind& r : handler->referencesTo(target)) {
            FindRequest request{FindKind::Value, std::move(r.value), std::move(r.key), r.ignoreCase};
            out.push_back({std::move(request), std::move(r.rule)});
        }
    return out;
}

} // namespace assetscope
