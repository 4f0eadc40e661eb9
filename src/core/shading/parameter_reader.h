#pragma once

#include "shading/parameters.h"

namespace assetscope {
class Recorder;
}

namespace assetscope::shading {

// Whether a parameter blob ends in the trailer of three CRCs: an MTPR blob from 2.0 does, a
// DFPR blob does not.
enum class Trailer : std::uint8_t { None, Mtpr };

// Reads an MTPR or DFPR blob filling the recorder's view: the count, every record under a
// "parameters" scope (each named by its parameter's name, or its hash as 0x%08X) and, for MTPR,
// the trailer. Never throws: a count past the blob, a record cut short, an unknown type code or
// bytes past the fields become diagnostics, and the bytes not read are kept in `rest`.
ParameterBlob readParameterBlob(Recorder& r, Version version, Trailer trailer);

} // namespace assetscope::shading
