#include "corruption_variants.h"

#include "formats/registry.h"
#include "hostile_input.h"
#include "samples/sample_set.h"

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <string_view>
#include <variant>

namespace assetscope::corruption {

namespace {

// Truncations: at every offset up to 4 KiB (where headers, tables and small files live), then
// at sampled offsets. Every dense truncation is read in batch mode and written back; those below
// kFullyExercisedUpTo and every kFullExerciseStride-th also get the full treatment (tree, dump,
// elements, export, batch reading).
constexpr std::size_t kEveryOffsetUpTo = 4096;
constexpr std::size_t kFullyExercisedUpTo = 128;
constexpr std::size_t kFullExerciseStride = 64;
// Variants of the whole file cost a parse of the whole file: their number shrinks with the size
// (a 560 KB terrain patch gets a dozen, a 1 KB bundle the maximum) to keep the run near a minute.
constexpr std::size_t kWholeFileBudget = 4 << 20;
constexpr int kMostSampledTruncations = 64;
constexpr int kMostBitFlips = 64;
constexpr int kMaxFieldsPerFile = 48;
constexpr int kSiblingVariants = 48;

int scaled(int most, std::size_t fileSize, int least) {
    const std::size_t byBudget = kWholeFileBudget / std::max<std::size_t>(fileSize, 1);
    return static_cast<int>(
        std::clamp<std::size_t>(byBudget, static_cast<std::size_t>(least), static_cast<std::size_t>(most)));
}

std::string lastPart(const std::string& path) {
    const auto at = path.find_last_of('/');
    return at == std::string::npos ? path : path.substr(at + 1);
}

std::vector<std::size_t> sampledOffsets(std::size_t from, std::size_t to, int count, std::mt19937& rng) {
    std::vector<std::size_t> offsets;
    if (from >= to) return offsets;
    for (int i = 0; i < count / 2; ++i)
        offsets.push_back(from +
                          (to - from) * static_cast<std::size_t>(i) / static_cast<std::size_t>(count / 2));
    std::uniform_int_distribution<std::size_t> any(from, to - 1);
    while (static_cast<int>(offsets.size()) < count)
        offsets.push_back(any(rng));
    return offsets;
}

// Count fields paired with the records they count: a lazy array (count and stride) or a
// container whose children are records of one size laid end to end, and the nearest numeric
// field before those records that holds their number. Each gets the largest count whose records
// still fit in the file: the count guard lets such a count through, so whatever follows from it
// (records, diagnostics, nodes) must stay proportional to the file.
struct CountField {
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    std::uint64_t largest = 0;
};

std::optional<std::uint64_t> countValue(const Node& n) {
    const bool numeric = n.type == "u8" || n.type == "u16" || n.type == "u32" || n.type == "i32";
    if (!numeric) return std::nullopt;
    if (const auto* u = std::get_if<std::uint64_t>(&n.value)) return *u;
    if (const auto* i = std::get_if<std::int64_t>(&n.value); i && *i >= 0)
        return static_cast<std::uint64_t>(*i);
    return std::nullopt;
}

// Records a node counts: (first record's offset, stride, count), when it has records.
std::optional<std::array<std::uint64_t, 3>> recordsOf(const StructureTree& tree, const Node& n) {
    if (n.decoder) return std::array<std::uint64_t, 3>{n.offset, n.stride, n.count};
    if (n.children.empty()) return std::nullopt;
    const Node& first = tree.node(n.children.front());
    if (first.size == 0 || first.kind == NodeKind::Field) return std::nullopt;
    for (std::size_t i = 0; i < n.children.size(); ++i) {
        const Node& c = tree.node(n.children[i]);
        if (c.size != first.size || c.offset != first.offset + i * first.size) return std::nullopt;
    }
    return std::array<std::uint64_t, 3>{first.offset, first.size, n.children.size()};
}

std::vector<CountField> countFields(const Sample& s) {
    hostile::SplitInput input{s.bytes, s.name, s.sibling};
    auto file = hostile::parseWith(*s.handler, input, true);
    const StructureTree& tree = file->tree();
    std::map<std::uint64_t, std::vector<NodeId>> byValue; // numeric fields in the file, by value
    for (NodeId id = 0; id < tree.nodeCount(); ++id)
        if (const auto v = countValue(tree.node(id)); v && *v > 0) byValue[*v].push_back(id);
    std::map<std::uint64_t, CountField> found; // by offset
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        const auto records = recordsOf(tree, tree.node(id));
        if (!records) continue;
        const auto [start, stride, count] = *records;
        const auto candidates = byValue.find(count);
        if (candidates == byValue.end() || start > s.bytes.size()) continue;
        const Node* field = nullptr;
        for (NodeId f : candidates->second) {
            const Node& n = tree.node(f);
            if (n.offset + n.size <= start && n.offset + n.size <= s.bytes.size() &&
                (!field || n.offset > field->offset))
                field = &n;
        }
        if (!field) continue;
        const std::uint64_t widest = field->size == 1       ? 0xFF
                                     : field->size == 2     ? 0xFFFF
                                     : field->type == "i32" ? 0x7FFFFFFF
                                                            : 0xFFFFFFFF;
        const std::uint64_t largest = std::min(widest, (s.bytes.size() - start) / stride);
        if (largest > count) found[field->offset] = {field->offset, field->size, largest};
    }
    std::vector<CountField> out;
    for (const auto& [offset, field] : found)
        out.push_back(field);
    return out;
}

void addWholeFileVariants(const Sample& s, std::mt19937& rng, std::vector<Variant>& out) {
    const Bytes& b = s.bytes;
    if (!b.empty()) {
        for (std::size_t at : sampledOffsets(0, b.size(), scaled(kMostBitFlips, b.size(), 12), rng)) {
            const int bit = static_cast<int>(rng() % 8);
            Variant v{"bit " + std::to_string(bit) + " flipped at " + std::to_string(at), b, s.sibling};
            v.bytes[at] ^= static_cast<std::uint8_t>(1u << bit);
            v.kind = kBitFlips;
            out.push_back(std::move(v));
        }
    }
    for (const auto& [offset, size] :
         numericFields(s, static_cast<std::size_t>(scaled(kMaxFieldsPerFile, s.bytes.size(), 6)))) {
        const std::uint32_t values[] = {0, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF};
        for (std::uint32_t value : values) {
            if (size == 2 && value == 0x7FFFFFFF) value = 0x7FFF;
            if (size == 2 && value == 0xFFFFFFFF) value = 0x8000;
            Variant v{"field at " + std::to_string(offset) + " set to " + std::to_string(value), b,
                      s.sibling};
            v.kind = kFieldStomps;
            for (std::uint64_t i = 0; i < size; ++i)
                v.bytes[offset + i] = static_cast<std::uint8_t>(value >> (8 * i));
            if (v.bytes != b) out.push_back(std::move(v));
        }
    }
    for (const CountField& f : countFields(s)) {
        Variant v{"count at " + std::to_string(f.offset) + " set to " + std::to_string(f.largest) +
                      " (the most whose records fit)",
                  b, s.sibling};
        v.kind = kCountsThatFit;
        for (std::uint64_t i = 0; i < f.size; ++i)
            v.bytes[f.offset + i] = static_cast<std::uint8_t>(f.largest >> (8 * i));
        out.push_back(std::move(v));
    }
}

void addSiblingVariants(const Sample& s, std::mt19937& rng, std::vector<Variant>& out) {
    if (!s.sibling || s.sibling->empty()) return;
    // The resource stays whole; its sibling (a MeshSet's geometry chunk) is what breaks.
    const Bytes& c = *s.sibling;
    for (std::size_t n : sampledOffsets(0, c.size(), kSiblingVariants, rng))
        out.push_back({"sibling truncated at " + std::to_string(n), s.bytes,
                       Bytes(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(n)), true,
                       kSiblingTruncations});
    for (std::size_t at : sampledOffsets(0, c.size(), kSiblingVariants, rng)) {
        Variant v{"sibling bit flipped at " + std::to_string(at), s.bytes, c};
        (*v.sibling)[at] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
        v.kind = kSiblingBitFlips;
        out.push_back(std::move(v));
    }
}

} // namespace

bool Variant::isTruncation() const {
    const std::string_view k(kind);
    return k == kTruncationsUpTo4K || k == kSampledTruncations || k == kSiblingTruncations;
}

std::vector<Sample> loadSamples() {
    const samples::SampleFiles all = samples::allSampleFiles();
    std::map<std::string, const Bytes*> byPath;
    for (const auto& f : all)
        byPath[f.name] = &f.data;
    std::vector<Sample> out;
    for (const auto& f : all) {
        Sample s{f.name, lastPart(f.name), f.data, nullptr, {}, std::nullopt};
        s.handler = detectFormat(s.bytes, s.name);
        if (!s.handler) continue; // a chunk: corrupted as its resource's sibling
        const std::string folder = f.name.substr(0, f.name.size() - s.name.size());
        ParseSettings settings;
        settings.fileName = s.name;
        settings.sibling = [&](const std::string& wanted) -> std::optional<Bytes> {
            const auto it = byPath.find(folder + wanted);
            if (it == byPath.end()) return std::nullopt;
            if (!s.sibling) {
                s.siblingName = wanted;
                s.sibling = *it->second;
            }
            return *it->second;
        };
        s.handler->parse(shareBytes(s.bytes), settings);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> numericFields(const Sample& s, std::size_t most) {
    hostile::SplitInput input{s.bytes, s.name, s.sibling};
    auto file = hostile::parseWith(*s.handler, input, true);
    StructureTree& tree = file->tree();
    hostile::materialiseAll(tree, 2);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> fields;
    for (NodeId id = 0; id < tree.nodeCount(); ++id) {
        const Node& n = tree.node(id);
        const bool wanted = n.type == "u16" || n.type == "u32" || n.type == "i32";
        if (wanted && (n.size == 2 || n.size == 4) && n.offset + n.size <= s.bytes.size())
            fields.emplace_back(n.offset, n.size);
    }
    std::sort(fields.begin(), fields.end());
    fields.erase(std::unique(fields.begin(), fields.end()), fields.end());
    if (fields.size() <= most) return fields;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> picked;
    for (std::size_t i = 0; i < most; ++i)
        picked.push_back(fields[i * fields.size() / most]);
    return picked;
}

std::vector<Variant> variantsOf(const Sample& s) {
    std::vector<Variant> out;
    const Bytes& b = s.bytes;
    std::mt19937 rng(static_cast<std::uint32_t>(std::hash<std::string>{}(s.path)));
    const auto truncated = [&](std::size_t n, bool full, const char* kind) {
        out.push_back({"truncated at " + std::to_string(n),
                       Bytes(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n)), s.sibling, full, kind});
    };
    for (std::size_t n = 0; n < std::min(b.size(), kEveryOffsetUpTo + 1); ++n)
        truncated(n, n < kFullyExercisedUpTo || n % kFullExerciseStride == 0, kTruncationsUpTo4K);
    for (std::size_t n :
         sampledOffsets(kEveryOffsetUpTo + 1, b.size(), scaled(kMostSampledTruncations, b.size(), 8), rng))
        truncated(n, true, kSampledTruncations);
    addWholeFileVariants(s, rng, out);
    addSiblingVariants(s, rng, out);
    return out;
}

} // namespace assetscope::corruption
