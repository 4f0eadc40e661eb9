#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace assetscope {

// What a census counts; the CLI contract fixes the JSON names.
struct CensusCounts {
    std::uint64_t files = 0;
    std::map<std::string, std::uint64_t> byFormat;
    std::uint64_t bundles = 0;
    std::uint64_t nestedBundles = 0;
    std::map<std::string, std::uint64_t> blobs;    // "<Tag> <major>.<minor>"
    std::map<std::string, std::uint64_t> metadata; // "<Tag>"
    std::uint64_t meshes = 0;
    std::uint64_t indices = 0;
    std::uint64_t vertices = 0;
    std::uint64_t placements = 0;
    std::map<std::string, std::uint64_t> textures; // by format: "BC7_UNORM_SRGB", or "encoding N"
    struct Refusal {
        std::uint64_t count = 0;
        std::vector<std::string> examples; // "<input>: <message>", a few
    };
    std::map<std::string, Refusal> refusals; // by rule id

    static constexpr std::size_t kExamplesPerRule = 5;

    void addRefusal(const std::string& rule, const std::string& example, std::uint64_t occurrences = 1);
    void merge(const CensusCounts& other);
};

} // namespace assetscope
