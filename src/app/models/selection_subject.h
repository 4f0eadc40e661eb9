#pragma once

#include "tree/structure_tree.h"

#include <cstdint>

namespace assetscope {
class ParsedFile;
namespace pgeo {
struct Block;
struct PgeoFile;
} // namespace pgeo
} // namespace assetscope

namespace assetscope::app {

// What a tree node belongs to, in the terms of core's typed result: a model's mesh, a .pgeo
// block, or a MeshSet LOD / section. The table and 3D panes show the subject, not the bytes.
struct SelectionSubject {
    enum class Kind { None, ModelMesh, PgeoBlock, MeshSetLod, MeshSetSection };
    Kind kind = Kind::None;
    int mesh = -1;    // ModelMesh: index into Model::meshes
    int block = -1;   // PgeoBlock: index over list A then list B (file order)
    int lod = -1;     // MeshSet
    int section = -1; // MeshSetSection
    // PgeoBlock: the selected record within the block, when an instance record (or something
    // inside one) is selected; else -1.
    std::int64_t record = -1;

    bool operator==(const SelectionSubject&) const = default;
};

// The innermost subject holding `node` (kind None when there is none, or when the node belongs
// to an array the generic element table shows better, such as a block's curve records).
SelectionSubject subjectOf(const ParsedFile& parsed, const StructureTree& tree, NodeId node);

// Blocks over list A then list B, the order instance matrices and placements use.
std::size_t pgeoBlockCount(const pgeo::PgeoFile& file);
const pgeo::Block& pgeoBlock(const pgeo::PgeoFile& file, std::size_t block);
// Global instance index of a block's first record (the index into worldMatrices()).
std::uint64_t pgeoFirstInstance(const pgeo::PgeoFile& file, std::size_t block);
// The block and record holding global instance `instance`; false when out of range.
bool pgeoLocate(const pgeo::PgeoFile& file, std::uint64_t instance, std::size_t& block,
                std::uint64_t& record);

// The tree node that stands for a subject: a mesh's blob record, a block's instance array, a LOD
// or section record; kNoNode when the tree has none.
NodeId subjectNode(const ParsedFile& parsed, const StructureTree& tree, const SelectionSubject& subject);

} // namespace assetscope::app
