#pragma once

#include "archive/zip_archive.h"
#include "census/input_walk.h"
#include "input/input_path.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace assetscope {

struct CensusProgress;

struct WalkSettings {
    int jobs = 1;
    archive::Limits limits;
    CensusProgress* progress = nullptr;        // `found` and `done` counted into when set
    const std::atomic<bool>* cancel = nullptr; // once set, no further file is handed out
};

// What a worker does with one file. `serial` is the file's place in walk order (from 0);
// `worker` (0 .. jobs-1) says whose partial result to count into. One worker's calls never come
// two at once, but not in serial order: the walking thread reads a batch itself when the queue is
// full and takes older queued batches at the end, so results that depend on order sort by serial.
using FileVisit = std::function<void(const InputTask& task, std::uint64_t serial, std::size_t worker)>;

// The census's walk: every file under `paths` (walkInputs) handed to `visit` on `jobs`
// threads, the walking thread one of them. False when `cancel` stopped it.
bool walkInParallel(const std::vector<std::string>& paths, const WalkSettings& settings,
                    const FileVisit& visit);

} // namespace assetscope
