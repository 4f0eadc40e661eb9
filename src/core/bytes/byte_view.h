#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace assetscope {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;
using SharedBytes = std::shared_ptr<const Bytes>;

inline SharedBytes shareBytes(Bytes bytes) { return std::make_shared<const Bytes>(std::move(bytes)); }

// The four bytes of a tag as it reads: the u32 0x4d6f646c ("Modl") is stored as the bytes "ldoM".
std::string tagText(std::uint32_t tag);
std::uint32_t tagFromText(std::string_view text);

} // namespace assetscope
