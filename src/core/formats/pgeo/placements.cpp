#include "formats/pgeo/placements.h"

#include "formats/pgeo/pgeo_handler.h"

namespace assetscope::pgeo {

void forEachPlacement(const PgeoFile& file, const std::function<void(const Placement&)>& visit) {
    Placement p;
    for (const auto& [letter, list] : {std::pair{'A', &file.listA}, std::pair{'B', &file.listB}}) {
        p.list = letter;
        for (std::size_t b = 0; b < list->size(); ++b) {
            const Block& block = (*list)[b];
            p.block = static_cast<std::uint32_t>(b);
            p.source = &block;
            for (std::uint64_t i = 0; i < block.instances.count(); ++i) {
                p.record = i;
                p.instance = block.instance(i);
                p.position = p.instance.positionMetres();
                p.curve = block.hasCurve(i);
                visit(p);
            }
        }
    }
}

std::vector<exporting::Mat4> worldMatrices(const PgeoFile& file) {
    std::vector<exporting::Mat4> out;
    out.reserve(file.instanceCount());
    for (const auto* list : {&file.listA, &file.listB})
        for (const Block& block : *list)
            for (std::uint64_t i = 0; i < block.instances.count(); ++i)
                out.push_back(block.instance(i).worldMatrix());
    return out;
}

namespace {

// The columns of the listing after `file`, in order, with the widths the record stores them in:
// the position is metres from the fixed point (double), the rotation and scale are float32.
namespace cell {
enum : std::size_t {
    list,
    block,
    record,
    templateName,
    x,
    y,
    z,
    rotation,
    scale = rotation + 6,
    variation = scale + 3,
    materialVariant = variation + 4,
    buildingId,
    random,
    curve,
    count
};
} // namespace cell

// The width a value has in the record (a count's u32 in the file, a field of InstanceRecord).
template <typename T> constexpr std::uint8_t widthOf() {
    return static_cast<std::uint8_t>(sizeof(T));
}

std::vector<PlacementColumn> placementColumns(const PgeoFile& file) {
    using enum PlacementKind;
    using R = InstanceRecord;
    constexpr std::uint8_t count = widthOf<std::uint32_t>(), metres = widthOf<double>(),
                           rotation = widthOf<decltype(R::rotation)::value_type>(),
                           scale = widthOf<decltype(R::scale)::value_type>(),
                           variation = widthOf<decltype(R::variation)::value_type>();
    std::vector<PlacementColumn> columns{
        {"list", Text, 0, {"A", "B"}},
        {"block", Unsigned, count, {}},
        {"record", Unsigned, count, {}},
        {"template", Text, 0, {}},
        {"x", Real, metres, {}},
        {"y", Real, metres, {}},
        {"z", Real, metres, {}},
        {"r0x", Real, rotation, {}},
        {"r0y", Real, rotation, {}},
        {"r0z", Real, rotation, {}},
        {"r1x", Real, rotation, {}},
        {"r1y", Real, rotation, {}},
        {"r1z", Real, rotation, {}},
        {"sx", Real, scale, {}},
        {"sy", Real, scale, {}},
        {"sz", Real, scale, {}},
        {"iv_x", Unsigned, variation, {}},
        {"iv_y", Unsigned, variation, {}},
        {"iv_z", Unsigned, variation, {}},
        {"iv_w", Unsigned, variation, {}},
        {"material_variant", Unsigned, widthOf<decltype(R::materialVariant)>(), {}},
        {"building_id", Unsigned, widthOf<decltype(R::buildingId)>(), {}},
        {"random", Unsigned, widthOf<decltype(R::random)>(), {}},
        {"curve", Unsigned, widthOf<bool>(), {}}};
    // A block's template is its name: list A's blocks, then list B's.
    for (const auto* list : {&file.listA, &file.listB})
        for (const Block& block : *list)
            columns[cell::templateName].texts.push_back(block.name);
    return columns;
}

} // namespace

bool ParsedPgeo::listPlacements(PlacementRowSink& sink) const {
    const PgeoFile& f = file();
    const std::vector<PlacementColumn> columns = placementColumns(f);
    sink.begin(columns, f.instanceCount());
    std::array<PlacementCell, cell::count> cells{};
    const auto integer = [&](std::size_t c, std::uint64_t v) { cells[c].integer = v; };
    const auto real = [&](std::size_t c, double v) { cells[c].real = v; };
    forEachPlacement(f, [&](const Placement& p) {
        const InstanceRecord& r = p.instance;
        integer(cell::list, p.list == 'A' ? 0 : 1);
        integer(cell::block, p.block);
        integer(cell::record, p.record);
        integer(cell::templateName, (p.list == 'A' ? 0 : f.listA.size()) + p.block);
        real(cell::x, p.position.x);
        real(cell::y, p.position.y);
        real(cell::z, p.position.z);
        for (std::size_t i = 0; i < r.rotation.size(); ++i)
            real(cell::rotation + i, r.rotation[i]);
        for (std::size_t i = 0; i < r.scale.size(); ++i)
            real(cell::scale + i, r.scale[i]);
        for (std::size_t i = 0; i < r.variation.size(); ++i)
            integer(cell::variation + i, r.variation[i]);
        integer(cell::materialVariant, r.materialVariant);
        integer(cell::buildingId, r.buildingId);
        integer(cell::random, r.random);
        integer(cell::curve, p.curve ? 1 : 0);
        sink.row(cells);
    });
    return true;
}

} // namespace assetscope::pgeo
