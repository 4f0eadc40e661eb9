#pragma once

#include "archive/zip_archive.h"
#include "census/census.h"
#include "contract/census_counts.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace assetscope {

// One value of a documented field as the folder showed it.
struct FieldValueCount {
    std::string value;       // as `dump --json` prints it: 13, "Modl", 1.5, [1, 2]
    std::uint64_t count = 0; // occurrences
    std::uint64_t files = 0; // files it occurs in
    // Up to kExamples "INPUT@0xOFFSET" (absolute offset, hex as refusals print it): the first
    // occurrence in each of the first files, in walk order, that hold the value.
    std::vector<std::string> examples;
    static constexpr std::size_t kExamples = 3;
};

// Every occurrence of one documented field (a row of the documented-field table) across files.
struct FieldStats {
    std::string key;         // "grub/header/blob_count"
    std::uint64_t files = 0; // files holding it
    std::uint64_t occurrences = 0;
    std::uint64_t distinct = 0; // distinct values
    // Memory stays bounded: kMaxDistinct values are kept with their counts, per worker and in
    // the merge. A value met once the table is full counts in occurrences, min, max and other,
    // and `distinct` is then a lower bound.
    static constexpr std::size_t kMaxDistinct = 100000;
    bool distinctIsLowerBound = false;
    std::string min, max; // as values print; empty when no occurrence is a number
    // The top K, most frequent first (ties: numbers in numeric order, then other values by text).
    std::vector<FieldValueCount> values;
    std::uint64_t other = 0; // occurrences of the values beyond the top K
};

struct FieldStatsOptions {
    int jobs = 1;
    std::size_t top = 20;
    archive::Limits limits;
    CensusProgress* progress = nullptr;        // counted into when set
    const std::atomic<bool>* cancel = nullptr; // the walk stops handing out files once set
};

struct FieldStatsResult {
    std::uint64_t files = 0;        // supported files read, as census counts them
    std::vector<FieldStats> fields; // one per requested key, in the order asked
    CensusCounts counts;            // the census of the same files (refusals counted as census counts them)
    bool cancelled = false;
};

// The census's strict parallel walk over `paths`, recording only the fields `keys` name (no
// trees): the documents' own method ("0 in every bundle") run on the user's files. Every key
// must be a row of DocTable (checked by the caller: closestKeys names the nearest rows).
FieldStatsResult runFieldStats(const std::vector<std::string>& keys, const std::vector<std::string>& paths,
                               const FieldStatsOptions& options);

// The table's keys nearest to an unknown `key`, nearest first (for the usage error).
std::vector<std::string> closestKeys(const std::string& key, std::size_t count = 3);

} // namespace assetscope
