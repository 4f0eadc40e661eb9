#pragma once

#include "bytes/number_text.h"
#include "formats/pgeo/pgeo_file.h"
#include "tree/record_fields.h"

// The header's four season-exclusion bytes described once (pgeo.txt, "Seasons"): the parser's
// nodes and the writer walk this list.
namespace assetscope::pgeo {

namespace season_layout {

inline void mask(Recorder& r, const SeasonExclusion& s, std::size_t) {
    r.describe([&] { return hexDigits(s.mask, 2) + ": shown in " + seasonsShown(s.mask); });
}

using record_fields::Field;
inline constexpr auto kLayout = record_fields::layout(
    Field<&SeasonExclusion::mask>{"pgeo/season_exclusion/mask", {}, {}, mask},
    Field<&SeasonExclusion::zero>{"pgeo/season_exclusion/zero", record_fields::Shown::AsBytes});
static_assert(kLayout.size == 4);

} // namespace season_layout

} // namespace assetscope::pgeo
