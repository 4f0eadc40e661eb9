#include "document/known_formats.h"

#include "formats/registry.h"

namespace assetscope {

std::vector<KnownFormat> knownFormats() {
    std::vector<KnownFormat> out;
    for (const FormatHandler* h : formatHandlers())
        out.push_back({std::string(h->name()), std::string(h->title()), std::string(h->extensions())});
    return out;
}

} // namespace assetscope
