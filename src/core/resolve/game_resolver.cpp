#include "resolve/game_resolver.h"

#include "archive/zip_listing.h"
#include "input/folder_listing.h"
#include "resolve/game_path.h"

namespace assetscope::resolve {

namespace {

// A root of "." (an input given relative to the current folder) adds nothing to the path, so that
// answers read like the input did.
std::string joinPath(const std::string& folder, std::string_view name) {
    if (folder.empty() || folder == ".") return std::string(name);
    std::string path = folder;
    if (path.back() != '/') path += '/';
    return path.append(name);
}

// parts[from, to) joined by '/'.
std::string joinParts(const std::vector<std::string>& parts, std::size_t from, std::size_t to) {
    std::string text;
    for (std::size_t i = from; i < to; ++i) {
        if (i > from) text += '/';
        text += parts[i];
    }
    return text;
}

} // namespace

std::string notFoundText(std::string_view gamePath, const Resolution& r) {
    std::string text(gamePath);
    if (!r.refused.empty()) return text + " was refused: " + r.refused;
    if (r.tried.empty()) return text + " was not found: no root to look under (give --root DIR)";
    text += " was not found (tried ";
    for (std::size_t i = 0; i < r.tried.size(); ++i)
        text.append(i ? ", " : "").append(r.tried[i]);
    return text + ")";
}

GameResolver::GameResolver(std::vector<std::string> roots, ResolverLimits limits)
    : m_roots(std::move(roots)), m_listings(limits.maxFolderNames), m_zips(limits.maxZipEntryNames) {}

Resolution GameResolver::resolve(std::string_view gamePath) const {
    Resolution r;
    const std::optional<std::vector<std::string>> parts = gamePathParts(gamePath, r.refused);
    if (!parts) return r;
    const std::lock_guard lock(m_mutex);
    for (const std::string& root : m_roots)
        if ((r.found = resolveUnder(root, *parts, r.tried))) break;
    return r;
}

std::optional<std::string> GameResolver::resolveUnder(const std::string& root,
                                                      const std::vector<std::string>& parts,
                                                      std::vector<std::string>& tried) const {
    const std::size_t n = parts.size();
    // folders[i]: the folder that parts[0, i) name, as the disk spells it; as far as they exist.
    std::vector<std::string> folders{root};
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const std::optional<std::string> name = listing(folders.back()).folders.find(parts[i]);
        if (!name) break;
        folders.push_back(joinPath(folders.back(), *name));
    }

    std::string loose = joinPath(root, joinParts(parts, 0, n));
    if (const Listing& top = listing(root); !top.error.empty()) loose += " (" + top.error + ")";
    tried.push_back(std::move(loose));
    if (folders.size() == n)
        if (const auto file = listing(folders[n - 1]).files.find(parts[n - 1]))
            return joinPath(folders[n - 1], *file);

    // The longest folder prefix first: its zip is the nearest to the file.
    for (std::size_t k = n - 1; k >= 1; --k) {
        std::string candidate = joinPath(root, joinParts(parts, 0, k)) + ".zip::" + joinParts(parts, k, n);
        // The zip parts[k - 1].zip sits in the folder parts[0, k - 1] name: folders[k - 1].
        const std::optional<std::string> zipName =
            folders.size() >= k ? listing(folders[k - 1]).files.find(parts[k - 1] + ".zip") : std::nullopt;
        if (!zipName) {
            tried.push_back(std::move(candidate));
            continue;
        }
        const std::string zipPath = joinPath(folders[k - 1], *zipName);
        const ZipIndex& zip = zipIndex(zipPath);
        if (!zip.error.empty()) {
            tried.push_back(candidate + " (" + zipPath + ": " + zip.error + ")");
            continue;
        }
        tried.push_back(std::move(candidate));
        if (const auto entry = zip.entries.find(joinParts(parts, k, n))) return zipPath + "::" + *entry;
    }
    return std::nullopt;
}

const GameResolver::Listing& GameResolver::listing(const std::string& folder) const {
    if (const Listing* cached = m_listings.find(folder)) return *cached;
    Listing listing;
    if (const auto items = input::listFolder(folder, listing.error))
        for (const input::FolderItem& item : *items) {
            if (item.folder) listing.folders.add(item.name);
            if (item.file) listing.files.add(item.name);
        }
    const std::size_t cost = 1 + listing.folders.size() + listing.files.size();
    return m_listings.insert(folder, std::move(listing), cost);
}

const GameResolver::ZipIndex& GameResolver::zipIndex(const std::string& zip) const {
    if (const ZipIndex* cached = m_zips.find(zip)) return *cached;
    ZipIndex index;
    // Only the central directory is read here, as names (ZipListing: the entries and refusals
    // ZipArchive gives, without opening the zip through libzip); the entry itself is read by
    // whoever loads the answer.
    archive::ZipListing listing;
    if (listing.readFile(zip, index.error)) {
        for (const archive::ListedEntry& entry : listing.entries())
            if (!entry.directory && !entry.symlink && !entry.unsafeName)
                index.entries.add(std::string(listing.name(entry)));
    } else if (index.error.empty()) {
        index.error = "not a readable zip";
    }
    const std::size_t cost = 1 + index.entries.size();
    return m_zips.insert(zip, std::move(index), cost);
}

} // namespace assetscope::resolve
