#pragma once

#include "resolve/bounded_cache.h"
#include "resolve/game_resolver.h"

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::resolve {

// The resolvers of a program, one per list of roots, shared by everyone resolving under that
// list: a batch export's files, the window's documents, its 3D pane and its exports each read an
// install's folder listings and zip directories once between them. Each resolver sees the install
// as it was when it first looked (GameResolver); clear() forgets them all, so that the next ones
// look again. A resolver handed out stays usable after it is dropped from the pool. Safe to call
// from several threads: two threads asking for the same roots get the same resolver.
class ResolverPool {
public:
    // Lists of roots kept at once, the least recently asked for dropped first. A program resolves
    // under one list per install it has open (and per install combined with given roots), and a
    // few are plenty; each resolver may keep up to ResolverLimits' names, so the pool keeps few.
    static constexpr std::size_t kMaxResolvers = 8;

    ResolverPool() = default;
    ResolverPool(const ResolverPool&) = delete;
    ResolverPool& operator=(const ResolverPool&) = delete;

    // The resolver of `roots`, in that order: the one kept, or a new one kept from now on.
    std::shared_ptr<const GameResolver> forRoots(std::vector<std::string> roots);
    // The resolver of the roots `input` resolves under (rootsFor: `givenRoots`, then its own).
    std::shared_ptr<const GameResolver> forInput(std::vector<std::string> givenRoots, std::string_view input);

    // Forgets every resolver (and what it read of the installs).
    void clear();
    // How many resolvers are kept.
    std::size_t size() const;

private:
    mutable std::mutex m_mutex;
    // Keyed by the roots' list spelled unambiguously (rootsKey); each resolver costs 1.
    BoundedCache<std::shared_ptr<const GameResolver>> m_resolvers{kMaxResolvers};
};

} // namespace assetscope::resolve
