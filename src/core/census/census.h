#pragma once

#include "archive/zip_archive.h"
#include "census/input_walk.h"
#include "contract/census_counts.h"
#include "input/input_path.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace assetscope {

class FieldTap;

// How far a census has come, for a progress line: counted with relaxed atomics as files are
// found and read, so watching it costs the workers nothing but an increment.
struct CensusProgress {
    std::atomic<std::uint64_t> found{0}; // files the walk has handed out so far
    std::atomic<std::uint64_t> done{0};  // files read (parsed, skipped or refused)
    std::atomic<std::uint64_t> bytes{0}; // their bytes, decompressed
};

struct CensusOptions {
    int jobs = 1;
    archive::Limits limits;
    CensusProgress* progress = nullptr;        // counted into when set
    const std::atomic<bool>* cancel = nullptr; // the walk stops handing out files once set
};

// Strict reading of every supported file under each path (file, folder, archive, recursively),
// nodes switched off. Files no format claims are skipped; unreadable ones are refusals.
CensusCounts runCensus(const std::vector<std::string>& paths, const CensusOptions& options);

// One file's contribution (also what the GUI's folder census calls per file), opened through
// openInput's settings: its cell folder, and its companions (a MeshSet's <guid>.chunk) beside
// it, read within `limits`.
// With a `tap`, the documented fields it wants go to it as they are read (field statistics).
void censusOne(const std::string& input, const SharedBytes& bytes, const std::string& fileName,
               CensusCounts& counts, const archive::Limits& limits = {}, FieldTap* tap = nullptr);

// One file the walk found: loaded (an unreadable one is an "input.unreadable" refusal), then
// censusOne; its bytes counted into `progress` when set.
void censusTask(const InputTask& task, const archive::Limits& limits, CensusCounts& counts,
                CensusProgress* progress = nullptr, FieldTap* tap = nullptr);

} // namespace assetscope
