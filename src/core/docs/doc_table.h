#pragma once

#include "docs/confidence.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace assetscope {

// One field row of a format document (../shared/docs/formats), as data. The key is
// "<format>/<structure>/<name>", name being the field's name in lower snake case.
// Where a row's statement stands in the documents: a row of a document's field table, a sentence
// of its prose (the rules, the grammar, a field a table's notes or a paragraph spell out), or
// public-reader-notes.md (Sourced).
enum class DocOrigin : std::uint8_t { Table, Prose, PublicReaders };
// "table", "prose" or "public readers", as the JSON rows spell it; nullopt for anything else.
std::optional<DocOrigin> docOriginFromName(std::string_view name);

struct DocField {
    std::string key;
    std::string format;
    std::string structure;
    std::string name;                    // lower snake case, also the node name
    std::string field;                   // the document's own words for the field
    std::string offsetText;              // as the document gives it: "0x8", "next", "+4", "per bone"
    std::optional<std::uint64_t> offset; // when offsetText is a fixed offset within the structure
    std::string size;
    std::string type;
    Confidence confidence = Confidence::None;
    std::string note;
    DocOrigin origin = DocOrigin::Table;
};

// The documented-field table, compiled in from resources/docs/fields/*.json, with the rows a
// format registered from outside core brings itself (addRows).
class DocTable {
public:
    static const DocTable& instance();
    // Adds rows (JSON text, as in resources/docs/fields) to instance(); a key it already has is
    // kept as it is. Call before any input is opened, as addFormatHandler, which calls it: the
    // table is read from several threads without a lock. Rows already handed out stay where
    // they are.
    static void addRows(std::string_view json, std::string* error = nullptr);

    const DocField* find(std::string_view key) const;
    const std::deque<DocField>& fields() const { return m_fields; }
    std::vector<const DocField*> fieldsOf(std::string_view format) const;

    // Builds a table from JSON text (an array of rows); errors name the row.
    static DocTable fromJson(std::string_view json, std::string* error = nullptr);

private:
    static DocTable& mutableInstance();
    void merge(DocTable&& part);

    std::deque<DocField> m_fields; // a deque: trees point at rows, and addRows must not move them
    // Looked up by string_view (every recorded field and checked statement asks), without
    // building a std::string per lookup.
    struct KeyHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view key) const { return std::hash<std::string_view>{}(key); }
    };
    std::unordered_map<std::string, std::size_t, KeyHash, std::equal_to<>> m_index;
};

std::string snakeCase(std::string_view words);

} // namespace assetscope
