#include "input/input_path.h"

#include "input/input_file.h"

namespace assetscope {

namespace {

constexpr std::string_view kSeparator = "::";

} // namespace

InputPath InputPath::parse(std::string_view text) {
    // Only a double colon separates, so a drive letter ("C:\data\a.zip") stays part of the file.
    InputPath path;
    std::size_t at = text.find(kSeparator);
    path.file = std::string(text.substr(0, at));
    while (at != std::string_view::npos) {
        const std::size_t start = at + kSeparator.size();
        at = text.find(kSeparator, start);
        path.entries.emplace_back(text.substr(start, at == std::string_view::npos ? at : at - start));
    }
    return path;
}

std::string InputPath::text() const {
    std::string out = file;
    for (const auto& entry : entries) {
        out += kSeparator;
        out += entry;
    }
    return out;
}

std::string InputPath::lastName() const {
    return input::lastPathPart(entries.empty() ? file : entries.back());
}

std::string InputPath::folderName() const {
    const std::string& inner = entries.empty() ? file : entries.back();
    const std::size_t last = inner.find_last_of("/\\");
    if (last == std::string::npos || last == 0) return {};
    return input::lastPathPart(std::string_view(inner).substr(0, last));
}

LoadedInput loadInput(std::string_view input, const archive::Limits& limits) {
    const InputPath path = InputPath::parse(input);
    LoadedInput result;
    result.name = path.lastName();
    try {
        if (path.file.empty()) {
            result.error = "empty input path";
            return result;
        }
        if (path.entries.empty()) return input::readInputFile(path.file, limits);
        if (limits.maxNestingDepth < 0 ||
            path.entries.size() > static_cast<std::size_t>(limits.maxNestingDepth)) {
            result.error = input::nestingRefusal(path.entries.size(), limits.maxNestingDepth);
            return result;
        }
        // The outermost archive is read from disk on demand: only the wanted entry is decompressed.
        std::string error;
        std::unique_ptr<archive::ZipArchive> zip = archive::ZipArchive::openFile(path.file, error);
        if (!zip) {
            result.error =
                error.starts_with("cannot open") ? error : path.file + " is not a readable zip: " + error;
            return result;
        }
        InputPath at{path.file, {}};
        for (const auto& name : path.entries) {
            const archive::ZipEntry* entry = zip->find(name);
            if (!entry) {
                result.error = "entry not found: " + name + " (in " + at.text() + ")";
                return result;
            }
            std::optional<Bytes> bytes = zip->read(*entry, limits, error);
            if (!bytes) {
                result.error = name + ": " + error;
                return result;
            }
            at.entries.push_back(name);
            SharedBytes shared = shareBytes(std::move(*bytes));
            if (at.entries.size() == path.entries.size()) {
                result.bytes = std::move(shared);
                return result;
            }
            zip = archive::ZipArchive::open(std::move(shared), error);
            if (!zip) {
                result.error = name + " is not a readable zip: " + error;
                return result;
            }
        }
    } catch (const std::exception& e) {
        result.error = std::string("cannot load: ") + e.what();
    }
    return result;
}

} // namespace assetscope
