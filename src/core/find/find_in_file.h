#pragma once

#include "archive/zip_archive.h"
#include "bytes/byte_view.h"
#include "find/find_query.h"
#include "tree/structure_tree.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace assetscope {

// One occurrence of a find in one file.
struct FindMatch {
    std::uint64_t offset = 0; // absolute, in the file's bytes
    std::uint64_t size = 0;   // the matched bytes; a Value match: its field's size (0 when unknown)
    // The innermost node of the target's tree holding the whole match (kNoNode: only the root
    // does). When the match lies in a lazy array's element, this is the array and `path` goes on
    // into the element; the tree is never changed by a find.
    NodeId node = kNoNode;
    // The path of names as `diff` prints it (bundle/blob_records/[3]/data_size); empty when the
    // match lies outside every node but the root.
    std::string path;
    // What matched: a field's value; for bytes, their hex text ("62 75 0a 47"); for text, the
    // text (and its encoding in `encoding`).
    Value value;
    std::string key;      // Value: the documented field's key
    std::string encoding; // Text: "ascii" or "utf-16le"
};

// How a find runs: where it reports, when it stops, how much it keeps.
struct FindControl {
    // Matches kept (in offset order); further ones are only counted in FindResult::total.
    std::size_t maxMatches = std::numeric_limits<std::size_t>::max();
    // Checked between blocks of bytes and between a lazy array's elements: set, the find stops.
    const std::atomic<bool>* cancel = nullptr;
    // Called now and then from the thread running the find: work done of total (bytes).
    std::function<void(std::uint64_t done, std::uint64_t total)> progress;
    // Called once the file is scanned, with its count of matches, before the kept ones are
    // placed in the tree: false drops them (the count stays). A walk that knows they fall past
    // its limit so spares reading the file again with nodes on.
    std::function<bool(std::uint64_t total)> keep;
    // Whether the kept matches are placed in the file's tree (node, path, a Value match's field
    // size) before they are returned: reading the tree and placing 100,000 matches costs more
    // than finding them. The window places only the rows it shows, in its own tree (placeMatch).
    bool place = true;
};

// One file to search: its bytes as opened, and its tree when one is at hand.
struct FindTarget {
    std::string input;    // the input path ("a.zip::b.modelbin"): what detection and siblings see
    std::string fileName; // its last part (a format hint)
    SharedBytes bytes;
    // The opened file's tree, nodes on (the window's). Read only: matches name its nodes. Null:
    // the find reads the file with nodes on itself, only when a match needs a path.
    const StructureTree* tree = nullptr;
    archive::Limits limits;
};

struct FindResult {
    std::vector<FindMatch> matches; // at most FindControl::maxMatches, in offset order
    std::uint64_t total = 0;        // every match found, `matches` included
    // False when no format reads the bytes (and no tree was given): nothing was searched, and a
    // walk does not count the file.
    bool supported = true;
    bool cancelled = false;
};

// Searches one file. Bytes and Text scan the raw bytes (every occurrence, overlapping ones
// too); Value reads the file again with nodes off and a field tap, exactly as `stats` does, so
// lazy arrays' elements are searched without being built; Names look at the tree's nodes.
// Never throws on bad bytes; safe on any thread while other threads read `target.tree`.
FindResult findInFile(const FindTarget& target, const FindQuery& query, const FindControl& control = {});

// Names the node and path of `match` in `tree` (and a Value match's field size, when the field
// is found there): what findInFile does to each kept match when FindControl::place is set.
void placeMatch(const StructureTree& tree, FindMatch& match);

// The offsets in [from, to) where `pattern` starts a match within `bytes`, in order; at most
// `max` are kept, all are counted into `total`. The fast path of Bytes and Text: memchr on the
// pattern's rarest-looking fixed byte, then a masked compare.
std::vector<std::uint64_t> findPattern(ByteView bytes, const BytePattern& pattern, std::uint64_t from,
                                       std::uint64_t to, std::size_t max, std::uint64_t& total);

} // namespace assetscope
