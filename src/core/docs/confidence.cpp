#include "docs/confidence.h"

#include <array>

namespace assetscope {

namespace {
constexpr std::array<std::string_view, 7> kConfidenceNames{"",        "Proven",  "Observed", "Inferred",
                                                           "Unknown", "Sourced", "Derived"};
}

std::string_view confidenceName(Confidence c) {
    return kConfidenceNames[static_cast<std::size_t>(c)];
}

std::optional<Confidence> confidenceFromName(std::string_view name) {
    for (std::size_t i = 1; i < kConfidenceNames.size(); ++i)
        if (name.substr(0, kConfidenceNames[i].size()) == kConfidenceNames[i])
            return static_cast<Confidence>(i);
    return std::nullopt;
}

std::string_view severityName(Severity s) {
    switch (s) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "note";
}

} // namespace assetscope
