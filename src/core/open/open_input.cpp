#include "open/open_input.h"

#include "formats/registry.h"
#include "input/sibling_file.h"

namespace assetscope {

ParseSettings inputSettings(const std::string& input, const std::string& fileName, ParseSettings base,
                            const archive::Limits& limits) {
    base.fileName = fileName;
    if (base.folderName.empty()) base.folderName = InputPath::parse(input).folderName();
    // The parser calls the lookup after this function has returned, so it holds its own copies.
    base.sibling = [input, limits](const std::string& name) { return loadSibling(input, name, limits); };
    base.named = [limits](const std::string& path) { return loadNamedFile(path, limits); };
    return base;
}

OpenedInput openLoaded(const std::string& input, const LoadedInput& loaded, const ParseSettings& base,
                       const archive::Limits& limits) {
    OpenedInput out;
    out.name = loaded.name;
    if (!loaded.ok()) {
        out.failure = OpenFailure::Unreadable;
        out.error = loaded.error;
        return out;
    }
    out.bytes = loaded.bytes;
    out.handler = detectFormat(*loaded.bytes, loaded.name);
    if (!out.handler) {
        out.failure = OpenFailure::Unsupported;
        out.error = "unsupported format (no known format matches its bytes)";
        return out;
    }
    out.parsed = out.handler->parse(loaded.bytes, inputSettings(input, loaded.name, base, limits));
    if (!out.parsed) {
        out.failure = OpenFailure::NoResult;
        out.error = "the " + std::string(out.handler->name()) + " reader gave no result";
    }
    return out;
}

OpenedInput openInput(const std::string& input, const ParseSettings& base, const archive::Limits& limits) {
    return openLoaded(input, loadInput(input, limits), base, limits);
}

} // namespace assetscope
