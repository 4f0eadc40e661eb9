#pragma once

#include "tree/structure_tree.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {

// What a find looks for: the kinds of issue 27's find bar and of `find` on the command line.
enum class FindKind : std::uint8_t {
    Names, // nodes whose name, type or value text holds the text (the tree filter's rule)
    Value, // documented fields with a value: a number compared as a number, or a string glob
    Bytes, // a byte pattern in hex, `??` any byte: "62 75 ?? 47"
    Text,  // a text, as ASCII and as UTF-16LE
};
std::string_view findKindName(FindKind kind);

// A find as a person typed it, before it is checked.
struct FindRequest {
    FindKind kind = FindKind::Value;
    std::string text; // the value, pattern or text
    std::string key;  // Value only: a documented field's key (`fields` lists them); empty: any field
    // Value only: strings compared with ASCII case ignored (a reference the documents compare
    // that way, as a .pgeo template name and a model's file name). The command line compares
    // strings exactly.
    bool ignoreCase = false;
};

// One byte pattern: `mask[i]` 0xFF where bytes[i] must match, 0 where any byte does.
struct BytePattern {
    std::vector<std::uint8_t> bytes;
    std::vector<std::uint8_t> mask;
    std::string label; // what a match's value says: the matched bytes' encoding ("utf-16le"), or empty
};

// A checked find, ready to run on any number of files and threads (it is never changed).
struct FindQuery {
    FindKind kind = FindKind::Value;
    std::string text;        // as typed (trimmed)
    std::string key;         // Value: the documented field's key, empty for any field
    bool ignoreCase = false; // Value: strings compared with ASCII case ignored

    // Value: the typed readings of `text`. A number matches numeric fields (an integer exactly, a
    // float as float32 within 1 ulp); the text matches string fields (tags are text), with `*`
    // and `?` globs; a list of numbers (a scale, a cell) when one of its elements is the number.
    std::optional<std::int64_t> signedValue;
    std::optional<std::uint64_t> unsignedValue;
    std::optional<double> floatValue;
    bool integral = false; // the text was written as an integer (decimal or 0x hex)

    // Bytes and Text: the patterns searched for (Text: its ASCII and UTF-16LE bytes).
    std::vector<BytePattern> patterns;

    // Value: whether a field's value is the one asked for.
    bool matchesValue(const Value& value) const;
    // Names: whether a name, type or value text holds the text (ASCII case ignored).
    bool matchesName(std::string_view text) const;
};

// A request checked: the query, or what is wrong with it in words a usage error can print
// ("bytes: 'xz' is not a hex byte").
struct CompiledFind {
    std::optional<FindQuery> query;
    std::string error;
    bool ok() const { return query.has_value(); }
};
CompiledFind compileFind(const FindRequest& request);

// Two floats within `ulps` units in the last place of float32 (what Value finds call equal).
bool withinFloatUlps(double a, double b, std::uint32_t ulps = 1);

// A glob over ASCII text: `*` any run, `?` any one character; everything else literal.
bool globMatch(std::string_view pattern, std::string_view text, bool ignoreCase = false);

} // namespace assetscope
