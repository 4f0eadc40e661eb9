#include "contract/info_list.h"

namespace assetscope {

std::string infoList(const std::vector<std::string>& items) {
    std::string text;
    for (std::size_t i = 0; i < items.size() && i < kInfoListShown; ++i)
        text += (i ? ", " : "") + items[i];
    if (items.size() > kInfoListShown) text += ", " + infoListRest(items.size());
    return text;
}

std::string infoListRest(std::size_t total) {
    return total > kInfoListShown ? "and " + std::to_string(total - kInfoListShown) + " more" : std::string();
}

} // namespace assetscope
