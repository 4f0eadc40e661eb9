#include "materials/where_used.h"

#include "bytes/ascii_case.h"
#include "census/census.h"
#include "census/parallel_walk.h"
#include "docs/doc_table.h"
#include "input/input_path.h"
#include "open/open_input.h"
#include "resolve/game_resolver.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iterator>
#include <mutex>
#include <tuple>
#include <unordered_map>

namespace assetscope::materials {

namespace {

using Kind = MaterialLook::Kind;

// The documented fields a look's own link is read into: a slot's MATI path, a material's MATL
// strings (the link is one of them).
constexpr std::string_view kLinkKeys[] = {"modelbin/mati/material_path", "materialbin/matl/path",
                                          "materialbin/matl/path_v1_1", "materialbin/matl/path_v1_2"};
constexpr std::string_view kTexturePathKey = "materialbin/parameter/texture_path";

// An INPUT as one spelling: its file made absolute and free of "." and ".." (and of symbolic
// links, where it exists); the archive levels as they are. Two spellings of one file compare equal.
std::string identityOf(std::string_view input) {
    InputPath path = InputPath::parse(input);
    std::error_code error;
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(path.file, error);
    if (!error) path.file = canonical.lexically_normal().string();
    return path.text();
}

// The last part of a Game:\ path ('\\' and '/' both separate).
std::string_view lastPart(std::string_view gamePath) {
    while (!gamePath.empty() && (gamePath.back() == '\\' || gamePath.back() == '/'))
        gamePath.remove_suffix(1);
    const std::size_t at = gamePath.find_last_of("\\/");
    return at == std::string_view::npos ? gamePath : gamePath.substr(at + 1);
}

// Whether `bytes` hold `name` anywhere, ASCII case aside: a file whose bytes do not hold the
// target's name stores no path that can resolve to it (paths are stored as their text).
bool holdsNoCase(ByteView bytes, std::string_view name) {
    if (name.empty()) return true;
    const auto* begin = reinterpret_cast<const char*>(bytes.data());
    const auto* end = begin + bytes.size();
    const std::boyer_moore_horspool_searcher searcher(
        name.begin(), name.end(), [](char c) { return std::hash<char>{}(asciiLower(c)); },
        [](char a, char b) { return asciiLower(a) == asciiLower(b); });
    return std::search(begin, end, searcher) != end;
}

// What resolving a path gives, compared with the target: one resolver and one answer per path
// text for the whole walk, shared by the workers.
class TargetMatcher {
public:
    TargetMatcher(const std::string& target, const std::vector<std::string>& roots)
        : m_identity(identityOf(target)), m_name(InputPath::parse(target).lastName()), m_resolver(roots) {}

    const std::string& name() const { return m_name; }

    bool resolvesToTarget(const std::string& gamePath) {
        if (!equalsNoCase(lastPart(gamePath), m_name)) return false;
        {
            const std::lock_guard lock(m_mutex);
            if (const auto known = m_answers.find(gamePath); known != m_answers.end()) return known->second;
        }
        const resolve::Resolution found = m_resolver.resolve(gamePath);
        const bool same = found.found && identityOf(*found.found) == m_identity;
        const std::lock_guard lock(m_mutex);
        m_answers.emplace(gamePath, same);
        return same;
    }

private:
    const std::string m_identity;
    const std::string m_name;
    const resolve::GameResolver m_resolver;
    std::mutex m_mutex;
    std::unordered_map<std::string, bool> m_answers;
};

// A use found with nodes off: the look and parameter it is, by their places.
struct Found {
    std::size_t look = 0;
    std::optional<std::size_t> parameter;
};

bool hasKey(const Node& n, std::string_view key) {
    return n.doc && n.doc->key == key;
}

// The node under `from` (itself included; lazy arrays left unbuilt) of one of `keys` whose text
// is `text`, first in the tree's order.
NodeId findPathNode(const StructureTree& tree, NodeId from, const std::string_view* keys,
                    std::size_t keyCount, const std::string& text) {
    if (from == kNoNode || from >= tree.nodeCount()) return kNoNode;
    std::vector<NodeId> stack{from};
    while (!stack.empty()) {
        const NodeId id = stack.back();
        stack.pop_back();
        const Node& n = tree.node(id);
        if (std::any_of(keys, keys + keyCount, [&](std::string_view k) { return hasKey(n, k); })) {
            const auto* value = std::get_if<std::string>(&n.value);
            if (value && *value == text) return id;
        }
        for (auto it = n.children.rbegin(); it != n.children.rend(); ++it)
            stack.push_back(*it);
    }
    return kNoNode;
}

MaterialUse useOf(const std::string& input, const MaterialLook& look, const Found& found) {
    MaterialUse use;
    use.input = input;
    use.kind = look.kind;
    use.slot = look.slot;
    use.look = look.name;
    if (found.parameter) {
        const MaterialParameter& p = look.parameters[*found.parameter];
        use.parameter = p.hash;
        use.path = p.path;
    } else {
        use.path = look.derivesFrom;
    }
    return use;
}

// The use's field in the file read with nodes on: the path's own node, else the look's or the
// parameter record's.
void place(MaterialUse& use, const StructureTree& tree, const MaterialLook& look, const Found& found) {
    NodeId node = kNoNode;
    if (found.parameter) {
        const NodeId record = look.parameters[*found.parameter].node;
        node = findPathNode(tree, record, &kTexturePathKey, 1, use.path);
        if (node == kNoNode) node = record;
    } else {
        node = findPathNode(tree, look.node, kLinkKeys, std::size(kLinkKeys), use.path);
        if (node == kNoNode) node = look.node;
    }
    if (node == kNoNode || node >= tree.nodeCount()) return;
    const Node& n = tree.node(node);
    use.node = node;
    use.offset = n.offset;
    use.size = n.size;
    if (n.doc) use.key = n.doc->key;
}

struct WorkerUses {
    struct Kept {
        std::uint64_t serial;
        std::size_t order; // the use's place in its file
        MaterialUse use;
    };
    std::vector<Kept> kept;
    std::vector<std::pair<std::uint64_t, std::string>> skipped;
    std::uint64_t files = 0;
    std::uint64_t total = 0;
};

void sortKept(std::vector<WorkerUses::Kept>& kept) {
    std::sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
        return std::tie(a.serial, a.order) < std::tie(b.serial, b.order);
    });
}

struct WalkState {
    const WhereUsedOptions& options;
    TargetMatcher& matcher;
    std::vector<WorkerUses> workers;
};

void lookAt(WalkState& state, const InputTask& task, std::uint64_t serial, std::size_t worker) {
    const WhereUsedOptions& options = state.options;
    WorkerUses& mine = state.workers[worker];
    if (!namesGamePaths(InputPath::parse(task.input).lastName())) return;
    ++mine.files;
    const LoadedInput loaded = task.load();
    if (!loaded.ok()) {
        mine.skipped.emplace_back(serial, task.input + ": " + loaded.error);
        return;
    }
    if (options.progress && loaded.bytes)
        options.progress->bytes.fetch_add(loaded.bytes->size(), std::memory_order_relaxed);
    if (!loaded.bytes || !holdsNoCase(ByteView(*loaded.bytes), state.matcher.name())) return;

    ParseSettings quick;
    quick.recordNodes = false;
    const OpenedInput opened = openLoaded(task.input, loaded, quick, options.limits);
    if (!opened.ok()) {
        mine.skipped.emplace_back(serial, task.input + ": " + opened.error);
        return;
    }
    const std::vector<MaterialLook> looks = opened.parsed->materials();
    std::vector<Found> found;
    for (std::size_t l = 0; l < looks.size(); ++l) {
        const MaterialLook& look = looks[l];
        if (!look.derivesFrom.empty() && state.matcher.resolvesToTarget(look.derivesFrom))
            found.push_back({l, std::nullopt});
        for (std::size_t p = 0; p < look.parameters.size(); ++p) {
            const MaterialParameter& parameter = look.parameters[p];
            if (parameter.type == ParameterType::Texture && !parameter.path.empty() &&
                state.matcher.resolvesToTarget(parameter.path))
                found.push_back({l, p});
        }
    }
    if (found.empty()) return;
    mine.total += found.size();

    // Read again with nodes on, for the fields' nodes: the same bytes give the same looks.
    const OpenedInput withNodes = openLoaded(task.input, loaded, ParseSettings{}, options.limits);
    std::vector<MaterialLook> placedLooks;
    if (withNodes.ok()) placedLooks = withNodes.parsed->materials();
    const bool placeable = placedLooks.size() == looks.size();
    for (std::size_t i = 0; i < found.size(); ++i) {
        MaterialUse use = useOf(task.input, looks[found[i].look], found[i]);
        if (placeable &&
            (!found[i].parameter || *found[i].parameter < placedLooks[found[i].look].parameters.size()))
            place(use, withNodes.parsed->tree(), placedLooks[found[i].look], found[i]);
        mine.kept.push_back({serial, i, std::move(use)});
    }
    if (mine.kept.size() > 2 * options.maxUses) {
        sortKept(mine.kept);
        mine.kept.resize(options.maxUses);
    }
}

// The roots as folders to walk: each once, and none inside another.
std::vector<std::string> walkedRoots(const std::vector<std::string>& roots) {
    std::vector<std::pair<std::string, std::string>> byIdentity; // identity, as given
    for (const std::string& root : roots) {
        const std::string identity = identityOf(root);
        if (std::none_of(byIdentity.begin(), byIdentity.end(),
                         [&](const auto& r) { return r.first == identity; }))
            byIdentity.emplace_back(identity, root);
    }
    const auto inside = [](const std::string& path, const std::string& folder) {
        if (folder == "/") return path != "/";
        return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
               path[folder.size()] == '/';
    };
    std::vector<std::string> walked;
    for (const auto& candidate : byIdentity)
        if (std::none_of(byIdentity.begin(), byIdentity.end(),
                         [&](const auto& other) { return inside(candidate.first, other.first); }))
            walked.push_back(candidate.second);
    return walked;
}

} // namespace

bool namesGamePaths(std::string_view fileName) {
    return endsWithNoCase(fileName, ".modelbin") || endsWithNoCase(fileName, ".materialbin") ||
           endsWithNoCase(fileName, ".shaderbin");
}

WhereUsedResult whereUsed(const std::string& target, const std::vector<std::string>& roots,
                          const WhereUsedOptions& options) {
    WhereUsedResult result;
    try {
        result.roots = walkedRoots(roots);
        if (result.roots.empty()) {
            result.error = "no root to look under: " + target +
                           " is not inside an install (no folder named media above it) and no root was given";
            return result;
        }
        if (InputPath::parse(target).lastName().empty()) {
            result.error = "no file named: '" + target + "'";
            return result;
        }
        TargetMatcher matcher(target, roots);
        const std::size_t jobs = options.jobs > 1 ? static_cast<std::size_t>(options.jobs) : 1;
        WalkState state{options, matcher, std::vector<WorkerUses>(jobs)};
        result.cancelled = !walkInParallel(
            result.roots, {options.jobs, options.limits, options.progress, options.cancel},
            [&](const InputTask& task, std::uint64_t serial, std::size_t worker) {
                try {
                    lookAt(state, task, serial, worker);
                } catch (const std::exception& e) {
                    state.workers[worker].skipped.emplace_back(serial, task.input + ": " + e.what());
                }
            });
        std::vector<WorkerUses::Kept> all;
        std::vector<std::pair<std::uint64_t, std::string>> skipped;
        for (WorkerUses& w : state.workers) {
            result.files += w.files;
            result.total += w.total;
            std::move(w.kept.begin(), w.kept.end(), std::back_inserter(all));
            std::move(w.skipped.begin(), w.skipped.end(), std::back_inserter(skipped));
        }
        sortKept(all);
        if (all.size() > options.maxUses) all.resize(options.maxUses);
        for (auto& k : all)
            result.uses.push_back(std::move(k.use));
        std::sort(skipped.begin(), skipped.end());
        for (auto& s : skipped)
            result.skipped.push_back(std::move(s.second));
    } catch (const std::exception& e) {
        result.error = std::string("where-used stopped: ") + e.what();
    }
    return result;
}

} // namespace assetscope::materials
