#pragma once

#include "tree/recorder.h"

namespace assetscope::pgeo {

// Element decoders of the lazy record arrays: they build one record's nodes when a view asks.
void decodeInstanceNodes(Recorder& r, std::uint64_t index);
void decodeCurveNodes(Recorder& r, std::uint64_t index);
void decodeTableEntryNodes(Recorder& r, std::uint64_t index);
void decodeCrowdPointNodes(Recorder& r, std::uint64_t index);

} // namespace assetscope::pgeo
