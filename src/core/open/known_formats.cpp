#include "open/known_formats.h"

#include "formats/registry.h"

#include <sstream>

namespace assetscope {

std::vector<KnownFormat> knownFormats() {
    std::vector<KnownFormat> out;
    for (const FormatHandler* h : formatHandlers()) {
        KnownFormat f{std::string(h->name()), std::string(h->title()), std::string(h->extensions()), {}};
        std::istringstream words(f.extensions);
        for (std::string word; words >> word;)
            f.names.push_back(word);
        out.push_back(std::move(f));
    }
    return out;
}

std::string knownFilePatterns() {
    std::string patterns;
    for (const KnownFormat& f : knownFormats())
        for (const std::string& word : f.names) {
            if (!patterns.empty()) patterns += ' ';
            if (word.front() == '.') patterns += '*'; // an extension; else a whole name
            patterns += word;
        }
    return patterns;
}

} // namespace assetscope
