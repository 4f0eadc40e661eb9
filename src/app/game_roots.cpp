#include "game_roots.h"

#include "resolve/game_root.h"

#include <algorithm>

namespace assetscope::app {

namespace {
// Sets of roots kept at once: one a distinct install opened, and a few are plenty.
constexpr std::size_t kMaxResolvers = 8;
} // namespace

void GameRoots::setRoots(const QStringList& roots) {
    if (roots == m_roots) return;
    m_roots = roots;
    m_resolvers.clear();
    emit rootsChanged(m_roots);
}

void GameRoots::lookAgain() {
    m_resolvers.clear();
    emit rootsChanged(m_roots);
}

std::vector<std::string> GameRoots::rootsFor(const QString& input, const QStringList& first) const {
    std::vector<std::string> given;
    for (const QString& root : first + m_roots)
        if (std::string r = root.toStdString(); std::find(given.begin(), given.end(), r) == given.end())
            given.push_back(std::move(r));
    return resolve::rootsFor(std::move(given), input.toStdString());
}

std::shared_ptr<const resolve::GameResolver> GameRoots::resolverFor(const QString& input,
                                                                    const QStringList& first) {
    std::vector<std::string> roots = rootsFor(input, first);
    if (const auto it = m_resolvers.find(roots); it != m_resolvers.end()) return it->second;
    if (m_resolvers.size() >= kMaxResolvers) m_resolvers.clear();
    auto resolver = std::make_shared<const resolve::GameResolver>(roots);
    m_resolvers.emplace(std::move(roots), resolver);
    return resolver;
}

} // namespace assetscope::app
