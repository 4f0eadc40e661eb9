#include "install/install_index.h"

#include "archive/zip_listing.h"
#include "bytes/ascii_case.h"
#include "input/input_file.h"
#include "input/input_path.h"
#include "open/known_formats.h"
#include "resolve/game_root.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <unordered_set>

namespace assetscope::install {

namespace {

namespace fs = std::filesystem;

constexpr std::uint8_t kListed = 1;
constexpr std::uint8_t kFormatFromBytes = 2;
constexpr std::uint32_t kLocal = 0x80000000u; // a batch's parent that is one of the batch's nodes
constexpr std::size_t kMaxName = 0xFFFF;

struct FormatTable {
    std::vector<std::string> names;                             // index + 1 is a node's format
    std::vector<std::pair<std::string, std::uint8_t>> suffixes; // ".swatchbin" -> format
    std::vector<std::pair<std::string, std::uint8_t>> wholeNames;
};

const FormatTable& formatTable() {
    static const FormatTable table = [] {
        FormatTable t;
        for (const KnownFormat& f : knownFormats()) {
            t.names.push_back(f.name);
            const auto code = static_cast<std::uint8_t>(t.names.size());
            for (const std::string& word : f.names)
                (word.front() == '.' ? t.suffixes : t.wholeNames).emplace_back(asciiLower(word), code);
        }
        t.names.push_back("zip");
        t.suffixes.emplace_back(".zip", static_cast<std::uint8_t>(t.names.size()));
        return t;
    }();
    return table;
}

std::uint8_t formatCode(std::string_view name) {
    const FormatTable& t = formatTable();
    // The last part, '/' and '\\' both separating (input::lastPathPart), without a copy: this runs
    // for every name of an install.
    if (const std::size_t cut = name.find_last_of("/\\"); cut != std::string_view::npos)
        name = name.substr(cut + 1);
    for (const auto& [whole, code] : t.wholeNames)
        if (equalsNoCase(name, whole)) return code;
    if (name.empty()) return 0;
    // The suffixes are lower case: their last character rules out most at once.
    const char last = asciiLower(name.back());
    for (const auto& [suffix, code] : t.suffixes)
        if (name.size() > suffix.size() && suffix.back() == last && endsWithNoCase(name, suffix)) return code;
    return 0;
}

std::string_view formatName(std::uint8_t code) {
    const FormatTable& t = formatTable();
    return code == 0 || code > t.names.size() ? std::string_view() : std::string_view(t.names[code - 1]);
}

bool isUnder(const std::string& path, const std::string& folder) {
    if (path == folder) return true;
    if (folder == "/") return path.size() > 1 && path.front() == '/';
    return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
           path[folder.size()] == '/';
}

bool isContainer(Kind kind) {
    return kind == Kind::Folder || kind == Kind::Archive || kind == Kind::ArchiveFolder;
}

// Folders first, then by name without case, then with case.
bool before(Kind ka, std::string_view a, Kind kb, std::string_view b) {
    const bool fa = isContainer(ka) && ka != Kind::Archive, fb = isContainer(kb) && kb != Kind::Archive;
    if (fa != fb) return fa;
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        const char ca = asciiLower(a[i]), cb = asciiLower(b[i]);
        if (ca != cb) return static_cast<unsigned char>(ca) < static_cast<unsigned char>(cb);
    }
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
}

std::string canonicalText(const fs::path& p) {
    std::error_code ec;
    const fs::path c = fs::canonical(p, ec);
    return ec ? std::string() : c.string();
}

} // namespace

struct InstallIndex::Batch {
    std::vector<Node> nodes;
    std::string names;
    std::unordered_map<std::uint32_t, std::string> problems; // by local index
    std::string selfProblem;                                 // the listed node's own
};

InstallIndex::InstallIndex(std::string path, archive::Limits limits)
    : m_path(std::move(path)), m_limits(limits) {
    Node root;
    root.nameLength = static_cast<std::uint16_t>(std::min(m_path.size(), kMaxName));
    m_names = m_path.substr(0, root.nameLength);
    std::error_code ec;
    const InputPath nested = InputPath::parse(m_path);
    const fs::file_status status = fs::status(nested.file, ec);
    if (!nested.entries.empty()) {
        // An archive inside archives: its bytes are read when it is listed.
        root.kind = Kind::Archive;
        root.format = formatCode("a.zip");
        m_rootNesting = static_cast<int>(nested.entries.size());
        if (fs::is_regular_file(status)) {
            const fs::path folder = fs::path(nested.file).parent_path();
            m_rootCanonical = canonicalText(folder.empty() ? fs::path(".") : folder);
        } else {
            root.flags = kListed;
            m_problems[0] = ec ? "cannot open: " + ec.message() : "not a file";
        }
    } else if (fs::is_directory(status)) {
        root.kind = Kind::Folder;
        m_rootCanonical = canonicalText(m_path);
    } else if (fs::is_regular_file(status)) {
        root.size = root.stored = fs::file_size(m_path, ec);
        root.kind = input::fileLooksLikeZip(m_path) ? Kind::Archive : Kind::File;
        root.format = root.kind == Kind::Archive ? formatCode("a.zip") : formatCode(m_path);
        m_rootCanonical = canonicalText(
            fs::path(m_path).parent_path().empty() ? fs::path(".") : fs::path(m_path).parent_path());
    } else {
        root.kind = Kind::File;
        root.flags = kListed;
        m_problems[0] = ec ? "cannot open: " + ec.message() : "not a file or a folder";
    }
    if (root.kind == Kind::File) root.flags = kListed;
    if (!(root.flags & kListed)) m_unlisted = 1;
    m_nodes.push_back(root);
}

bool InstallIndex::setFormatFromBytes(NodeId node, std::string_view format) {
    const FormatTable& t = formatTable();
    const auto at = std::find(t.names.begin(), t.names.end(), format);
    if (at == t.names.end()) return false;
    const std::lock_guard lock(m_mutex);
    if (node >= m_nodes.size()) return false;
    m_nodes[node].format = static_cast<std::uint8_t>(at - t.names.begin() + 1);
    m_nodes[node].flags |= kFormatFromBytes;
    return true;
}

std::string InstallIndex::formatOfName(std::string_view name) {
    return std::string(formatName(formatCode(name)));
}

std::string_view InstallIndex::nameOf(const Node& n) const {
    return std::string_view(m_names).substr(n.nameOffset, n.nameLength);
}

NodeId InstallIndex::addNode(Batch& batch, NodeId parent, Kind kind, std::string_view name,
                             std::uint64_t size, std::uint64_t stored) const {
    Node n;
    n.parent = parent;
    n.kind = kind;
    n.size = size;
    n.stored = stored;
    n.nameOffset = static_cast<std::uint32_t>(batch.names.size());
    n.nameLength = static_cast<std::uint16_t>(std::min(name.size(), kMaxName));
    batch.names.append(name.substr(0, n.nameLength));
    if (kind != Kind::Folder && kind != Kind::ArchiveFolder) n.format = formatCode(name);
    // A zip folder is listed with its zip; a file has nothing to list.
    if (kind == Kind::File || kind == Kind::Entry || kind == Kind::ArchiveFolder) n.flags = kListed;
    batch.nodes.push_back(n);
    return static_cast<NodeId>(batch.nodes.size() - 1) | kLocal;
}

void InstallIndex::listFolderInto(Batch& batch, NodeId node, const std::string& path) const {
    std::error_code ec;
    fs::directory_iterator it(path, ec);
    if (ec) {
        batch.selfProblem = "cannot list the folder: " + ec.message();
        return;
    }
    const std::string here = canonicalText(path);
    for (; it != fs::directory_iterator(); it.increment(ec)) {
        const fs::directory_entry& e = *it;
        const std::string name = e.path().filename().string();
        std::error_code k;
        if (e.is_symlink(k)) {
            const std::string target = canonicalText(e.path());
            const bool folder = e.is_directory(k);
            std::string problem;
            if (target.empty())
                problem = "a broken link: not followed";
            else if (m_rootCanonical.empty() || !isUnder(target, m_rootCanonical))
                problem = "a link to outside the install: not followed";
            else if (folder && isUnder(here, target))
                problem = "a link to a folder above it (a loop): not followed";
            if (!problem.empty()) {
                const NodeId id = addNode(batch, node, folder ? Kind::Folder : Kind::File, name, 0, 0);
                batch.nodes.back().flags = kListed;
                batch.problems[id & ~kLocal] = problem;
                continue;
            }
        }
        if (e.is_directory(k)) {
            addNode(batch, node, Kind::Folder, name, 0, 0);
        } else if (e.is_regular_file(k)) {
            const std::uint64_t size = e.file_size(k);
            addNode(batch, node, input::hasZipExtension(name) ? Kind::Archive : Kind::File, name, size, size);
        } else {
            const NodeId id = addNode(batch, node, Kind::File, name, 0, 0);
            batch.problems[id & ~kLocal] = "not a regular file: not opened";
        }
    }
    if (ec) batch.selfProblem = "the folder could not be listed to its end: " + ec.message();
}

namespace {

// An entry that is listed as stored rather than placed by its parts, and why (the zip listing has
// judged its name already: ListedEntry::unsafeName is archive::isUnsafeEntryName).
const char* hostileNameProblem(const archive::ListedEntry& entry, std::string_view name) {
    if (entry.unsafeName)
        return "a hostile name (\"..\", absolute or a drive): listed as stored, never opened outside the "
               "archive";
    if (name.find('\\') != std::string_view::npos)
        return "a name with backslashes: listed as stored, never opened outside the archive";
    return nullptr;
}

// A name's hash for the tables below: eight bytes at a time, each mixed in by a multiply and a shift.
std::uint64_t hashName(std::string_view s) {
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ s.size();
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, s.data() + i, 8);
        h = (h ^ word) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    std::uint64_t word = 0;
    std::memcpy(&word, s.data() + i, s.size() - i);
    h = (h ^ word) * 0x94D049BB133111EBull;
    return h ^ (h >> 29);
}

// The names met in one zip's listing (its entries' whole names, its folders' paths) and the node
// each became: open addressing over views of the listing's own names, nothing allocated per name.
class NameTable {
public:
    NameTable(std::string_view arena, std::size_t expected) : m_arena(arena) {
        std::size_t capacity = 16;
        while (capacity < 2 * expected)
            capacity *= 2;
        m_slots.assign(capacity, Slot{});
    }

    // The node under `key` (a view into the arena), or nullptr.
    NodeId* find(std::string_view key, std::uint64_t hash) {
        for (std::size_t at = hash & (m_slots.size() - 1);; at = (at + 1) & (m_slots.size() - 1)) {
            Slot& slot = m_slots[at];
            if (slot.offset == kEmpty) return nullptr;
            if (matches(slot, key, hash)) return &slot.node;
        }
    }

    // The node under `key`, and whether it was added (with `node`) just now.
    std::pair<NodeId*, bool> tryEmplace(std::string_view key, std::uint64_t hash, NodeId node) {
        if (2 * (m_used + 1) > m_slots.size()) grow();
        for (std::size_t at = hash & (m_slots.size() - 1);; at = (at + 1) & (m_slots.size() - 1)) {
            Slot& slot = m_slots[at];
            if (slot.offset == kEmpty) {
                slot = {static_cast<std::uint32_t>(hash), node,
                        static_cast<std::uint32_t>(key.data() - m_arena.data()),
                        static_cast<std::uint32_t>(key.size())};
                ++m_used;
                return {&slot.node, true};
            }
            if (matches(slot, key, hash)) return {&slot.node, false};
        }
    }

private:
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
    struct Slot {
        std::uint32_t hash = 0;
        NodeId node = kNoNode;
        std::uint32_t offset = kEmpty;
        std::uint32_t length = 0;
    };

    bool matches(const Slot& slot, std::string_view key, std::uint64_t hash) const {
        return slot.hash == static_cast<std::uint32_t>(hash) && slot.length == key.size() &&
               std::memcmp(m_arena.data() + slot.offset, key.data(), key.size()) == 0;
    }

    void grow() {
        std::vector<Slot> old(m_slots.size() * 2, Slot{});
        old.swap(m_slots);
        for (const Slot& slot : old) {
            if (slot.offset == kEmpty) continue;
            std::size_t at = hashName(m_arena.substr(slot.offset, slot.length)) & (m_slots.size() - 1);
            while (m_slots[at].offset != kEmpty)
                at = (at + 1) & (m_slots.size() - 1);
            m_slots[at] = slot;
        }
    }

    std::string_view m_arena;
    std::vector<Slot> m_slots;
    std::size_t m_used = 0;
};

} // namespace

void InstallIndex::listArchiveInto(Batch& batch, NodeId node, const std::string& input, bool nested,
                                   int depth) const {
    std::string error;
    archive::ZipListing zip;
    bool read = false;
    if (depth > m_limits.maxNestingDepth) {
        error = input::nestingRefusal(static_cast<std::size_t>(depth), m_limits.maxNestingDepth);
    } else if (!nested) {
        read = zip.readFile(input, error);
    } else {
        const LoadedInput loaded = loadInput(input, m_limits);
        if (loaded.ok())
            read = zip.read(loaded.bytes, error);
        else
            error = loaded.error;
    }
    if (!read) {
        batch.selfProblem = "cannot read the archive: " + error;
        return;
    }
    // Keys are views into the listing's names, which outlive the tables.
    const std::string_view names = zip.names();
    NameTable folders(names, zip.size() / 8 + 16); // a folder's path in the zip -> its node
    NameTable files(names, zip.size());            // an entry's whole name -> its node
    batch.nodes.reserve(zip.size() + zip.size() / 16 + 16);
    std::string_view lastFolder; // entries come folder by folder: the last one asked, and its node
    NodeId lastFolderNode = node;
    bool haveLast = false;
    auto folderOf = [&](std::string_view path) -> NodeId {
        if (haveLast && path == lastFolder) return lastFolderNode;
        NodeId parent = node;
        std::size_t from = 0;
        while (from < path.size()) {
            std::size_t slash = path.find('/', from);
            if (slash == std::string_view::npos) slash = path.size();
            const std::string_view part = path.substr(from, slash - from);
            const std::string_view prefix = path.substr(0, slash);
            from = slash + 1;
            if (part.empty() || part == ".") continue;
            const std::uint64_t hash = hashName(prefix);
            auto [at, added] = folders.tryEmplace(prefix, hash, kNoNode);
            if (added) {
                *at = addNode(batch, parent, Kind::ArchiveFolder, part, 0, 0);
                if (const NodeId* file = files.find(prefix, hash))
                    batch.problems[*file & ~kLocal] = "a name that is also a folder's";
            }
            parent = *at;
        }
        lastFolder = path;
        lastFolderNode = parent;
        haveLast = true;
        return parent;
    };
    for (const archive::ListedEntry& e : zip.entries()) {
        const std::string_view whole = zip.name(e);
        if (const char* problem = hostileNameProblem(e, whole)) {
            const NodeId id = addNode(batch, node, Kind::Entry, whole, e.size, e.compressedSize);
            batch.problems[id & ~kLocal] = problem;
            continue;
        }
        std::string_view name = whole;
        while (!name.empty() && name.back() == '/')
            name.remove_suffix(1);
        if (e.directory || name.size() != whole.size()) {
            folderOf(name);
            continue;
        }
        const std::size_t slash = name.rfind('/');
        const NodeId parent = slash == std::string_view::npos ? node : folderOf(name.substr(0, slash));
        const std::string_view last = slash == std::string_view::npos ? name : name.substr(slash + 1);
        const bool isZip = input::hasZipExtension(last) && !e.symlink;
        const NodeId id =
            addNode(batch, parent, isZip ? Kind::Archive : Kind::Entry, last, e.size, e.compressedSize);
        const char* problem = nullptr;
        if (e.symlink) problem = "a symbolic link: listed, never followed";
        const std::uint64_t hash = hashName(name);
        if (folders.find(name, hash)) problem = "a name that is also a folder's";
        if (auto [at, added] = files.tryEmplace(name, hash, id); !added)
            problem = "a duplicate of an earlier entry's name";
        if (problem) batch.problems[id & ~kLocal] = problem;
    }
}

void InstallIndex::commit(NodeId node, Batch& batch) {
    const auto base = static_cast<NodeId>(m_nodes.size());
    const auto nameBase = static_cast<std::uint32_t>(m_names.size());
    const std::size_t count = batch.nodes.size();
    // The new nodes by parent: the listed node's children first, then each new folder's in the
    // batch's order (a stable counting sort: the order of the parents' ids, as before).
    auto groupOf = [](NodeId parent) -> std::size_t { return parent & kLocal ? 1 + (parent & ~kLocal) : 0; };
    std::vector<std::uint32_t> groupStart(count + 2, 0);
    for (const Node& n : batch.nodes)
        ++groupStart[groupOf(n.parent) + 1];
    for (std::size_t g = 1; g < groupStart.size(); ++g)
        groupStart[g] += groupStart[g - 1];
    std::vector<NodeId> order(count);
    {
        std::vector<std::uint32_t> next(groupStart.begin(), groupStart.end() - 1);
        for (std::size_t i = 0; i < count; ++i)
            order[next[groupOf(batch.nodes[i].parent)]++] = static_cast<NodeId>(base + i);
    }
    for (Node& n : batch.nodes) {
        n.parent = n.parent & kLocal ? base + (n.parent & ~kLocal) : n.parent;
        n.nameOffset += nameBase;
    }
    m_names += batch.names;
    m_nodes.insert(m_nodes.end(), batch.nodes.begin(), batch.nodes.end());
    for (const Node& n : batch.nodes)
        if (!(n.flags & kListed)) ++m_unlisted;
    if (!(m_nodes[node].flags & kListed) && m_unlisted > 0) --m_unlisted;
    for (auto& [local, text] : batch.problems)
        m_problems[base + local] = std::move(text);
    if (!batch.selfProblem.empty()) m_problems[node] = std::move(batch.selfProblem);
    // Each parent's children in order (folders first, by name). A zip's entries mostly come in that
    // order already: a pass finds out, and only what is not gets sorted.
    auto less = [&](NodeId a, NodeId b) {
        const Node &na = m_nodes[a], &nb = m_nodes[b];
        return before(na.kind, nameOf(na), nb.kind, nameOf(nb));
    };
    for (std::size_t g = 0; g + 1 < groupStart.size(); ++g) {
        const auto first = order.begin() + groupStart[g], last = order.begin() + groupStart[g + 1];
        if (last - first > 1 && std::is_sorted_until(first, last, less) != last)
            std::stable_sort(first, last, less);
    }
    m_nodes[node].flags |= kListed;
    m_nodes[node].firstChild = static_cast<std::uint32_t>(m_children.size());
    for (std::size_t i = 0; i < order.size();) {
        const NodeId parent = m_nodes[order[i]].parent;
        Node& p = m_nodes[parent];
        p.firstChild = static_cast<std::uint32_t>(m_children.size());
        std::uint32_t row = 0;
        for (; i < order.size() && m_nodes[order[i]].parent == parent; ++i) {
            m_nodes[order[i]].row = row++;
            m_children.push_back(order[i]);
        }
        p.childCount = row;
    }
}

void InstallIndex::list(NodeId node) {
    std::string path;
    Kind kind;
    int depth = 0;
    {
        const std::lock_guard lock(m_mutex);
        if (node >= m_nodes.size() || (m_nodes[node].flags & kListed)) return;
        path = inputPathLocked(node);
        kind = m_nodes[node].kind;
        depth = zipDepthLocked(node) + m_rootNesting;
    }
    Batch batch;
    if (kind == Kind::Folder)
        listFolderInto(batch, node, path);
    else if (kind == Kind::Archive)
        listArchiveInto(batch, node, path, depth > 1, depth);
    const std::lock_guard lock(m_mutex);
    if (!(m_nodes[node].flags & kListed)) commit(node, batch); // another thread may have been first
}

bool InstallIndex::buildAll(const std::atomic<bool>* cancel,
                            const std::function<void(std::size_t, std::size_t)>& progress) {
    std::size_t listedCount = 0;
    for (NodeId i = 0;; ++i) {
        bool need = false;
        {
            const std::lock_guard lock(m_mutex);
            if (i >= m_nodes.size()) break;
            need = isContainer(m_nodes[i].kind) && !(m_nodes[i].flags & kListed);
        }
        if (cancel && cancel->load()) return false;
        if (!need) continue;
        list(i);
        ++listedCount;
        if (progress) progress(listedCount, nodeCount());
    }
    return true;
}

int InstallIndex::zipDepthLocked(NodeId node) const {
    int depth = 0;
    for (NodeId at = node; at != kNoNode; at = m_nodes[at].parent)
        if (m_nodes[at].kind == Kind::Archive) ++depth;
    return depth;
}

Item InstallIndex::item(NodeId node) const {
    const std::lock_guard lock(m_mutex);
    Item out;
    if (node >= m_nodes.size()) return out;
    const Node& n = m_nodes[node];
    out.id = node;
    out.parent = n.parent;
    out.kind = n.kind;
    out.name = node == root() ? m_path : std::string(nameOf(n));
    out.format = std::string(formatName(n.format));
    out.size = n.size;
    out.stored = n.stored;
    if (auto p = m_problems.find(node); p != m_problems.end()) out.problem = p->second;
    out.listed = n.flags & kListed;
    out.formatFromBytes = n.flags & kFormatFromBytes;
    out.childCount = out.listed ? n.childCount : 0;
    return out;
}

bool InstallIndex::listed(NodeId node) const {
    const std::lock_guard lock(m_mutex);
    return node < m_nodes.size() && (m_nodes[node].flags & kListed);
}

bool InstallIndex::mayHaveChildren(NodeId node) const {
    const std::lock_guard lock(m_mutex);
    return node < m_nodes.size() && isContainer(m_nodes[node].kind) &&
           (!(m_nodes[node].flags & kListed) || m_nodes[node].childCount > 0);
}

std::uint32_t InstallIndex::childCount(NodeId node) const {
    const std::lock_guard lock(m_mutex);
    return node < m_nodes.size() && (m_nodes[node].flags & kListed) ? m_nodes[node].childCount : 0;
}

NodeId InstallIndex::child(NodeId node, std::uint32_t row) const {
    const std::lock_guard lock(m_mutex);
    if (node >= m_nodes.size() || !(m_nodes[node].flags & kListed) || row >= m_nodes[node].childCount)
        return kNoNode;
    return m_children[m_nodes[node].firstChild + row];
}

std::vector<NodeId> InstallIndex::children(NodeId node) const {
    const std::lock_guard lock(m_mutex);
    if (node >= m_nodes.size() || !(m_nodes[node].flags & kListed)) return {};
    const Node& n = m_nodes[node];
    return {m_children.begin() + n.firstChild, m_children.begin() + n.firstChild + n.childCount};
}

NodeId InstallIndex::parent(NodeId node) const {
    const std::lock_guard lock(m_mutex);
    return node < m_nodes.size() ? m_nodes[node].parent : kNoNode;
}

std::uint32_t InstallIndex::rowOf(NodeId node) const {
    const std::lock_guard lock(m_mutex);
    return node < m_nodes.size() ? m_nodes[node].row : 0;
}

std::size_t InstallIndex::nodeCount() const {
    const std::lock_guard lock(m_mutex);
    return m_nodes.size();
}

bool InstallIndex::whole() const {
    const std::lock_guard lock(m_mutex);
    return m_unlisted == 0;
}

std::string InstallIndex::inputPathLocked(NodeId node) const {
    std::vector<NodeId> chain;
    for (NodeId at = node; at != root() && at != kNoNode; at = m_nodes[at].parent)
        chain.push_back(at);
    std::string out = m_path;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const Node& n = m_nodes[*it];
        if (m_nodes[n.parent].kind == Kind::Archive)
            out += "::";
        else if (out.empty() || out.back() != '/')
            out += '/';
        out += nameOf(n);
    }
    return out;
}

std::string InstallIndex::inputPath(NodeId node) const {
    const std::lock_guard lock(m_mutex);
    return node < m_nodes.size() ? inputPathLocked(node) : std::string();
}

std::optional<std::string> InstallIndex::gamePath(NodeId node) const {
    {
        const std::lock_guard lock(m_mutex);
        if (node >= m_nodes.size() || m_problems.count(node)) return std::nullopt;
    }
    return resolve::gamePathOf(inputPath(node));
}

NodeId InstallIndex::find(std::string_view input, bool listing) {
    if (input == m_path) return root();
    if (input.substr(0, m_path.size()) != m_path) return kNoNode;
    std::string_view rest = input.substr(m_path.size());
    NodeId at = root();
    while (!rest.empty()) {
        if (rest.substr(0, 2) == "::")
            rest.remove_prefix(2);
        else if (rest.front() == '/')
            rest.remove_prefix(1);
        if (listing)
            list(at);
        else if (!listed(at))
            return kNoNode;
        const std::vector<NodeId> kids = children(at);
        // The longest child name that the rest starts with, ending at a separator.
        NodeId next = kNoNode;
        std::size_t used = 0;
        for (const NodeId c : kids) {
            const std::string name = item(c).name;
            if (name.size() > used && rest.substr(0, name.size()) == name &&
                (rest.size() == name.size() || rest[name.size()] == '/' ||
                 rest.substr(name.size(), 2) == "::")) {
                next = c;
                used = name.size();
            }
        }
        if (next == kNoNode) return kNoNode;
        at = next;
        rest.remove_prefix(used);
    }
    return at;
}

void InstallIndex::scan(const std::function<bool(const NodeView&)>& visit) const {
    const std::lock_guard lock(m_mutex);
    for (NodeId i = 0; i < m_nodes.size(); ++i) {
        const Node& n = m_nodes[i];
        if (!visit({i, n.parent, n.kind, nameOf(n), formatName(n.format), n.size, n.stored})) return;
    }
}

std::size_t InstallIndex::memoryBytes() const {
    const std::lock_guard lock(m_mutex);
    std::size_t bytes = sizeof(*this) + m_nodes.capacity() * sizeof(Node) +
                        m_children.capacity() * sizeof(NodeId) + m_names.capacity() + m_path.capacity();
    for (const auto& [id, text] : m_problems)
        bytes += sizeof(id) + sizeof(text) + text.capacity() + 2 * sizeof(void*);
    return bytes;
}

} // namespace assetscope::install
