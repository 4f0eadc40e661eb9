#pragma once

#include <cstdint>
#include <string>

namespace assetscope {

// Thrown inside parsers only; caught at structure boundaries and turned into an error node and
// a diagnostic. The public API never lets it escape.
struct ParseError {
    std::string rule;
    std::string message;
    std::uint64_t offset = 0; // relative to the reader's span

    static ParseError truncated(std::uint64_t at, std::uint64_t wanted, std::uint64_t size) {
        return {"truncated",
                "need " + std::to_string(wanted) + " byte(s) at " + std::to_string(at) + " but the data ends at " +
                    std::to_string(size),
                at};
    }
};

} // namespace assetscope
