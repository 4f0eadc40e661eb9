#pragma once

#include "bytes/byte_view.h"
#include "formats/pgeo/instance_record.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::pgeo {

enum class Kind : std::uint32_t { Ordinary = 0, CrowdTemplate = 2, CwdSpline = 5 };
inline constexpr std::uint32_t kThree = 3;
inline constexpr std::array<std::uint32_t, 2> kConstants{13, 15};
inline constexpr std::size_t kTableEntrySize = 32;
inline constexpr std::size_t kCrowdPointSize = 80;

std::string_view kindName(std::uint32_t kind);

// A run of fixed-size records kept as bytes: either a view into the file the parser read
// (shared, nothing copied) or bytes of its own (files built in memory). A million records are
// one object, decoded on demand.
class RecordRun {
public:
    RecordRun() = default;
    RecordRun(SharedBytes storage, std::uint64_t offset, std::uint64_t count, std::uint32_t stride);
    static RecordRun own(Bytes bytes, std::uint32_t stride);

    std::uint64_t count() const { return m_count; }
    std::uint32_t stride() const { return m_stride; }
    bool empty() const { return m_count == 0; }
    std::uint64_t offset() const { return m_offset; } // within the storage (the file, when parsed)
    ByteView bytes() const;
    const std::uint8_t* record(std::uint64_t i) const { return bytes().data() + i * m_stride; }

private:
    SharedBytes m_storage;
    std::uint64_t m_offset = 0;
    std::uint64_t m_count = 0;
    std::uint32_t m_stride = 0;
};

struct Range {
    std::int32_t block = -1;
    std::uint32_t first = 0;
    std::uint32_t count = 0;
};

struct TableEntry {
    std::uint32_t zero = 0;
    std::uint32_t hash = 0;
    Range b; // the first triple refers to list B
    Range a;

    static TableEntry decode(const std::uint8_t* bytes);
    void encode(std::uint8_t* out) const;
};

struct Source {
    std::string templateName;
    std::uint32_t first = 0;
    std::uint32_t count = 0;
};

struct Block {
    std::string name;
    RecordRun instances; // 80-byte records
    RecordRun curves;    // 96-byte records: none, or one per instance
    std::vector<Source> sources;

    InstanceRecord instance(std::uint64_t i) const { return InstanceRecord::decode(instances.record(i)); }
    CurveRecord curve(std::uint64_t i) const { return CurveRecord::decode(curves.record(i)); }
    // True when record i has spline data (a curve record that is not the sentinel).
    bool hasCurve(std::uint64_t i) const;

    void setInstances(const std::vector<InstanceRecord>& records);
    void setCurves(const std::vector<CurveRecord>& records);
};

struct FloatList {
    std::vector<float> values;
};

// A crowd spline's 80-byte point: three vec4 (w = 0; what each stands for is not verified) then
// eight cumulative distances.
struct CrowdPoint {
    std::array<float, 12> vectors{};
    std::array<float, 8> distances{};

    static CrowdPoint decode(const std::uint8_t* bytes);
    void encode(std::uint8_t* out) const;
};

// Kind 5's crowd spline.
struct CrowdSpline {
    std::string guid;
    std::array<float, 8> box{};
    float length = 0;
    float value = 0;
    RecordRun points; // 80-byte points
    FloatList listA;
    FloatList listB;

    CrowdPoint point(std::uint64_t i) const { return CrowdPoint::decode(points.record(i)); }
    void setPoints(const std::vector<CrowdPoint>& records);
};

struct SeasonExclusion {
    std::uint8_t mask = 0;
    std::array<std::uint8_t, 3> zero{};
};

// A whole .pgeo file in its typed form; the writer serialises exactly this.
struct PgeoFile {
    std::string sectionName;
    std::uint32_t kind = 0;
    std::uint32_t three = kThree; // kind 5 only
    std::array<std::uint32_t, 2> constants = kConstants;
    std::array<float, 8> box{0, 0, 0, 0, 0, 0, 0, 1}; // min xyz, 0, max xyz, 1
    std::string category;
    float unknown = 0;
    std::string route;
    std::string tag;
    SeasonExclusion season;
    std::uint32_t zero = 0;
    RecordRun table; // 32-byte entries
    std::vector<Block> listA;
    std::vector<Block> listB;
    std::uint32_t endZero = 0;
    std::vector<CrowdSpline> splines; // kind 5 only

    bool isCwdSpline() const { return kind == static_cast<std::uint32_t>(Kind::CwdSpline); }
    TableEntry tableEntry(std::uint64_t i) const { return TableEntry::decode(table.record(i)); }
    void setTable(const std::vector<TableEntry>& entries);
    std::uint64_t instanceCount() const;
    std::uint64_t curveCount() const;
    // The box made to hold every instance position and crowd spline box (w 0 and 1).
    void fitBox();
};

// Seasons by the mask's low nibble: bit 0 spring, 1 summer, 2 autumn, 3 winter; a set bit hides.
bool shownIn(std::uint8_t mask, int season);
std::string seasonsShown(std::uint8_t mask); // "all", "summer", "spring, summer, autumn", "none"
// Both nibbles carry the same bits.
inline std::uint8_t seasonMask(std::uint8_t hiddenBits) {
    return static_cast<std::uint8_t>((hiddenBits & 0xF) | (hiddenBits & 0xF) << 4);
}

} // namespace assetscope::pgeo
