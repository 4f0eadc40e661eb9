#include "bytes/number_text.h"

#include <cstdio>

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

std::string numberText(double v, int significant) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", significant, v);
    return buf;
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
