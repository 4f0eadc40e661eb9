#include "resolve/resolver_pool.h"

#include "resolve/game_root.h"

namespace assetscope::resolve {

namespace {

// The list as one key: each root's length, a colon, then the root, so that no two lists meet
// (["a", "b"] is "1:a1:b", ["a1:b"] is "4:a1:b").
std::string rootsKey(const std::vector<std::string>& roots) {
    std::string key;
    for (const std::string& root : roots)
        key.append(std::to_string(root.size())).append(1, ':').append(root);
    return key;
}

} // namespace

std::shared_ptr<const GameResolver> ResolverPool::forRoots(std::vector<std::string> roots) {
    const std::string key = rootsKey(roots);
    const std::lock_guard lock(m_mutex);
    if (const auto* kept = m_resolvers.find(key)) return *kept;
    // Making one reads nothing (it looks at the install when first asked): cheap under the lock.
    return m_resolvers.insert(key, std::make_shared<const GameResolver>(std::move(roots)), 1);
}

std::shared_ptr<const GameResolver> ResolverPool::forInput(std::vector<std::string> givenRoots,
                                                           std::string_view input) {
    return forRoots(rootsFor(std::move(givenRoots), input));
}

void ResolverPool::clear() {
    const std::lock_guard lock(m_mutex);
    m_resolvers.clear();
}

std::size_t ResolverPool::size() const {
    const std::lock_guard lock(m_mutex);
    return m_resolvers.size();
}

} // namespace assetscope::resolve
