#include "formats/pgeo/record_nodes.h"

#include "formats/pgeo/crowd_point_layout.h"
#include "formats/pgeo/curve_layout.h"
#include "formats/pgeo/instance_layout.h"
#include "formats/pgeo/table_layout.h"

namespace assetscope::pgeo {

void decodeInstanceNodes(Recorder& r, std::uint64_t) {
    instance_layout::kLayout.record(r);
}

void decodeCurveNodes(Recorder& r, std::uint64_t) {
    curve_layout::kLayout.record(r);
}

void decodeTableEntryNodes(Recorder& r, std::uint64_t) {
    table_layout::kLayout.record(r);
}

void decodeCrowdPointNodes(Recorder& r, std::uint64_t) {
    crowd_point_layout::kLayout.record(r);
}

} // namespace assetscope::pgeo
