#pragma once

#include "document/parsed_file.h"

#include <span>

namespace assetscope {

// Every supported format, most specific first.
std::span<const FormatHandler* const> formatHandlers();

// The handler whose sniff scores highest, or nullptr.
const FormatHandler* detectFormat(ByteView bytes, std::string_view fileName);

} // namespace assetscope
