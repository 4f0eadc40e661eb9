#pragma once

#include "archive/zip_archive.h"
#include "find/find_in_file.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace assetscope {

struct CensusProgress;

struct FindWalkOptions {
    int jobs = 1;
    std::size_t maxMatches = 1000; // kept, the earliest in walk order; the rest are counted
    archive::Limits limits;
    CensusProgress* progress = nullptr;        // counted into when set
    const std::atomic<bool>* cancel = nullptr; // the walk stops handing out files once set
};

// One match and the input it is in ("a.zip::media/x.modelbin").
struct FoundMatch {
    std::string input;
    FindMatch match;
};

struct FindWalkResult {
    std::uint64_t files = 0;             // supported files searched, as census counts them
    std::vector<FoundMatch> matches;     // in walk order, then offset order, whatever the jobs
    std::uint64_t total = 0;             // every match, `matches` included
    std::vector<std::string> unreadable; // "INPUT: reason", in walk order
    bool cancelled = false;

    std::uint64_t truncated() const { return total - matches.size(); }
};

// The census's parallel walk over `paths` (folders, archives, nested archives), each supported
// file searched with findInFile: a Value find reads with nodes off through a field tap as
// `stats` does; a Bytes or Text find scans the raw bytes, nested bundles included. A file is
// read with nodes on only when it holds a kept match, for the match's path.
FindWalkResult runFind(const FindQuery& query, const std::vector<std::string>& paths,
                       const FindWalkOptions& options);

} // namespace assetscope
