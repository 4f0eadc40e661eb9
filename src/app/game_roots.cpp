#include "game_roots.h"

#include "resolve/game_root.h"

#include <algorithm>

namespace assetscope::app {

void GameRoots::setRoots(const QStringList& roots) {
    if (roots == m_roots) return;
    m_roots = roots;
    m_resolvers->clear();
    emit rootsChanged(m_roots);
}

void GameRoots::lookAgain() {
    m_resolvers->clear();
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
    return m_resolvers->forRoots(rootsFor(input, first));
}

} // namespace assetscope::app
