#pragma once

#include "document/parsed_file.h"

#include <span>

namespace assetscope {

// Every supported format, most specific first; formats added with addFormatHandler come last.
std::span<const FormatHandler* const> formatHandlers();

// Adds a format from outside core (a test's own format). Call before any input is opened: the
// list is read from several threads without a lock. The handler must live as long as the program.
void addFormatHandler(const FormatHandler& handler);

// The handler whose sniff scores highest, or nullptr.
const FormatHandler* detectFormat(ByteView bytes, std::string_view fileName);

} // namespace assetscope
