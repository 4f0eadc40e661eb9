#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace assetscope {

// Thrown inside parsers only; caught at structure boundaries and turned into an error node and
// a diagnostic. The public API never lets it escape.
struct ParseError {
    std::string rule;
    std::string message;
    std::uint64_t offset = 0; // relative to the reader's span

    static constexpr std::string_view kTruncated = "truncated";

    static ParseError truncated(std::uint64_t at, std::uint64_t wanted, std::uint64_t size) {
        std::string message = "need ";
        message.reserve(96); // the text below with three numbers of up to 20 digits: one allocation
        message += std::to_string(wanted);
        message += " byte(s) at ";
        message += std::to_string(at);
        message += " but the data ends at ";
        message += std::to_string(size);
        return {std::string(kTruncated), std::move(message), at};
    }
};

} // namespace assetscope
