#include "document/preview.h"

namespace assetscope {

const InstanceGroup* Placements::groupOf(std::uint64_t instance) const {
    for (const InstanceGroup& g : groups)
        if (instance >= g.first && instance - g.first < g.count) return &g;
    return nullptr;
}

} // namespace assetscope
