#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace assetscope {

// A GUID as stored (Windows layout: the first three groups little-endian).
using Guid = std::array<std::uint8_t, 16>;

std::string guidText(const Guid& guid); // canonical lower-case 8-4-4-4-12
std::optional<Guid> guidFromText(std::string_view text);
bool isZero(const Guid& guid);

} // namespace assetscope
