#include "find/where_used.h"

#include "formats/registry.h"

namespace assetscope {

std::vector<FileReference> referencesTo(const ParsedFile& target, std::string_view fileName) {
    std::vector<FileReference> out;
    for (const FormatHandler* handler : formatHandlers())
        for (FileReference& r : handler->referencesTo(target, fileName))
            out.push_back(std::move(r));
    return out;
}

} // namespace assetscope
