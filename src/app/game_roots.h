#pragma once

#include "resolve/resolver_pool.h"

#include <QObject>
#include <QStringList>

#include <memory>
#include <string>
#include <vector>

namespace assetscope::app {

// The window's game roots: the folders `Game:\` paths resolve under (each the folder holding an
// install's `media`), chosen in File ▸ Game Roots… and remembered by the window as the 3D pane's
// model places are. Every resolution the window does goes through resolverFor, in the contract's
// order (resolve::rootsFor): these roots, then the root found from the input. Its resolvers (one
// per set of roots, each keeping the folder listings and zip indexes it read) are shared by the
// whole window: its documents' looks, the 3D pane's and its exports; setting the roots, or
// lookAgain, drops them so that changed installs are seen.
class GameRoots : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    const QStringList& roots() const { return m_roots; }
    void setRoots(const QStringList& roots);
    // Forgets what the resolvers saw of the installs (rootsChanged is emitted).
    void lookAgain();

    // The roots a path named by `input` resolves under, in order: `first` (an install in front),
    // these roots, then the input's own.
    std::vector<std::string> rootsFor(const QString& input, const QStringList& first = {}) const;
    // The shared resolver for those roots. Safe to use from any thread once handed out.
    std::shared_ptr<const resolve::GameResolver> resolverFor(const QString& input,
                                                             const QStringList& first = {});
    // The window's resolvers, for work off the UI thread (which may outlive the window).
    std::shared_ptr<resolve::ResolverPool> resolvers() const { return m_resolvers; }

signals:
    void rootsChanged(const QStringList& roots);

private:
    QStringList m_roots;
    std::shared_ptr<resolve::ResolverPool> m_resolvers = std::make_shared<resolve::ResolverPool>();
};

} // namespace assetscope::app
