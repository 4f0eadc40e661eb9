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

const std::vector<std::string>& placementColumns() {
    static const std::vector<std::string> columns{
        "list",        "block",  "record", "template", "x",    "y",    "z",
        "r0x",         "r0y",    "r0z",    "r1x",      "r1y",  "r1z",  "sx",
        "sy",          "sz",     "iv_x",   "iv_y",     "iv_z", "iv_w", "material_variant",
        "building_id", "random", "curve"};
    return columns;
}

bool ParsedPgeo::listPlacements(PlacementRowSink& sink) const {
    sink.columns(placementColumns());
    forEachPlacement(file(), [&](const Placement& p) {
        const InstanceRecord& r = p.instance;
        sink.beginRow();
        sink.text(std::string_view(&p.list, 1));
        sink.integer(p.block);
        sink.integer(p.record);
        sink.text(p.source->name);
        sink.real(p.position.x);
        sink.real(p.position.y);
        sink.real(p.position.z);
        for (const float v : r.rotation)
            sink.real(v);
        for (const float v : r.scale)
            sink.real(v);
        for (const std::uint8_t v : r.variation)
            sink.integer(v);
        sink.integer(r.materialVariant);
        sink.integer(r.buildingId);
        sink.integer(r.random);
        sink.integer(p.curve ? 1 : 0);
        sink.endRow();
    });
    return true;
}

} // namespace assetscope::pgeo
