#pragma once

#include "materials/material_chain.h"

#include <ostream>
#include <vector>

namespace assetscope::materials {

// `assetscope-cli materials` (cli-contract.md, "Materials"): a block of text per look, or one JSON
// object {"materials": [...]}.
void writeLooksText(std::ostream& out, const std::vector<ResolvedLook>& looks);
void writeLooksJson(std::ostream& out, const std::vector<ResolvedLook>& looks);

// A parameter's value as the text report spells it: numbers as a tuple, a texture's path.
std::string parameterValueText(const MaterialParameter& parameter);

} // namespace assetscope::materials
