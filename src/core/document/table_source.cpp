#include "document/table_source.h"

#include <cstdio>

namespace assetscope {

namespace {
TableCell numberCell(const char* text, double number) {
    return {text, number, true};
}
} // namespace

TableCell integerCell(std::int64_t value) {
    return numberCell(std::to_string(value).c_str(), static_cast<double>(value));
}

TableCell unsignedCell(std::uint64_t value) {
    return numberCell(std::to_string(value).c_str(), static_cast<double>(value));
}

TableCell hexCell(std::uint64_t value, int digits) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%0*llX", digits, static_cast<unsigned long long>(value));
    return numberCell(text, static_cast<double>(value));
}

TableCell realCell(double value, int significant) {
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", significant, value);
    return numberCell(text, value);
}

TableCell fixedCell(double value, int decimals) {
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return numberCell(text, value);
}

TableCell textCell(std::string text) {
    return {std::move(text), 0, false};
}

} // namespace assetscope
