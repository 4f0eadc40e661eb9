#pragma once

#include "shading/parameters.h"

namespace assetscope::shading {

// An MTPR or DFPR blob's data from its typed form: the count as its version stores it, the
// records, the trailer where it was read (or made), then the bytes the reading kept unread.
Bytes writeParameterBlob(const ParameterBlob& blob);

} // namespace assetscope::shading
