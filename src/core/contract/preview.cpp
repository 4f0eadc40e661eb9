#include "contract/preview.h"

namespace assetscope {

std::vector<std::string> seasonLabels() {
    return {"Spring", "Summer", "Autumn", "Winter"};
}

const InstanceGroup* Placements::groupOf(std::uint64_t instance) const {
    for (const InstanceGroup& g : groups)
        if (instance >= g.first && instance - g.first < g.count) return &g;
    return nullptr;
}

} // namespace assetscope
