#pragma once

#include "bytes/byte_writer.h"

#include <string>
#include <string_view>

namespace assetscope {
class Recorder;
}

namespace assetscope::shading {

// The public readers' strings (public-reader-notes.md, "Materials and shaders"): the length as a
// .NET 7-bit-encoded integer (low 7 bits first, bit 7 set when another byte follows), then that
// many bytes, no terminator.
inline constexpr std::size_t kMaxLengthBytes = 5; // a 7-bit-encoded u32 never needs more

// Reads one string as a scope named by `key` (a documented row) holding its length and its text,
// the scope's value being the text. Throws ParseError ("materialbin.string.length") when the
// length runs past five bytes or past the view, or names more bytes than remain.
std::string readSevenBitString(Recorder& r, std::string_view key);

void writeSevenBitLength(ByteWriter& w, std::uint64_t length);
void writeSevenBitString(ByteWriter& w, std::string_view text);

} // namespace assetscope::shading
