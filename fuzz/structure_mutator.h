#pragma once

// Mutations that know the structure: the input is parsed with its tree, one documented field
// (a count, an offset, a size, a version, a tag, an index) is picked from the tree and set, in
// place where the tree says it lies, to a value a reader has to get right: 0, 1, the most the
// width holds, one more or one less, the most records that fit in the bytes left, a
// neighbour's offset, the next documented version, another documented tag.

#include "contract/parsed_file.h"

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
// The input is parsed for it, unless rememberTree() was last given the tree of these very bytes.
bool mutateDocumentedField(const FormatHandler& handler, std::uint8_t* data, std::size_t size,
                           std::uint32_t seed, const MutatorBounds& bounds = {});

// Reserves the storage of rememberTree(); call it once, before the first run.
void prepareMutator();

// Keeps what the mutator needs of `tree`, the tree the target has just built for the fuzz input
// `data`: libFuzzer mutates the input it has just run four times in five, and the mutator then
// parses nothing. Allocates nothing (prepareMutator() reserved the storage), so each run still
// frees all it allocates, as libFuzzer's leak check expects; without prepareMutator() it does
// nothing.
void rememberTree(StructureTree& tree, const std::uint8_t* data, std::size_t size,
                  const MutatorBounds& bounds = {});

} // namespace assetscope::fuzzing
