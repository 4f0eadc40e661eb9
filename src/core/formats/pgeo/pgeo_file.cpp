#include "formats/pgeo/pgeo_file.h"

#include "formats/pgeo/crowd_point_layout.h"
#include "formats/pgeo/table_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace assetscope::pgeo {

std::string_view kindName(std::uint32_t kind) {
    switch (kind) {
    case 0:
        return "ordinary category file";
    case 2:
        return "crowdtemplate_cwd";
    case 5:
        return "cwdspline";
    default:
        return "unknown kind";
    }
}

RecordRun::RecordRun(SharedBytes storage, std::uint64_t offset, std::uint64_t count, std::uint32_t stride)
    : m_storage(std::move(storage)), m_offset(offset), m_count(count), m_stride(stride) {}

RecordRun RecordRun::own(Bytes bytes, std::uint32_t stride) {
    const std::uint64_t count = stride ? bytes.size() / stride : 0;
    return RecordRun(shareBytes(std::move(bytes)), 0, count, stride);
}

ByteView RecordRun::bytes() const {
    if (!m_storage || m_count == 0) return {};
    return ByteView(*m_storage).subspan(m_offset, m_count * m_stride);
}

TableEntry TableEntry::decode(const std::uint8_t* p) {
    return table_layout::kLayout.decode(p);
}

void TableEntry::encode(std::uint8_t* p) const {
    table_layout::kLayout.encode(*this, p);
}

CrowdPoint CrowdPoint::decode(const std::uint8_t* p) {
    return crowd_point_layout::kLayout.decode(p);
}

void CrowdPoint::encode(std::uint8_t* p) const {
    crowd_point_layout::kLayout.encode(*this, p);
}

bool Block::hasCurve(std::uint64_t i) const {
    return i < curves.count() && !curve(i).isSentinel();
}

void Block::setInstances(const std::vector<InstanceRecord>& records) {
    Bytes bytes(records.size() * kInstanceRecordSize);
    for (std::size_t i = 0; i < records.size(); ++i)
        records[i].encode(bytes.data() + i * kInstanceRecordSize);
    instances = RecordRun::own(std::move(bytes), kInstanceRecordSize);
}

void Block::setCurves(const std::vector<CurveRecord>& records) {
    Bytes bytes(records.size() * kCurveRecordSize);
    for (std::size_t i = 0; i < records.size(); ++i)
        records[i].encode(bytes.data() + i * kCurveRecordSize);
    curves = RecordRun::own(std::move(bytes), kCurveRecordSize);
}

void CrowdSpline::setPoints(const std::vector<CrowdPoint>& records) {
    Bytes bytes(records.size() * kCrowdPointSize);
    for (std::size_t i = 0; i < records.size(); ++i)
        records[i].encode(bytes.data() + i * kCrowdPointSize);
    points = RecordRun::own(std::move(bytes), kCrowdPointSize);
}

void PgeoFile::setTable(const std::vector<TableEntry>& entries) {
    Bytes bytes(entries.size() * kTableEntrySize);
    for (std::size_t i = 0; i < entries.size(); ++i)
        entries[i].encode(bytes.data() + i * kTableEntrySize);
    table = RecordRun::own(std::move(bytes), kTableEntrySize);
}

std::uint64_t PgeoFile::instanceCount() const {
    std::uint64_t n = 0;
    for (const auto* list : {&listA, &listB})
        for (const auto& b : *list)
            n += b.instances.count();
    return n;
}

std::uint64_t PgeoFile::curveCount() const {
    std::uint64_t n = 0;
    for (const auto* list : {&listA, &listB})
        for (const auto& b : *list)
            n += b.curves.count();
    return n;
}

void PgeoFile::fitBox() {
    constexpr double inf = std::numeric_limits<double>::infinity();
    double lo[3] = {inf, inf, inf}, hi[3] = {-inf, -inf, -inf};
    auto take = [&](double x, double y, double z) {
        const double v[3] = {x, y, z};
        for (int k = 0; k < 3; ++k) {
            lo[k] = std::min(lo[k], v[k]);
            hi[k] = std::max(hi[k], v[k]);
        }
    };
    for (const auto* list : {&listA, &listB})
        for (const auto& b : *list)
            for (std::uint64_t i = 0; i < b.instances.count(); ++i) {
                const Vec3d p = b.instance(i).positionMetres();
                take(p.x, p.y, p.z);
            }
    for (const auto& s : splines) {
        take(s.box[0], s.box[1], s.box[2]);
        take(s.box[4], s.box[5], s.box[6]);
    }
    if (lo[0] > hi[0]) {
        box = {0, 0, 0, 0, 0, 0, 0, 1};
        return;
    }
    box = {static_cast<float>(lo[0]), static_cast<float>(lo[1]), static_cast<float>(lo[2]), 0.f,
           static_cast<float>(hi[0]), static_cast<float>(hi[1]), static_cast<float>(hi[2]), 1.f};
}

bool shownIn(std::uint8_t mask, int season) {
    return season >= 0 && season < 4 && !(mask & (1u << season));
}

std::string seasonsShown(std::uint8_t mask) {
    static constexpr const char* names[] = {"spring", "summer", "autumn", "winter"};
    if ((mask & 0xF) == 0) return "all";
    std::string out;
    for (int s = 0; s < 4; ++s)
        if (shownIn(mask, s)) out += (out.empty() ? "" : ", ") + std::string(names[s]);
    return out.empty() ? "none" : out;
}

} // namespace assetscope::pgeo
