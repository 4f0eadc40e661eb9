#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace assetscope {

// Numbers as every text the tool writes spells them (diagnostics, node displays, info lines,
// table cells), so one value reads the same everywhere.

// "0x1f": offsets and sizes in diagnostics and tree text.
std::string hexText(std::uint64_t v);
// "0x0000001F": fields shown at their stored width (flags, tags), upper case, zero-padded.
std::string hexDigits(std::uint64_t v, int digits);
// "%.9g" by default: a float or double read back exactly enough to tell values apart.
std::string numberText(double v, int significant = 9);
// The same into `out`, which has room for kNumberTextMax characters; returns how many it wrote.
// Through std::to_chars, which spells a number as printf's "%.*g" does, without its cost.
inline constexpr std::size_t kNumberTextMax = 32;
std::size_t writeNumberText(char* out, double v, int significant = 9);
// "(1, 2.5, -3)": a short list of numbers.
std::string numberTuple(std::span<const double> values);
std::string numberTuple(std::span<const float> values);

} // namespace assetscope
