#include "formats/meshset/meshset_geometry.h"
#include "formats/meshset/meshset_handler.h"
#include "formats/meshset/tangent_space.h"
#include "formats/meshset/vertex_format.h"
#include "input/input_path.h"
#include "tree/recorder.h"

#include <cmath>

namespace assetscope::meshset {

namespace {

GeometrySource locate(const MeshSet& mesh, std::size_t index, std::uint64_t inlineOffset,
                      const ParseSettings& settings) {
    const Lod& lod = mesh.lods[index];
    GeometrySource src;
    if (lod.inlineGeometry()) {
        src.origin = "inline (trailing data)";
        const std::uint64_t need = std::uint64_t{lod.vertexBufferBytes} + lod.indexBufferBytes;
        if (inlineOffset + need <= mesh.trailing.size()) {
            src.bytes =
                shareBytes(Bytes(mesh.trailing.begin() + static_cast<std::ptrdiff_t>(inlineOffset),
                                 mesh.trailing.begin() + static_cast<std::ptrdiff_t>(inlineOffset + need)));
            src.size = need;
            src.found = true;
        } else {
            src.origin = "inline, but the trailing data is too short";
        }
        return src;
    }
    const std::string name = guidText(lod.chunk) + ".chunk";
    const std::string chunkPath(settings.option(kChunkOption));
    if (!chunkPath.empty()) {
        const std::string base = InputPath::parse(chunkPath).lastName();
        const bool namesThisLod = base == name;
        const bool namesAnyGuid = base.size() == name.size() && guidFromText(base.substr(0, 36)).has_value();
        if (namesThisLod || (!namesAnyGuid && index == 0)) {
            std::optional<Bytes> data;
            if (settings.named) data = settings.named(chunkPath);
            if (!data && settings.sibling) data = settings.sibling(chunkPath);
            src.origin = "--chunk " + chunkPath;
            if (data) {
                src.size = data->size();
                src.bytes = shareBytes(std::move(*data));
                src.found = true;
            } else {
                src.origin += " (unreadable)";
            }
            return src;
        }
    }
    if (settings.sibling) {
        if (std::optional<Bytes> data = settings.sibling(name)) {
            src.size = data->size();
            src.bytes = shareBytes(std::move(*data));
            src.origin = name + " next to the resource";
            src.found = true;
            return src;
        }
    }
    src.origin = name + " not found";
    return src;
}

bool near(double stored, double measured, double tolerance) {
    if (!std::isfinite(stored)) return false;
    const double scale = std::max(std::fabs(stored), std::fabs(measured));
    return scale == 0 || std::fabs(stored - measured) <= tolerance * scale;
}

// The first vertex's packed tangent space, field by field, so the bit table can be read
// against real bytes.
void recordFirstTangentFrame(Recorder& r, const Section& s, ByteView bytes) {
    const VertexElement* e = s.stored.find(kUsageTangentSpace);
    if (!e || s.vertexCount == 0 || e->stream >= s.stored.usedStreams()) return;
    if (!r.tree().recordsNodes() && !r.tree().tap()) return; // a view's or field statistics' (a tap's)
    const std::uint64_t at = s.streamStart(e->stream) + e->offset;
    if (at + 4 > bytes.size()) return;
    const PackedTangentSpace p{bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]};
    const TangentFrame f = decodeTangentSpace(p);
    auto scope = r.scope("first_vertex_tangent_space");
    auto field = [&](std::string_view key, Value v, std::string display) {
        const NodeId id = r.derivedDoc(key, std::move(v), "bits");
        r.tree().edit(id, [&](Node& n) {
            if (n.doc) {
                n.name = n.doc->name;
                n.confidence = n.doc->confidence;
            }
            n.display = std::move(display);
        });
    };
    static const char* const axes[] = {"+x", "-x", "+y", "-y", "+z", "-z", "code 6", "code 7"};
    const int code = p[3] & 7;
    const int q0 = p[0] | (((p[3] >> 4) & 1) << 8), q1 = p[1] | (((p[3] >> 5) & 1) << 8);
    field("meshset/packed_tangent_space/axis_code", std::uint64_t(code), axes[code]);
    field("meshset/packed_tangent_space/bitangent_sign", std::uint64_t((p[3] >> 3) & 1),
          (p[3] & 8) ? "-1" : "+1");
    field("meshset/packed_tangent_space/ninth_bits", std::uint64_t((p[3] >> 4) & 3), "");
    field("meshset/packed_tangent_space/quadrant", std::uint64_t(p[3] >> 6),
          std::to_string((p[3] >> 6) * 90) + "°");
    field("meshset/packed_tangent_space/minor_components", std::vector<double>{double(q0), double(q1)},
          "9-bit values");
    field("meshset/packed_tangent_space/angle", std::uint64_t(p[2]),
          std::to_string((p[3] >> 6) * 90.0 + p[2] * 90.0 / 255.0) + "°");
    r.derived("normal", std::vector<double>(f.normal.begin(), f.normal.end()));
    r.derived("tangent", std::vector<double>(f.tangent.begin(), f.tangent.end()));
    r.derived("bitangent", std::vector<double>(f.bitangent.begin(), f.bitangent.end()));
}

} // namespace

std::vector<GeometrySource> attachGeometry(StructureTree& tree, const ParseResult& result,
                                           const ParseSettings& settings) {
    std::vector<GeometrySource> sources;
    // With nodes switched off (a census) meshNode is kNoNode: the geometry is still found and
    // checked, so a census refuses what `info` refuses.
    if (!result.complete) return sources;
    const MeshSet& mesh = result.mesh;
    Recorder r(tree, tree.bytes(), 0, result.meshNode);
    r.seek(tree.bytes().size());
    auto scope = r.scope("geometry");
    std::uint64_t inlineOffset = 0;
    for (std::size_t i = 0; i < mesh.lods.size(); ++i) {
        const Lod& lod = mesh.lods[i];
        GeometrySource src = locate(mesh, i, inlineOffset, settings);
        if (lod.inlineGeometry()) inlineOffset += std::uint64_t{lod.vertexBufferBytes} + lod.indexBufferBytes;
        auto lodScope = r.scope([&] { return "LOD " + std::to_string(i); });
        r.derived("source", src.origin);
        if (!src.found) {
            r.report(Severity::Note, "meshset.chunk.missing",
                     "LOD " + std::to_string(i) + " geometry: " + src.origin + "; sections not decoded");
            sources.push_back(std::move(src));
            continue;
        }
        r.derived("bytes", src.size);
        const std::uint64_t need = std::uint64_t{lod.vertexBufferBytes} + lod.indexBufferBytes;
        r.check(
            src.size >= need, "meshset.chunk.size", "meshset/lod/index_buffer_byte_count",
            [&] {
                return "LOD " + std::to_string(i) + " geometry has " + std::to_string(src.size) +
                       " bytes; its vertex and index buffers take " + std::to_string(need);
            },
            r.parent());
        const ByteView bytes(src.bytes->data() + src.offset, src.size);
        for (std::size_t j = 0; j < lod.sections.size(); ++j) {
            const Section& s = lod.sections[j];
            auto sectionScope = r.scope([&] { return "section " + std::to_string(j); });
            GeometryError error;
            const auto g = decodeSection(lod, s, bytes, error);
            if (!g) {
                r.report(Severity::Error, error.rule,
                         "LOD " + std::to_string(i) + " section " + std::to_string(j) + ": " + error.message);
                continue;
            }
            recordFirstTangentFrame(r, s, bytes);
            r.derived("decoded_vertices", std::uint64_t{g->positions.size() / 3});
            r.derived("decoded_triangles", std::uint64_t{g->indices.size() / 3});
            if (g->positions.empty()) continue;
            const double area = surfaceArea(*g);
            r.derived("measured_surface_area", area);
            r.check(
                near(s.surfaceArea, area, 0.01), "meshset.geometry.surface-area",
                "meshset/section/surface_area",
                [&] {
                    return "LOD " + std::to_string(i) + " section " + std::to_string(j) +
                           " stores surface area " + std::to_string(s.surfaceArea) +
                           "; the triangles measure " + std::to_string(area);
                },
                r.parent());
            if (!g->uvs[0].empty()) {
                const double density = uv0TexelDensity(*g);
                r.derived("measured_uv0_texel_density", density);
                r.check(
                    near(s.uv0Density, density, 0.02), "meshset.geometry.uv0-density",
                    "meshset/section/uv0_texel_density",
                    [&] {
                        return "LOD " + std::to_string(i) + " section " + std::to_string(j) +
                               " stores UV0 density " + std::to_string(s.uv0Density) +
                               "; the triangles measure " + std::to_string(density);
                    },
                    r.parent());
            }
        }
        sources.push_back(std::move(src));
    }
    return sources;
}

} // namespace assetscope::meshset
