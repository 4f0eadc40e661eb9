#include "bytes/number_text.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace assetscope {

std::string hexText(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string hexDigits(std::uint64_t v, int digits) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%0*llX", digits, static_cast<unsigned long long>(v));
    return buf;
}

namespace {

constexpr std::uint64_t kPowersOf10[] = {1,
                                         10,
                                         100,
                                         1000,
                                         10000,
                                         100000,
                                         1000000,
                                         10000000,
                                         100000000,
                                         1000000000,
                                         10000000000,
                                         100000000000,
                                         1000000000000,
                                         10000000000000,
                                         100000000000000,
                                         1000000000000000,
                                         10000000000000000,
                                         100000000000000000,
                                         1000000000000000000,
                                         10000000000000000000u};

constexpr double kDoublePowersOf10[] = {1e-4, 1e-3, 1e-2, 1e-1, 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,
                                        1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17};

// Two decimal digits at a time: "00" to "99".
constexpr auto kDigitPairs = [] {
    std::array<char, 200> pairs{};
    for (int i = 0; i < 100; ++i) {
        pairs[static_cast<std::size_t>(2 * i)] = static_cast<char>('0' + i / 10);
        pairs[static_cast<std::size_t>(2 * i + 1)] = static_cast<char>('0' + i % 10);
    }
    return pairs;
}();

// 128 bits hold a 53-bit mantissa times 10^19; `__extension__` because ISO C++ has no such type.
__extension__ using Wide = unsigned __int128;

// "%.*g" for the values it writes without an exponent (10^-4 <= |v| < 10^P, below 2^52), which
// are nearly all the values the tool writes: the P significant digits come from exact integer
// arithmetic, rounded half to even as printf rounds, in a fraction of to_chars' time. Returns 0
// for any other value, which goes to to_chars.
std::size_t writeFixedGeneral(char* out, double v, int precision) {
    const double magnitude = std::fabs(v);
    if (!(magnitude >= 1e-4) || magnitude >= 4503599627370496.0 /* 2^52 */ ||
        magnitude >= static_cast<double>(kPowersOf10[precision]))
        return 0;
    // magnitude = mantissa / 2^shift, a normal double, so 0 < shift <= 66 here.
    const auto bits = std::bit_cast<std::uint64_t>(magnitude);
    const auto mantissa = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
    const int shift = 1075 - static_cast<int>(bits >> 52);
    // X, the decimal exponent of the unrounded value: from log10(2) × the binary exponent, right
    // or one too many; the loop below corrects it.
    int decimal = static_cast<int>(std::floor((52 - shift) * 0.30102999566398120)) + 1;
    if (decimal >= -4 && decimal <= 17 && magnitude < kDoublePowersOf10[decimal + 4]) --decimal;
    Wide digits = 0;
    Wide remainder = 0;
    for (int attempt = 0; attempt < 3; ++attempt) {
        const int scale = precision - 1 - decimal; // digits = magnitude × 10^scale
        if (scale < 0 || scale > 19) return 0;     // 10^scale in 64 bits
        const Wide scaled = static_cast<Wide>(mantissa) * kPowersOf10[scale];
        digits = scaled >> shift;
        remainder = scaled - (digits << shift);
        if (digits >= kPowersOf10[precision])
            ++decimal;
        else if (digits < kPowersOf10[precision - 1])
            --decimal;
        else
            break;
    }
    if (digits < kPowersOf10[precision - 1] || digits >= kPowersOf10[precision]) return 0;
    const Wide half = static_cast<Wide>(1) << (shift - 1);
    if (remainder > half || (remainder == half && (digits & 1))) ++digits;
    if (digits == kPowersOf10[precision]) { // 9.9999999996 rounds up to 10.0000000
        digits /= 10;
        ++decimal;
        if (decimal >= precision) return 0; // now printf writes an exponent
    }
    char text[24];
    auto value = static_cast<std::uint64_t>(digits);
    int i = precision;
    for (; i >= 2; i -= 2, value /= 100)
        std::memcpy(text + i - 2, &kDigitPairs[static_cast<std::size_t>(2 * (value % 100))], 2);
    if (i == 1) text[0] = static_cast<char>('0' + value);
    int last = precision; // drop trailing zeros of the fraction, as %g does
    const int integerDigits = decimal >= 0 ? decimal + 1 : 0;
    while (last > integerDigits && text[last - 1] == '0')
        --last;
    char* at = out;
    if (std::signbit(v)) *at++ = '-';
    if (decimal >= 0) {
        std::memcpy(at, text, static_cast<std::size_t>(integerDigits));
        at += integerDigits;
        if (last > integerDigits) {
            *at++ = '.';
            std::memcpy(at, text + integerDigits, static_cast<std::size_t>(last - integerDigits));
            at += last - integerDigits;
        }
    } else {
        *at++ = '0';
        *at++ = '.';
        for (int i = 0; i < -decimal - 1; ++i)
            *at++ = '0';
        std::memcpy(at, text, static_cast<std::size_t>(last));
        at += last;
    }
    return static_cast<std::size_t>(at - out);
}

} // namespace

std::size_t writeNumberText(char* out, double v, int significant) {
    // Whole numbers (0, 1, -1, counts) are their integer digits, as printf spells them.
    if (v == 0) return std::signbit(v) ? (std::memcpy(out, "-0", 2), 2) : (*out = '0', 1);
    const int digits = std::clamp(significant, 1, 17);
    if (std::fabs(v) < static_cast<double>(kPowersOf10[digits]) &&
        v == static_cast<double>(static_cast<std::int64_t>(v)))
        return static_cast<std::size_t>(
            std::to_chars(out, out + kNumberTextMax, static_cast<std::int64_t>(v)).ptr - out);
    if (const std::size_t written = writeFixedGeneral(out, v, std::clamp(significant, 1, 17))) return written;
    // 17 significant digits, a sign, a point and an exponent fit in kNumberTextMax; more
    // digits than a double has add nothing.
    const auto result = std::to_chars(out, out + kNumberTextMax, v, std::chars_format::general,
                                      std::clamp(significant, 1, 17));
    return static_cast<std::size_t>(result.ptr - out);
}

std::string numberText(double v, int significant) {
    char buf[kNumberTextMax];
    return std::string(buf, writeNumberText(buf, v, significant));
}

namespace {
template <typename T> std::string tuple(std::span<const T> values) {
    std::string out = "(";
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ", ";
        out += numberText(static_cast<double>(values[i]));
    }
    return out + ")";
}
} // namespace

std::string numberTuple(std::span<const double> values) {
    return tuple(values);
}

std::string numberTuple(std::span<const float> values) {
    return tuple(values);
}

} // namespace assetscope
