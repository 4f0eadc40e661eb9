#pragma once

#include "formats/pgeo/pgeo_file.h"

namespace assetscope::pgeo {

// Serialises the typed form field by field; a parsed file comes out byte for byte as it was read.
Bytes writePgeo(const PgeoFile& file);

} // namespace assetscope::pgeo
