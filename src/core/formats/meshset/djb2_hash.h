#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace assetscope::meshset {

// djb2 with XOR (Bernstein's second form): h = 5381, then h = (h * 33) ^ byte for every byte,
// in 32 bits. The MeshSet uses it for its name, each LOD's path part and the lower-cased
// material names.
std::uint32_t djb2Xor(std::string_view text);

} // namespace assetscope::meshset
