#include "bytes/ascii_case.h"
#include "bytes/number_text.h"
#include "formats/meshset/djb2_hash.h"
#include "formats/meshset/meshset_layout.h"
#include "formats/meshset/meshset_read_state.h"
#include "formats/meshset/meshset_records.h"
#include "formats/meshset/vertex_format.h"
#include "tree/checked_rules.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <map>

namespace assetscope::meshset {

namespace {

// The section flags byte's 15 values over all stock MeshSets (Proven).
constexpr std::array<std::uint8_t, 15> kSectionFlags = {0x00, 0x01, 0x04, 0x05, 0x08, 0x09, 0x0a, 0x0b,
                                                        0x0c, 0x0e, 0x0f, 0x1a, 0x1b, 0x1e, 0x1f};

constexpr std::size_t kMaxListed = 8; // individual messages per rule before a summary

class Checker {
public:
    Checker(Recorder& r, const ParseResult& result, ReadState& state)
        : m_r(r), m_res(result), m_mesh(result.mesh), m_s(state) {}

    void run() {
        runChecks();
        recordRules();
    }

    void runChecks() {
        checkHeader();
        if (!m_s.recordsRead) return;
        checkMeshType();
        checkLodsAndSections();
        checkFlags();
        if (!m_s.poolRead) return;
        checkHashes();
        const Layout layout = computeLayout(m_mesh);
        checkPointers(layout);
        if (m_res.complete) {
            checkTable(layout);
            checkTrailing();
        }
        annotateSections();
    }

private:
    // Records whether each documented rule held, for the "checked_rules" node.
    template <TextSource T>
    bool check(bool holds, std::string_view rule, std::string_view docKey, T&& message, NodeId at = kNoNode) {
        if (docKey.starts_with("meshset/rules/"))
            return m_rules.check(m_r, holds, rule, docKey, std::forward<T>(message), at);
        return m_r.check(holds, rule, docKey, std::forward<T>(message), at);
    }

    void recordRules() { m_rules.record(m_r); }

    void checkHeader() {
        check(
            m_s.lodCount <= kMaxLods, "meshset.header.lod-count", "meshset/header/lod_count",
            [&] {
                return std::to_string(m_s.lodCount) + " LODs; at most 7 are documented (only 7 are read)";
            },
            m_s.headerNode);
    }

    void checkMeshType() {
        std::uint32_t header = 0, lod = 0;
        switch (m_mesh.meshType) {
        case 0:
            header = kHeaderRigid, lod = kLodRigid;
            break;
        case 1:
            header = kHeaderBoned, lod = kLodBoneMap;
            break;
        case 2:
            header = kHeaderBoned, lod = kLodBoneMasks;
            break;
        default:
            break;
        }
        check(
            header == m_mesh.headerBytes && lod == m_mesh.lodRecordBytes, "meshset.mesh-type.form",
            "meshset/rules/mesh_type_form",
            [&] {
                return "mesh type " + meshTypeName(m_mesh.meshType) + " with a " +
                       hexText(m_mesh.headerBytes) + "-byte header and " + hexText(m_mesh.lodRecordBytes) +
                       "-byte LOD records" +
                       (header ? " (expected " + hexText(header) + " and " + hexText(lod) + ")" : "");
            },
            m_s.meshTypeNode);
        std::size_t wrong = 0;
        for (const Lod& l : m_mesh.lods)
            for (const Section& s : l.sections)
                if ((s.stored.find(kUsageBlendIndices) != nullptr) != (m_mesh.meshType != 0)) ++wrong;
        check(
            wrong == 0, "meshset.mesh-type.blend-indices", "meshset/rules/blend_indices",
            [&] {
                return std::to_string(wrong) + " section(s) " +
                       (m_mesh.meshType == 0 ? "of a rigid MeshSet declare blend indices"
                                             : "of a non-rigid MeshSet declare no blend indices");
            },
            m_s.meshTypeNode);
    }

    void checkLodsAndSections() {
        for (std::size_t i = 0; i < m_mesh.lods.size(); ++i) {
            const Lod& lod = m_mesh.lods[i];
            const LodRaw& raw = m_s.lods[i];
            const std::string L = "LOD " + std::to_string(i);
            check(
                lod.indexFormat == kIndex16 || lod.indexFormat == kIndex32, "meshset.lod.index-format",
                "meshset/lod/index_format",
                [&] { return L + " index format " + hexText(lod.indexFormat) + " is neither 0x21 nor 0x2e"; },
                raw.indexFormatNode);
            // Every stock MeshSet's vertex buffer is a multiple of 16, but the document states its
            // own exception: the game also loads community MeshSets that are not. So a warning.
            if (lod.vertexBufferBytes % 16 != 0)
                m_r.report(Severity::Warning, "meshset.lod.vertex-buffer-align",
                           L + " vertex buffer of " + std::to_string(lod.vertexBufferBytes) +
                               " bytes is not a multiple of 16 (every stock MeshSet's is)",
                           raw.vertexBytesNode);
            for (std::size_t k = 0; k < kSectionLists; ++k) {
                for (std::uint8_t idx : lod.sectionLists[k])
                    if (!check(
                            idx < lod.sections.size(), "meshset.lod.section-list",
                            "meshset/lod/section_index_lists",
                            [&] {
                                return L + " " + sectionListName(k) + " list names section " +
                                       std::to_string(idx) + " of " + std::to_string(lod.sections.size());
                            },
                            lod.node))
                        break;
            }
            for (std::size_t j = 0; j < lod.sections.size() && j < raw.sections.size(); ++j) {
                const Section& s = lod.sections[j];
                const SectionRaw& sr = raw.sections[j];
                const std::string S = L + " section " + std::to_string(j);
                check(
                    s.primitiveType == 3, "meshset.section.primitive-type", "meshset/section/primitive_type",
                    [&] {
                        return S + " primitive type " + std::to_string(s.primitiveType) +
                               ", not 3 (triangle list)";
                    },
                    sr.primitiveTypeNode);
                check(
                    s.repeatedVertexOffset == s.vertexOffset, "meshset.section.repeated-vertex-offset",
                    "meshset/section/repeated_vertex_byte_offset",
                    [&] {
                        return S + " repeats vertex offset " + std::to_string(s.repeatedVertexOffset) +
                               " for " + std::to_string(s.vertexOffset);
                    },
                    s.node);
                check(
                    s.repeatedStartIndex == s.startIndex, "meshset.section.repeated-start-index",
                    "meshset/section/repeated_start_index",
                    [&] {
                        return S + " repeats start index " + std::to_string(s.repeatedStartIndex) + " for " +
                               std::to_string(s.startIndex);
                    },
                    s.node);
                check(
                    std::find(kSectionFlags.begin(), kSectionFlags.end(), s.flags) != kSectionFlags.end(),
                    "meshset.section.flags", "meshset/rules/section_flags",
                    [&] {
                        return S + " flags " + hexText(s.flags) +
                               " are not one of the 15 values the stock MeshSets use";
                    },
                    s.node);
                bool inside = true;
                for (int c = 0; c < 3; ++c)
                    inside = inside && s.boundsMin[c] >= m_mesh.boundsMin[c] &&
                             s.boundsMax[c] <= m_mesh.boundsMax[c];
                check(
                    inside, "meshset.header.bounds", "meshset/header/bounds_minimum",
                    [&] { return S + " bounds reach outside the MeshSet's bounds"; }, s.node);
            }
        }
    }

    void checkFlags() {
        bool anyInline = false, anyBit4 = false;
        for (std::size_t i = 0; i < m_mesh.lods.size(); ++i) {
            const Lod& lod = m_mesh.lods[i];
            anyInline = anyInline || lod.inlineGeometry();
            anyBit4 = anyBit4 || (lod.flags & kLodBit4);
            check(
                lod.inlineGeometry() == isZero(lod.chunk), "meshset.inline.lod-flag",
                "meshset/rules/inline_geometry",
                [&] {
                    return "LOD " + std::to_string(i) +
                           (lod.inlineGeometry() ? " clears bit 6 but names a chunk"
                                                 : " sets bit 6 but its chunk GUID is zero");
                },
                m_s.lods[i].flagsNode);
        }
        const bool headerInline = (m_mesh.flags & kHeaderGeometryInChunks) == 0;
        check(
            headerInline == anyInline, "meshset.inline.header-flag", "meshset/rules/inline_geometry",
            [&] {
                return headerInline ? "header bit 0 is clear but no LOD stores inline geometry"
                                    : "header bit 0 is set but a LOD stores inline geometry";
            },
            m_s.flagsNode);
        check(((m_mesh.flags & kHeaderSomeLodBit4) != 0) == anyBit4, "meshset.header.bit2",
              "meshset/rules/header_bit_2",
              [&] {
                  return anyBit4 ? "a LOD sets bit 4 but header bit 2 is clear"
                                 : "header bit 2 is set but no LOD sets bit 4";
              },
              m_s.flagsNode);
    }

    // The document's "djb2-XOR of <name>_lod0": every LOD record hashes LOD 0's name part, the
    // part of its own name ("<name>_lodN") with the LOD number made 0.
    static std::string lodZeroPart(const Lod& lod) {
        std::string part = lod.name.substr(std::min<std::size_t>(lod.namePartOffset, lod.name.size()));
        const auto at = part.rfind("_lod");
        if (at != std::string::npos && at + 4 < part.size() &&
            std::all_of(part.begin() + static_cast<std::ptrdiff_t>(at + 4), part.end(),
                        [](unsigned char c) { return std::isdigit(c); }))
            part.replace(at + 4, std::string::npos, "0");
        return part;
    }

    void checkHashes() {
        check(
            djb2Xor(m_mesh.name) == m_mesh.nameHash, "meshset.header.name-hash", "meshset/header/name_hash",
            [&] {
                return "name hash " + hexText(m_mesh.nameHash) + " but djb2-XOR of \"" + m_mesh.name +
                       "\" is " + hexText(djb2Xor(m_mesh.name));
            },
            m_s.nameHashNode);
        for (std::size_t i = 0; i < m_mesh.lods.size(); ++i) {
            const Lod& lod = m_mesh.lods[i];
            const std::string part = lodZeroPart(lod);
            check(
                djb2Xor(part) == lod.pathPartHash, "meshset.lod.path-hash", "meshset/lod/path_part_name_hash",
                [&] {
                    return "LOD " + std::to_string(i) + " hash " + hexText(lod.pathPartHash) +
                           " but djb2-XOR of \"" + part + "\" is " + hexText(djb2Xor(part));
                },
                m_s.lods[i].hashNode);
            for (std::size_t j = 0; j < lod.sections.size(); ++j) {
                const Section& s = lod.sections[j];
                const std::uint32_t want = djb2Xor(asciiLower(s.materialName));
                check(
                    want == s.materialNameHash, "meshset.section.material-hash",
                    "meshset/section/material_name_hash",
                    [&] {
                        return "LOD " + std::to_string(i) + " section " + std::to_string(j) +
                               " material hash " + hexText(s.materialNameHash) +
                               " but djb2-XOR of the lower-cased \"" + s.materialName + "\" is " +
                               hexText(want);
                    },
                    m_s.lods[i].sections[j].hashNode);
            }
        }
    }

    void checkPointers(const Layout& layout) {
        const std::uint64_t poolEnd = m_mesh.metadata ? m_mesh.metadata->tableOffset : layout.table;
        std::size_t outside = 0;
        for (const PointerUse& p : m_s.pointers) {
            if (!p.pool || p.target == 0) continue;
            if (p.target >= layout.poolStart && p.target + p.bytes <= poolEnd) continue;
            if (++outside <= kMaxListed)
                check(
                    false, "meshset.pointer.outside-pool", "meshset/rules/pointers_in_pool",
                    [&] {
                        return p.what + " at " + hexText(p.target) + " (" + std::to_string(p.bytes) +
                               " bytes) is outside the pool " + hexText(layout.poolStart) + ".." +
                               hexText(poolEnd);
                    },
                    p.node);
        }
        if (outside > kMaxListed)
            check(false, "meshset.pointer.outside-pool", "meshset/rules/pointers_in_pool",
                  [&] { return std::to_string(outside) + " pointers outside the pool in all"; });
        // Every pointer field against the documented arrangement.
        const ByteView view = m_r.view();
        std::size_t differ = 0;
        for (const auto& [field, target] : layout.pointerFields) {
            if (field + 8 > view.size()) continue;
            std::uint64_t stored;
            std::memcpy(&stored, view.data() + field, 8);
            if (stored == pointerValue(target)) continue;
            if (++differ <= kMaxListed)
                // Only reached when the pointer is wrong, so the message is made at once (a
                // lambda could not name the structured bindings with clang 14).
                check(false, "meshset.arrangement.pointer", "meshset/rules/arrangement",
                      "pointer field at " + hexText(field) + " holds " + hexText(stored) +
                          "; the documented order puts it at " + hexText(pointerValue(target)),
                      m_r.tree().innermostAt(m_r.absolute(field)));
        }
        m_rules.note("meshset/rules/pointers_in_pool", true);
        m_rules.note("meshset/rules/arrangement", true);
        if (differ > kMaxListed)
            check(false, "meshset.arrangement.pointer", "meshset/rules/arrangement", [&] {
                return std::to_string(differ) +
                       " pointer fields differ from the documented arrangement in all";
            });
    }

    void checkTable(const Layout& layout) {
        const auto& want = layout.relocations;
        const auto& got = m_s.relocations;
        std::string problem;
        if (got.size() != want.size())
            problem = "the table has " + std::to_string(got.size()) + " entries; the records hold " +
                      std::to_string(want.size()) + " pointer fields";
        for (std::size_t i = 0; problem.empty() && i < got.size(); ++i)
            if (got[i] != want[i])
                problem = "entry " + std::to_string(i) + " is " + hexText(got[i]) +
                          "; the next pointer field in record order is at " + hexText(want[i]) +
                          " (offset - 16)";
        check(
            problem.empty(), "meshset.relocation.table", "meshset/relocation_table/entries",
            [&] { return problem; }, m_s.tableNode);
        if (m_mesh.metadata) {
            const Metadata& m = *m_mesh.metadata;
            check(m.tableOffset == layout.table, "meshset.metadata.table-offset",
                  "meshset/resource_metadata/table_offset", [&] {
                      return "table offset " + hexText(m.tableOffset) + "; the pool ends for a table at " +
                             hexText(layout.table);
                  });
            check(m.tableBytes == 4 * want.size(), "meshset.metadata.table-bytes",
                  "meshset/resource_metadata/table_bytes", [&] {
                      return "table bytes " + std::to_string(m.tableBytes) + " for " +
                             std::to_string(want.size()) + " pointers";
                  });
            check(m.reserved == 0, "meshset.metadata.reserved", "meshset/resource_metadata/reserved",
                  [&] { return "the metadata's last word is " + std::to_string(m.reserved) + ", not 0"; });
        } else {
            check(m_r.view().size() >= layout.end(), "meshset.relocation.table",
                  "meshset/relocation_table/entries", "the resource ends before its relocation table does");
        }
    }

    void checkTrailing() {
        std::uint64_t expected = 0;
        bool anyInline = false;
        for (const Lod& lod : m_mesh.lods)
            if (lod.inlineGeometry()) {
                expected += std::uint64_t{lod.vertexBufferBytes} + lod.indexBufferBytes;
                anyInline = true;
            }
        const bool hasTrailing = !m_mesh.trailing.empty();
        check(
            hasTrailing == anyInline, "meshset.inline.trailing", "meshset/rules/inline_geometry",
            [&] {
                return hasTrailing ? std::to_string(m_mesh.trailing.size()) +
                                         " trailing bytes but every LOD's geometry is in a chunk"
                                   : "a LOD stores its geometry inline but the resource has no trailing data";
            },
            m_s.trailingNode);
        if (anyInline && hasTrailing) {
            const auto& t = m_mesh.trailing;
            const bool zeroTail =
                t.size() >= 4 && std::all_of(t.end() - 4, t.end(), [](std::uint8_t b) { return b == 0; });
            // The size is Proven (the buffers are four bytes less than the trailing data): a cut
            // or padded inline geometry is a refusal. That the four bytes are zero is Observed.
            check(
                t.size() == expected + 4, "meshset.inline.size", "meshset/rules/inline_size",
                [&] {
                    return std::to_string(t.size()) + " trailing bytes; the inline LODs' buffers take " +
                           std::to_string(expected) + " and four zero bytes follow them";
                },
                m_s.trailingNode);
            if (t.size() == expected + 4)
                check(zeroTail, "meshset.inline.zero-tail", "meshset/trailing_data/inline_geometry",
                      "the four bytes after the inline LODs' buffers are not zero", m_s.trailingNode);
        }
    }

    void annotateSections() {
        for (std::size_t i = 0; i < m_mesh.lods.size(); ++i) {
            const Lod& lod = m_mesh.lods[i];
            for (std::size_t j = 0; j < lod.sections.size(); ++j) {
                const Section& s = lod.sections[j];
                if (s.node == kNoNode) continue;
                std::string lists;
                for (std::size_t k = 0; k < kSectionLists; ++k)
                    if (std::find(lod.sectionLists[k].begin(), lod.sectionLists[k].end(), j) !=
                        lod.sectionLists[k].end())
                        lists += (lists.empty() ? "" : ", ") + sectionListName(k);
                char flags[8];
                std::snprintf(flags, sizeof flags, "0x%02x", s.flags);
                m_r.tree().node(s.node).display =
                    s.materialName + " — " + (lists.empty() ? "in no list" : lists) + "; flags " + flags;
            }
        }
    }

    Recorder& m_r;
    const ParseResult& m_res;
    const MeshSet& m_mesh;
    ReadState& m_s;
    CheckedRules m_rules;
};

} // namespace

void checkMeshSet(Recorder& r, const ParseResult& result, ReadState& state) {
    Checker(r, result, state).run();
}

} // namespace assetscope::meshset
