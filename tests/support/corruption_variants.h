#pragma once

// The corruption corpus: every sample file of every format, truncated, bit-flipped and with its
// count/offset fields overwritten. Qt-free, shared by tst_corruption (which bounds what each
// variant makes the code do) and bench_hostile (which times them).

#include "bytes/byte_view.h"
#include "contract/parsed_file.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace assetscope::corruption {

// The variant families, as the reports name them.
inline constexpr const char* kTruncationsUpTo4K = "truncations up to 4 KiB";
inline constexpr const char* kSampledTruncations = "sampled truncations";
inline constexpr const char* kBitFlips = "bit flips";
inline constexpr const char* kFieldStomps = "field stomps";
inline constexpr const char* kCountsThatFit = "counts at the most that fit";
inline constexpr const char* kSiblingTruncations = "sibling truncations";
inline constexpr const char* kSiblingBitFlips = "sibling bit flips";

struct Sample {
    std::string path;
    std::string name; // last path part: the parser's name hint
    Bytes bytes;
    const FormatHandler* handler = nullptr;
    std::string siblingName; // what the parser asked for next to it (a MeshSet's chunk)
    std::optional<Bytes> sibling;
};

struct Variant {
    std::string what;
    Bytes bytes;
    std::optional<Bytes> sibling;
    bool full = true; // also dump, elements, export and batch reading, not only parse + write-back
    const char* kind = "";

    bool isTruncation() const;
};

// Every file of the sample set that a format claims, with the sibling its parser asked for.
std::vector<Sample> loadSamples();

// The variants of one sample, deterministic in its path.
std::vector<Variant> variantsOf(const Sample& s);

// The u16/u32/i32 fields the parser recorded (lazy array elements built for two per array),
// as (offset, size); at most `most`, spread over the file.
std::vector<std::pair<std::uint64_t, std::uint64_t>> numericFields(const Sample& s, std::size_t most);

} // namespace assetscope::corruption
