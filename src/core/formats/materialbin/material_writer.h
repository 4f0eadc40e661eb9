#pragma once

#include "formats/materialbin/material_file.h"

namespace assetscope::materialbin {

// Serialises a material from its typed form: MATL's strings, its ATST payload and MTPR's
// parameters replace what the bundle held for them; every other blob and record is written as
// the bundle holds it.
Bytes writeMaterial(const MaterialFile& file);
// The bundle with MATL, ATST and MTPR made from the typed parts.
grub::Bundle materialBundle(const MaterialFile& file);

// The data of a MATL blob and an ATST metadata record.
Bytes writeMaterialLink(const MaterialLink& link);
grub::Metadata atstMetadata(const AlphaTest& atst);

// A new material as the game lays one out (samples, tests): MATL 1.2 named `name` with the
// shader's path in all three strings, ATST v2, MTPR 2.0 with `records` and its trailer, and an
// MTUD blob of `mtud`.
MaterialFile makeMaterial(std::string name, std::string shaderPath, std::vector<ParameterRecord> records,
                          Bytes mtud = {});

} // namespace assetscope::materialbin
