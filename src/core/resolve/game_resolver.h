#pragma once

#include "resolve/bounded_cache.h"
#include "resolve/name_index.h"

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::resolve {

// What resolving one `Game:\` path found, and where it looked.
struct Resolution {
    std::optional<std::string> found; // an INPUT path: "ROOT/Media/A/b.zip::c.swatchbin"
    // Every candidate looked at, in order, spelled as the path spells it under each root; a
    // candidate whose zip could not be read says why in parentheses.
    std::vector<std::string> tried;
    std::string refused; // set when the path itself is refused (game_path.h): nothing was tried
};

// "Game:\A\b.swatchbin was not found (tried …)", or why it was refused, or that there was no root.
std::string notFoundText(std::string_view gamePath, const Resolution& resolution);

// Caps on what the resolver keeps between calls: names of folder listings and of zip entries.
// Past either, the least recently used listing or zip index is dropped (and read again if asked).
struct ResolverLimits {
    std::size_t maxFolderNames = std::size_t{1} << 18;
    std::size_t maxZipEntryNames = std::size_t{1} << 20;
};

// The one resolver of `Game:\` paths (cli-contract.md, "Materials"). Under each root in order:
// the loose file, then for k from (parts - 1) down to 1 the entry (the remaining parts joined by
// '/') of the zip named by the first k parts + ".zip"; every name compared without ASCII case.
// The first found wins. A model's chain asks many paths under the same folders and zips, so
// folder listings and zip indexes are kept (ResolverLimits); the resolver sees the install as it
// was when it first looked at each folder or zip: make a new one to see changes. Files are read
// only through input/ and archive/; a zip entry named hostilely (archive::isUnsafeEntryName), a
// directory or a symbolic link entry is never an answer. Safe to call from several threads: calls
// take turns.
class GameResolver {
public:
    explicit GameResolver(std::vector<std::string> roots, ResolverLimits limits = {});

    const std::vector<std::string>& roots() const { return m_roots; }
    Resolution resolve(std::string_view gamePath) const;

private:
    struct Listing {
        NameIndex folders;
        NameIndex files;
        std::string error;
    };
    struct ZipIndex {
        NameIndex entries;
        std::string error;
    };

    std::optional<std::string> resolveUnder(const std::string& root, const std::vector<std::string>& parts,
                                            std::vector<std::string>& tried) const;
    const Listing& listing(const std::string& folder) const;
    const ZipIndex& zipIndex(const std::string& zip) const;

    std::vector<std::string> m_roots;
    mutable std::mutex m_mutex;
    mutable BoundedCache<Listing> m_listings;
    mutable BoundedCache<ZipIndex> m_zips;
};

} // namespace assetscope::resolve
