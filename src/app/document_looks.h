#pragma once

#include "contract/material_look.h"
#include "materials/material_chain.h"

#include <QObject>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::app {

struct Document;
class GameRoots;

// What an open document says about surfaces' looks (a model's slots, a material's or a shader's
// one look: ParsedFile::materials) and the same looks with their chains followed through the
// window's game roots. Following a chain reads other files, so it runs off the UI thread, once
// per document and set of roots; looksResolved says when it is done.
class DocumentLooks : public QObject {
    Q_OBJECT
public:
    struct Looks {
        std::vector<MaterialLook> own; // as the file says them, their nodes in its tree
        // The same looks in the same order, followed; unset while they are being followed.
        std::optional<std::vector<materials::ResolvedLook>> resolved;
        std::vector<std::string> roots; // the roots they are followed under, in order
    };

    explicit DocumentLooks(GameRoots& roots, QObject* parent = nullptr);

    // The document's looks (nullptr when its file says nothing about looks); starts following
    // their chains the first time.
    const Looks* looksOf(const std::shared_ptr<Document>& document);

signals:
    void looksResolved(const assetscope::app::Document* document);
    // The roots changed: every look is followed again when next asked for.
    void looksReset();

private:
    struct Entry {
        std::weak_ptr<Document> document;
        const Document* key = nullptr;
        Looks looks;
    };
    void follow(const std::shared_ptr<Document>& document, Entry& entry);

    GameRoots& m_roots;
    std::vector<std::unique_ptr<Entry>> m_entries;
    int m_generation = 0; // bumped when the roots change: older results are dropped
};

} // namespace assetscope::app
