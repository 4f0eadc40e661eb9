#pragma once

#include "formats/meshset/meshset.h"
#include "formats/meshset/meshset_read_state.h"
#include "tree/recorder.h"

namespace assetscope::meshset {

// Reads the fixed-size records (header, LODs, sections with their declarations) and the pool
// items their pointers name, into the typed form and the tree. Each step throws a ParseError
// when it cannot go on; complete() says whether everything was read.
class RecordReader {
public:
    RecordReader(Recorder& r, MeshSet& mesh, ReadState& state) : m_r(r), m_mesh(mesh), m_state(state) {}

    void readHeader();
    void readLods();
    void readPool();
    bool complete() const { return m_complete; }

private:
    void readLod(std::size_t index, std::uint64_t at);
    void readSections(std::size_t lodIndex);
    void readSection(Lod& lod, LodRaw& raw, std::size_t index);

    // Pool items: each records a PointerUse and returns what it read.
    std::string poolString(std::string_view key, std::uint64_t fieldOffset, std::uint64_t pointer,
                           std::string_view what);
    std::vector<std::uint16_t> poolU16s(std::string_view key, std::uint64_t fieldOffset,
                                        std::uint64_t pointer, std::uint64_t count, std::string_view what);
    std::vector<std::uint32_t> poolU32s(std::string_view key, std::uint64_t fieldOffset,
                                        std::uint64_t pointer, std::uint64_t count, std::string_view what);
    ByteView poolBytes(std::string_view key, std::uint64_t fieldOffset, std::uint64_t pointer,
                       std::uint64_t count, std::uint64_t stride, std::string_view what);
    bool seekPointer(std::uint64_t fieldOffset, std::uint64_t pointer, std::uint64_t count,
                     std::string_view what);
    void gap(std::uint64_t structStart, std::uint64_t from, std::uint64_t to);

    Recorder& m_r;
    MeshSet& m_mesh;
    ReadState& m_state;
    bool m_complete = false;
};

std::string headerFlagsText(std::uint32_t flags);
std::string lodFlagsText(std::uint32_t flags);
std::string sectionListName(std::size_t list);

} // namespace assetscope::meshset
