#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace assetscope {

// Counts by kind ("Mesh 1.13": n), in the kinds' name order. A sorted list rather than a map: a
// list grows by doubling where a map allocates for each kind, and a hostile bundle names hundreds.
class KindCounts {
public:
    using Entry = std::pair<std::string, std::uint64_t>;

    void add(std::string_view kind, std::uint64_t n);
    // The count of `kind`; throws std::out_of_range when nothing was added under it.
    std::uint64_t at(std::string_view kind) const;
    std::size_t size() const { return m_entries.size(); }
    bool empty() const { return m_entries.empty(); }
    auto begin() const { return m_entries.begin(); }
    auto end() const { return m_entries.end(); }

private:
    std::vector<Entry> m_entries;
};

// What a census counts; the CLI contract fixes the JSON names.
struct CensusCounts {
    std::uint64_t files = 0;
    std::map<std::string, std::uint64_t> byFormat;
    // Every count a format adds, under the key `census --json` prints it as: a number
    // ("bundles", "meshes") or numbers by kind ("blobs": {"Mesh 1.13": n}, "textures":
    // {"BC7_UNORM_SRGB": n}). A format names its own keys; the census needs no field for them.
    std::map<std::string, std::uint64_t, std::less<>> totals;
    std::map<std::string, KindCounts, std::less<>> byKind;
    struct Refusal {
        std::uint64_t count = 0;
        std::vector<std::string> examples; // "<input>: <message>", a few
    };
    std::map<std::string, Refusal> refusals; // by rule id

    static constexpr std::size_t kExamplesPerRule = 5;

    void add(std::string_view key, std::uint64_t n);
    void addKind(std::string_view key, std::string_view kind, std::uint64_t n = 1);
    // 0 when nothing was added under `key`.
    std::uint64_t total(std::string_view key) const;
    // Empty when nothing was added under `key`.
    const KindCounts& kinds(std::string_view key) const;

    void addRefusal(const std::string& rule, const std::string& example, std::uint64_t occurrences = 1);
    void merge(const CensusCounts& other);
};

// Whether a count is one number or numbers by kind.
enum class CountShape { Number, ByKind };

struct ContractCount {
    std::string_view key;  // the JSON name
    std::string_view text; // the name the text census prints
    CountShape shape;
};

// The keyed counts the CLI contract names, in the contract's order (after files and by_format,
// before refusals), printed whether or not a format added to them.
inline constexpr std::array<ContractCount, 9> kContractCounts = {{
    {"bundles", "bundles", CountShape::Number},
    {"nested_bundles", "nested bundles", CountShape::Number},
    {"blobs", "blobs", CountShape::ByKind},       // "<Tag> <major>.<minor>"
    {"metadata", "metadata", CountShape::ByKind}, // "<Tag>"
    {"meshes", "meshes", CountShape::Number},
    {"indices", "indices", CountShape::Number},
    {"vertices", "vertices", CountShape::Number},
    {"placements", "placements", CountShape::Number},
    {"textures", "textures", CountShape::ByKind},
}};

// The keys formats added that the contract does not name, in name order: printed after the
// contract's counts.
std::vector<std::string> ownCountKeys(const CensusCounts& counts);

} // namespace assetscope
