#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {

// What a census counts; the CLI contract fixes the JSON names.
struct CensusCounts {
    std::uint64_t files = 0;
    std::map<std::string, std::uint64_t> byFormat;
    // Grub bundles' container counts, which grub and every format read from bundles add.
    std::uint64_t bundles = 0;
    std::uint64_t nestedBundles = 0;
    std::map<std::string, std::uint64_t> blobs;    // "<Tag> <major>.<minor>"
    std::map<std::string, std::uint64_t> metadata; // "<Tag>"
    // Every other count a format adds, under the key `census --json` prints it as: a number
    // ("meshes") or numbers by kind ("textures": {"BC7_UNORM_SRGB": n}). A format names its own
    // keys; the census needs no field for them.
    std::map<std::string, std::uint64_t, std::less<>> totals;
    std::map<std::string, std::map<std::string, std::uint64_t>, std::less<>> byKind;
    struct Refusal {
        std::uint64_t count = 0;
        std::vector<std::string> examples; // "<input>: <message>", a few
    };
    std::map<std::string, Refusal> refusals; // by rule id

    static constexpr std::size_t kExamplesPerRule = 5;

    void add(std::string_view key, std::uint64_t n);
    void addKind(std::string_view key, const std::string& kind, std::uint64_t n = 1);
    // 0 when nothing was added under `key`.
    std::uint64_t total(std::string_view key) const;
    // Empty when nothing was added under `key`.
    const std::map<std::string, std::uint64_t>& kinds(std::string_view key) const;

    void addRefusal(const std::string& rule, const std::string& example, std::uint64_t occurrences = 1);
    void merge(const CensusCounts& other);
};

// The keyed counts the CLI contract names, printed in this order (numbers, then numbers by kind)
// whether or not a format added to them.
inline constexpr std::array<std::string_view, 4> kContractTotals = {"meshes", "indices", "vertices",
                                                                    "placements"};
inline constexpr std::array<std::string_view, 1> kContractKinds = {"textures"};

// The keys formats added that the contract does not name, in name order: printed after the
// contract's counts.
std::vector<std::string> ownCountKeys(const CensusCounts& counts);

} // namespace assetscope
