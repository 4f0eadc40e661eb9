#pragma once

#include "contract/parsed_file.h"
#include "formats/pgeo/pgeo_file.h"

#include <string>

namespace assetscope::pgeo {

// How a block names the model it places, and how model files are named: a block's model is the
// .modelbin whose name, up to its first '.' and without a trailing _lod<N>, equals the block's
// first source template name (BLD_SAMPLE_HOUSE_A -> bld_sample_house_a_lod0.i.modelbin), else
// the block name without its _3D / _3D_HIGH / _impostor suffix; the finest LOD file wins.

// The lower-case model key a block looks for.
std::string blockModelKey(const Block& block);
// The key a model file name offers, and its LOD number (0 when the name carries none).
std::string modelFileKey(const std::string& fileName, int& lod);

// "Where is this model used?": the .pgeo fields that name a model file by the rule above (its
// first source template, else its block name less the suffix), case ignored; none for a file
// that is not a model.
std::vector<ReferenceFind> modelReferences(const ReferenceTarget& target);

} // namespace assetscope::pgeo
