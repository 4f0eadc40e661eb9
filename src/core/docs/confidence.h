#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace assetscope {

// How sure the format documents are about a field; Derived marks values the tool computes,
// None fields the documents are silent about.
enum class Confidence : std::uint8_t { None, Proven, Observed, Inferred, Unknown, Sourced, Derived };

std::string_view confidenceName(Confidence c);
std::optional<Confidence> confidenceFromName(std::string_view name);

enum class Severity : std::uint8_t { Error, Warning, Note };

std::string_view severityName(Severity s);

// Strictness follows confidence: breaking a Proven statement is a refusal, anything weaker a warning.
inline Severity severityFor(Confidence c) {
    return c == Confidence::Proven ? Severity::Error : Severity::Warning;
}

} // namespace assetscope
