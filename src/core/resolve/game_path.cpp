#include "resolve/game_path.h"

#include "bytes/ascii_case.h"

namespace assetscope::resolve {

std::optional<std::vector<std::string>> gamePathParts(std::string_view gamePath, std::string& refusal) {
    std::string_view rest = gamePath;
    constexpr std::string_view kPrefix = "game:";
    if (rest.size() >= kPrefix.size() && equalsNoCase(rest.substr(0, kPrefix.size()), kPrefix))
        rest.remove_prefix(kPrefix.size());
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= rest.size()) {
        std::size_t end = rest.find_first_of("/\\", start);
        if (end == std::string_view::npos) end = rest.size();
        const std::string_view part = rest.substr(start, end - start);
        start = end + 1;
        if (part.empty() || part == ".") continue;
        if (part == "..") {
            refusal = "a \"..\" part would leave the root";
            return std::nullopt;
        }
        if (part.find("::") != std::string_view::npos) {
            refusal = "a part holding \"::\" would name an archive entry";
            return std::nullopt;
        }
        if (part.find('\0') != std::string_view::npos) {
            refusal = "a part holds a NUL";
            return std::nullopt;
        }
        parts.emplace_back(part);
    }
    if (parts.empty()) {
        refusal = "the path names no file";
        return std::nullopt;
    }
    return parts;
}

std::string gamePathText(const std::vector<std::string>& parts) {
    std::string text = "Game:";
    for (const std::string& part : parts)
        text.append("\\").append(part);
    return text;
}

} // namespace assetscope::resolve
