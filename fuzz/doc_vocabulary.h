#pragma once

// The values a format's documents name: its tags, its versions, its constants and sentinels,
// read from the documented-field table (resources/docs/fields/*.json). They feed the fuzz
// dictionaries (fuzz_dict) and the structure-aware mutator, so a value the documents add
// reaches the fuzzer without an edit here.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::fuzzing {

// A number the documents give a field, with the field's width in bytes (1, 2, 4 or 8).
struct DocConstant {
    std::uint64_t value = 0;
    unsigned width = 4;
    bool operator==(const DocConstant&) const = default;
};

struct DocVersion {
    std::uint8_t major = 0;
    std::uint8_t minor = 0;
    bool operator==(const DocVersion&) const = default;
};

struct DocVocabulary {
    std::vector<std::string> tags;    // as read: "Modl", "Id  " (two-letter tags space padded)
    std::vector<DocVersion> versions; // sorted
    std::vector<DocConstant> constants;
};

// What the rows of the documented-field table of `format` name. Cached; never empty of rows
// for a format the table knows.
const DocVocabulary& vocabularyOf(std::string_view format);

// The dictionary entries (libFuzzer's -dict format: one quoted, \x-escaped string a line) for
// the vocabularies of `formats`, without duplicates.
std::string dictionaryText(const std::vector<std::string>& formats);

} // namespace assetscope::fuzzing
