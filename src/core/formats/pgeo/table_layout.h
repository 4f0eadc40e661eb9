#pragma once

#include "bytes/number_text.h"
#include "formats/pgeo/pgeo_file.h"
#include "tree/record_fields.h"

// The 32-byte table entry and the 12-byte range it holds twice, described once (pgeo.txt, the
// table entry's rows): TableEntry's decode and encode and the entry's nodes all walk these lists.
namespace assetscope::pgeo {

namespace table_layout {

using record_fields::Field;
inline constexpr auto kRangeLayout = record_fields::layout(Field<&Range::block>{"pgeo/range/block_index"},
                                                           Field<&Range::first>{"pgeo/range/first_record"},
                                                           Field<&Range::count>{"pgeo/range/record_count"});
static_assert(kRangeLayout.size == 12);

inline void hashText(Recorder& r, const TableEntry& e, std::size_t) {
    r.describe([&] { return hexDigits(e.hash, 8); });
}
template <auto Member> void range(Recorder& r, const TableEntry& e, std::size_t) {
    const Range& x = e.*Member;
    r.describe([&] {
        return x.block < 0 ? std::string("none")
                           : "block " + std::to_string(x.block) + ", records " + std::to_string(x.first) +
                                 " + " + std::to_string(x.count);
    });
}

} // namespace table_layout

} // namespace assetscope::pgeo

// A range is read as a record of its own inside the entry (a scope node with three fields).
template <> struct assetscope::record_fields::NestedLayout<assetscope::pgeo::Range> {
    static constexpr const auto& layout = assetscope::pgeo::table_layout::kRangeLayout;
};

namespace assetscope::pgeo::table_layout {

inline constexpr auto kLayout =
    record_fields::layout(Field<&TableEntry::zero>{"pgeo/table_entry/zero"},
                          Field<&TableEntry::hash>{"pgeo/table_entry/hash", {}, {}, hashText},
                          Field<&TableEntry::b>{"pgeo/table_entry/b_range", {}, {}, range<&TableEntry::b>},
                          Field<&TableEntry::a>{"pgeo/table_entry/a_range", {}, {}, range<&TableEntry::a>});
static_assert(kLayout.size == kTableEntrySize);

} // namespace assetscope::pgeo::table_layout
