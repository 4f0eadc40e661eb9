#include "contract/table_source.h"

#include "bytes/number_text.h"

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
    return numberCell(hexDigits(value, digits).c_str(), static_cast<double>(value));
}

TableCell realCell(double value, int significant) {
    return numberCell(numberText(value, significant).c_str(), value);
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
