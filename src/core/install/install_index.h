#pragma once

#include "archive/zip_archive.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace assetscope::install {

// What a node of an install is.
enum class Kind : std::uint8_t {
    Folder,        // a folder on disk
    File,          // a loose file
    Archive,       // a zip: a loose one, or an entry of another zip; listed as a folder
    ArchiveFolder, // a folder inside a zip (its entries' name prefixes, or a directory entry)
    Entry,         // a file inside a zip
};

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = 0xFFFFFFFFu;

// One node as a reader sees it (a copy: the index may grow meanwhile).
struct Item {
    NodeId id = kNoNode;
    NodeId parent = kNoNode;
    Kind kind = Kind::File;
    std::string name;         // the last part of its path; an entry with a hostile name: the name as stored
    std::string format;       // the format the name hints at ("texture", "zip"); empty when unknown
    std::uint64_t size = 0;   // a loose file's bytes, an entry's decompressed bytes; 0 for a folder
    std::uint64_t stored = 0; // an entry's bytes in its archive; a loose file's bytes
    std::string problem;      // why it is not listed as usual; empty when nothing is wrong
    bool listed = false;      // its children are known
    bool formatFromBytes = false; // `format` is the one found in its bytes when it was opened
    std::uint32_t childCount = 0;
};

// The install below one path (a folder, a zip, or a single file), as one tree: folders, zips (as
// folders, nested zips too) and files. Listed lazily, one folder level or one zip's central
// directory at a time; the whole index on demand (buildAll). Only names and sizes are read: a loose
// zip's central directory, never its entries' bytes (a nested zip's bytes are read to list it).
// Nothing outside the install is opened: a link leading out of it, or back to a folder above it,
// is listed with its problem and not followed; a hostile entry name (archive::isUnsafeEntryName,
// or a backslash) is listed as stored, at its zip's top level, and never placed by its parts.
// Lean: a node is a few numbers, its name in one shared arena. Safe to use from several threads.
// The path may also be an INPUT path to an archive inside archives ("a.zip::b.zip"): its bytes are
// read to list it, as a nested zip's are.
class InstallIndex {
public:
    explicit InstallIndex(std::string path, archive::Limits limits = {});

    static constexpr NodeId root() { return 0; }
    const std::string& path() const { return m_path; }

    // Lists the node's children when they are not known yet. A no-op for a file.
    void list(NodeId node);
    // Lists everything not listed yet, breadth first. progress(listed containers, nodes known) is
    // called after each listing. False when `cancel` became true first (what is listed stays).
    bool buildAll(const std::atomic<bool>* cancel = nullptr,
                  const std::function<void(std::size_t, std::size_t)>& progress = {});

    Item item(NodeId node) const;
    bool listed(NodeId node) const;
    bool mayHaveChildren(NodeId node) const;     // a folder or a zip, listed or not
    std::uint32_t childCount(NodeId node) const; // 0 until listed
    NodeId child(NodeId node, std::uint32_t row) const;
    std::vector<NodeId> children(NodeId node) const; // as listed so far (folders first, by name)
    NodeId parent(NodeId node) const;
    std::uint32_t rowOf(NodeId node) const; // its place among its parent's children
    std::size_t nodeCount() const;
    // Every folder and zip known so far is listed: the index is the whole install.
    bool whole() const;

    // The node as an INPUT path: "ROOT/media/a.zip::cars/b.modelbin" (cli-contract.md, "Inputs").
    std::string inputPath(NodeId node) const;
    // The `Game:\` path naming it (resolve::gamePathOf), when it lies under an install's root.
    std::optional<std::string> gamePath(NodeId node) const;
    // The node the INPUT path names, listing what it passes through (with `listing`; without, a
    // folder or zip not listed yet ends the search); kNoNode when none.
    NodeId find(std::string_view input, bool listing = true);

    // What a scan sees of a node, valid during the call only.
    struct NodeView {
        NodeId id;
        NodeId parent;
        Kind kind;
        std::string_view name;
        std::string_view format;
        std::uint64_t size;
        std::uint64_t stored;
    };
    // Calls `visit` for every node known so far, in id order (a parent before its children), under
    // one lock; stops when it returns false.
    void scan(const std::function<bool(const NodeView&)>& visit) const;

    // Bytes the index holds (nodes, children lists, the names' arena, problems), capacity included.
    std::size_t memoryBytes() const;

    // The format a file's bytes were found to be when it was opened (a FormatHandler's name, or
    // "zip"): it replaces the one its name hinted at. False when no node is there or no format
    // has that name.
    bool setFormatFromBytes(NodeId node, std::string_view format);

    // The format hinted at by a file name ("a.swatchbin" -> "texture", "b.zip" -> "zip"), from
    // the registry's extensions; empty when no format claims it.
    static std::string formatOfName(std::string_view name);

private:
    struct Node {
        std::uint64_t size = 0;
        std::uint64_t stored = 0;
        NodeId parent = kNoNode;
        std::uint32_t nameOffset = 0;
        std::uint32_t firstChild = 0; // into m_children
        std::uint32_t childCount = 0;
        std::uint32_t row = 0; // its place among its parent's children
        std::uint16_t nameLength = 0;
        Kind kind = Kind::File;
        std::uint8_t format = 0; // 1 + index into formatNames(); 0 unknown
        std::uint8_t flags = 0;
    };
    // A listing made outside the lock: new nodes (parents relative to `first`) and their problems.
    struct Batch;

    NodeId addNode(Batch& batch, NodeId parent, Kind kind, std::string_view name, std::uint64_t size,
                   std::uint64_t stored) const;
    void listFolderInto(Batch& batch, NodeId node, const std::string& path) const;
    void listArchiveInto(Batch& batch, NodeId node, const std::string& input, bool nested, int depth) const;
    void commit(NodeId node, Batch& batch);
    std::string_view nameOf(const Node& n) const;
    std::string inputPathLocked(NodeId node) const;
    int zipDepthLocked(NodeId node) const;

    std::string m_path;
    std::string m_rootCanonical;
    int m_rootNesting = 0; // the archives the root lies in (an INPUT path with "::")
    archive::Limits m_limits;
    mutable std::mutex m_mutex;
    std::vector<Node> m_nodes;
    std::vector<NodeId> m_children;
    std::string m_names;
    std::unordered_map<NodeId, std::string> m_problems;
    std::size_t m_unlisted = 0; // folders and zips known and not listed yet
};

} // namespace assetscope::install
