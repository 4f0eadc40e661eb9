#include "formats/pgeo/model_names.h"

#include "bytes/ascii_case.h"

#include <algorithm>
#include <cctype>

namespace assetscope::pgeo {

namespace {
bool endsWith(const std::string& s, std::string_view tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
} // namespace

std::string blockModelKey(const Block& block) {
    if (!block.sources.empty() && !block.sources.front().templateName.empty())
        return asciiLower(block.sources.front().templateName);
    std::string name = asciiLower(block.name);
    for (std::string_view suffix : {"_3d_high", "_3d", "_impostor_vista", "_impostor"})
        if (endsWith(name, suffix)) return name.substr(0, name.size() - suffix.size());
    return name;
}

std::string modelFileKey(const std::string& fileName, int& lod) {
    std::string stem = asciiLower(fileName.substr(0, fileName.find('.')));
    lod = 0;
    const auto at = stem.rfind("_lod");
    if (at != std::string::npos && at + 4 < stem.size() &&
        std::all_of(stem.begin() + static_cast<std::ptrdiff_t>(at + 4), stem.end(),
                    [](unsigned char c) { return std::isdigit(c); })) {
        lod = std::stoi(stem.substr(at + 4, 3));
        stem.resize(at);
    }
    return stem;
}

std::vector<ReferenceFind> modelReferences(const ReferenceTarget& target) {
    if (target.format != "modelbin") return {};
    int lod = 0;
    const std::string key = modelFileKey(std::string(target.fileName), lod);
    if (key.empty()) return {};
    return {
        {"pgeo/source/template", key, true, "a block's model is the one its first source template names"},
        {"pgeo/block/name", key + "_3d*", true,
         "a block without sources names its model with a _3D or _3D_HIGH suffix"},
        {"pgeo/block/name", key + "_impostor*", true,
         "an impostor block names its model with an _impostor suffix"},
    };
}

} // namespace assetscope::pgeo
