#pragma once

#include "bytes/byte_view.h"

#include <cstdint>
#include <filesystem>
#include <string>

// The benchmarks' corpora, shaped like an install: most files are small model bundles.
namespace assetscope::bench {

// Model bundle `index` of a corpus: one box-shaped mesh of a few dozen vertices with its own
// size, names and material, about 3 KB. Deterministic in `index`.
Bytes smallModel(int index);
// Its path inside the corpus ("media/models/m12/prp_bench_12345.i.modelbin").
std::string smallModelPath(int index);

// A deflated zip of `count` small models; returns its uncompressed size.
std::uint64_t writeModelZip(const std::filesystem::path& zip, int count);
// The same models as plain files under `folder`; returns their total size.
std::uint64_t writeModelFolder(const std::filesystem::path& folder, int count);

} // namespace assetscope::bench
