#pragma once

// Mutations that know the structure: the input is parsed with its tree, one documented field
// (a count, an offset, a size, a version, a tag, an index) is picked from the tree and set, in
// place where the tree says it lies, to a value a reader has to get right: 0, 1, the most the
// width holds, one more or one less, the most records that fit in the bytes left, a
// neighbour's offset, the next documented version, another documented tag.

#include "document/parsed_file.h"

#include <cstddef>
#include <cstdint>

namespace assetscope::fuzzing {

// What the mutator looks at per call, so its cost stays a small multiple of one parse.
struct MutatorBounds {
    std::size_t nodesScanned = 4096; // tree nodes looked at, from a random start
    std::size_t candidates = 64;     // fields gathered before one is picked
    std::size_t arraysOpened = 4;    // lazy arrays with one element built (a blob record, a mesh)
};

// Sets one field of the fuzz input `data` (hostile::splitInput's layout: the file first) in
// place. Returns false, leaving `data` as it was, when the tree holds no field it can set.
bool mutateDocumentedField(const FormatHandler& handler, std::uint8_t* data, std::size_t size,
                           std::uint32_t seed, const MutatorBounds& bounds = {});

} // namespace assetscope::fuzzing
