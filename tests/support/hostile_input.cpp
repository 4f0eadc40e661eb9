#include "hostile_input.h"

#include "archive/zip_listing.h"
#include "decode/texel_decode.h"
#include "formats/registry.h"
#include "input/input_path.h"
#include "tree/tree_writers.h"

#include <algorithm>
#include <cstring>
#include <ostream>

namespace assetscope::hostile {

namespace {

// How far into `data` the marker first occurs at or after `from`; data.size() when absent.
// Every input is searched whole: memchr finds the candidates (std::search's byte loop was a
// percent of a lean target's CPU). Not memmem: libFuzzer watches its needles and would write
// the marker into inputs, cutting files short.
std::size_t findMarker(ByteView data, std::size_t from) {
    const auto first = static_cast<unsigned char>(kSplitMarker.front());
    while (data.size() - from >= kSplitMarker.size()) {
        const auto* hit = static_cast<const std::uint8_t*>(
            std::memchr(data.data() + from, first, data.size() - from - kSplitMarker.size() + 1));
        if (!hit) break;
        from = static_cast<std::size_t>(hit - data.data());
        if (std::equal(kSplitMarker.begin() + 1, kSplitMarker.end(), hit + 1)) return from;
        ++from;
    }
    return data.size();
}

constexpr std::size_t kMaxNameHint = 255;
// Elements built per lazy array: enough to reach every element decoder, few enough for speed.
constexpr std::uint64_t kElementsPerArray = 4;
// Node paths are built per node and cost its depth; a sample of them is enough.
constexpr std::size_t kPathsPerTree = 256;
// Texture bytes decoded per input: the first level always, more while under this.
constexpr std::uint64_t kTexelBytesDecoded = 256 * 1024;

void addCounts(ExerciseCounts& built, const ParsedFile& file) {
    built.nodes += file.tree().nodeCount();
    built.diagnostics += file.tree().diagnostics().size();
}

} // namespace

SplitInput splitInput(ByteView data) {
    SplitInput out;
    const std::size_t first = findMarker(data, 0);
    out.main = data.first(first);
    if (first == data.size()) return out;
    const std::size_t nameStart = first + kSplitMarker.size();
    const std::size_t second = findMarker(data, nameStart);
    const ByteView name = data.subspan(nameStart, second - nameStart);
    out.fileName.assign(name.begin(),
                        name.begin() + static_cast<std::ptrdiff_t>(std::min(name.size(), kMaxNameHint)));
    if (second != data.size())
        out.sibling =
            Bytes(data.begin() + static_cast<std::ptrdiff_t>(second + kSplitMarker.size()), data.end());
    return out;
}

Bytes joinInput(ByteView main, std::string_view fileName, const Bytes* sibling) {
    Bytes out(main.begin(), main.end());
    if (fileName.empty() && !sibling) return out;
    out.insert(out.end(), kSplitMarker.begin(), kSplitMarker.end());
    out.insert(out.end(), fileName.begin(), fileName.end());
    if (sibling) {
        out.insert(out.end(), kSplitMarker.begin(), kSplitMarker.end());
        out.insert(out.end(), sibling->begin(), sibling->end());
    }
    return out;
}

std::string hintedName(const SplitInput& input) {
    const std::size_t slash = input.fileName.rfind('/');
    return slash == std::string::npos ? input.fileName : input.fileName.substr(slash + 1);
}

const FormatHandler* handlerNamed(std::string_view name) {
    for (const FormatHandler* h : formatHandlers())
        if (h->name() == name) return h;
    return nullptr;
}

std::unique_ptr<ParsedFile> parseWith(const FormatHandler& handler, const SplitInput& input,
                                      bool recordNodes) {
    ParseSettings settings;
    settings.recordNodes = recordNodes;
    settings.fileName = hintedName(input);
    // A hint "folder/name" names the folder holding the file as well (a .pgeo's cell <cx>_<cz>).
    if (settings.fileName.size() < input.fileName.size())
        settings.folderName = input.fileName.substr(0, input.fileName.size() - settings.fileName.size() - 1);
    if (input.sibling) {
        const Bytes sibling = *input.sibling;
        settings.sibling = [sibling](const std::string&) { return std::optional<Bytes>(sibling); };
    }
    return handler.parse(shareBytes(Bytes(input.main.begin(), input.main.end())), settings);
}

void materialiseAll(StructureTree& tree, std::uint64_t perArray) {
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        if (!tree.isLazyArray(id)) continue;
        const std::uint64_t n = std::min(tree.childCount(id), perArray);
        for (std::uint64_t i = 0; i < n; ++i)
            tree.child(id, i);
    }
}

std::size_t exerciseParsed(ParsedFile& file) {
    StructureTree& tree = file.tree();
    NullBuffer nullBuffer;
    std::ostream nowhere(&nullBuffer);
    writeTreeJson(tree, nowhere, TreeWriteOptions{16});
    // Building elements appends nodes, so walk by index over a growing tree, bounded by the
    // node count before this pass (the elements' own arrays are reached by the JSON writer).
    const std::size_t before = tree.nodeCount();
    for (NodeId id = 0; id < before; ++id) {
        const std::uint64_t n = std::min(tree.childCount(id), kElementsPerArray);
        if (!tree.isLazyArray(id)) continue;
        for (std::uint64_t i = 0; i < n; ++i)
            tree.child(id, i);
        if (tree.childCount(id) > kElementsPerArray) tree.child(id, tree.childCount(id) - 1);
    }
    for (NodeId id = 0; id < std::min<std::size_t>(tree.nodeCount(), kPathsPerTree); ++id)
        (void)tree.path(id);
    (void)tree.innermostAt(tree.bytes().size() / 2);
    (void)file.info();
    CensusCounts counts;
    file.count(counts);
    (void)file.writeBack();
    std::string reason;
    (void)file.exportScene(ExportSelection{}, reason);
    decodeTexture(file);
    return tree.nodeCount();
}

ExerciseCounts parseFormat(const FormatHandler& handler, ByteView data, const TreeSeen& seen) {
    const SplitInput input = splitInput(data);
    (void)handler.sniff(input.main, input.fileName);
    ExerciseCounts built;
    if (auto file = parseWith(handler, input, true)) {
        if (seen) seen(file->tree());
        addCounts(built, *file);
    }
    // Counted as a census counts: in batch mode (the pipeline counts the tree's reading too).
    if (auto batch = parseWith(handler, input, false)) {
        CensusCounts counts;
        batch->count(counts);
        addCounts(built, *batch);
    }
    return built;
}

ExerciseCounts exercisePipeline(const FormatHandler& handler, ByteView data, const TreeSeen& seen) {
    const SplitInput input = splitInput(data);
    ExerciseCounts built;
    if (auto file = parseWith(handler, input, true)) {
        if (seen) seen(file->tree());
        exerciseParsed(*file);
        exerciseViews(*file, hintedName(input));
        addCounts(built, *file);
    }
    // Batch mode takes other branches (no nodes, diagnostics only) and must hold as well.
    if (auto batch = parseWith(handler, input, false)) {
        CensusCounts counts;
        batch->count(counts);
        (void)batch->writeBack();
        addCounts(built, *batch);
    }
    return built;
}

ExerciseCounts exerciseFormat(const FormatHandler& handler, ByteView data) {
    const SplitInput input = splitInput(data);
    (void)handler.sniff(input.main, input.fileName);
    return exercisePipeline(handler, data);
}

void decodeTexture(const ParsedFile& file) {
    const std::optional<TextureDescription> texture = file.texture();
    if (!texture || !texture->format) return;
    const ByteView bytes = file.tree().bytes();
    decode::TexelImage image;
    std::string reason;
    std::uint64_t decoded = 0;
    for (const TextureLevel& level : texture->levels) {
        if (level.offset > bytes.size() || bytes.size() - level.offset < level.size) continue;
        if (decoded + level.size > kTexelBytesDecoded && decoded > 0) break;
        (void)decode::decodeLevelInto(*texture->format, level.width, level.height,
                                      bytes.subspan(level.offset, level.size), image, reason);
        decoded += level.size;
    }
}

archive::Limits smallLimits() {
    archive::Limits limits;
    limits.maxEntrySize = 1 << 20;
    limits.maxCompressionRatio = 100;
    limits.maxNestingDepth = 2;
    return limits;
}

void exerciseZip(ByteView data, int depth) {
    std::string error;
    // The install's listing reads plain central directories itself: the same bytes through it.
    archive::ZipListing listing;
    if (listing.read(shareBytes(Bytes(data.begin(), data.end())), error))
        for (const archive::ListedEntry& entry : listing.entries())
            (void)listing.name(entry);
    auto zip = archive::ZipArchive::open(shareBytes(Bytes(data.begin(), data.end())), error);
    if (!zip) return;
    const archive::Limits limits = smallLimits();
    (void)zip->find("a");
    for (const archive::ZipEntry& entry : zip->entries()) {
        (void)archive::isUnsafeEntryName(entry.name);
        (void)archive::compressionMethodName(entry.method);
        (void)zip->find(entry.name);
        (void)zip->readPrefix(entry, 64, error);
        const std::optional<Bytes> bytes = zip->read(entry, limits, error);
        if (!bytes) continue;
        (void)detectFormat(*bytes, entry.name);
        if (depth < limits.maxNestingDepth && archive::looksLikeZip(*bytes)) exerciseZip(*bytes, depth + 1);
    }
}

bool exerciseInputPath(std::string_view text, const std::string& zipPath) {
    const InputPath path = InputPath::parse(text);
    if (path.text() != text) return false;
    (void)path.lastName();
    if (zipPath.empty() || path.entries.empty()) return true;
    // Only the entry levels come from the input: the file level is always our own archive, so
    // a hostile text never makes the target read an arbitrary file (a device, a fifo).
    const InputPath inArchive{zipPath, path.entries};
    const LoadedInput loaded = loadInput(inArchive.text(), smallLimits());
    return loaded.ok() || !loaded.error.empty();
}

Bytes inputPathArchive() {
    const std::string text = "a plain file";
    const Bytes inner = archive::writeZip({{"inner/leaf.bin", Bytes(text.begin(), text.end())},
                                           {"deeper.zip", archive::writeZip({{"x", Bytes(16, 7)}}, false)}});
    return archive::writeZip({{"dir/", {}},
                              {"dir/file.bin", Bytes(text.begin(), text.end())},
                              {"nested.zip", inner},
                              {"link", Bytes{'d', 'i', 'r'}, 0120777},
                              {"../escape.bin", Bytes(8, 1)}});
}

} // namespace assetscope::hostile
