#pragma once

#include <string>
#include <string_view>

// Case in names the tool compares: file endings, format and library words, material names before
// hashing. ASCII only, on purpose: std::tolower follows the process locale (the window sets one
// from the environment), so the same name could compare differently in the window and the CLI.
namespace assetscope {

inline char asciiLower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
inline char asciiUpper(char c) {
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

std::string asciiLower(std::string_view text);
std::string asciiUpper(std::string_view text);
// Equal but for ASCII case.
bool equalsNoCase(std::string_view a, std::string_view b);
// Whether `text` ends with `tail`, ASCII case aside (".PGEO" ends "x.pgeo").
bool endsWithNoCase(std::string_view text, std::string_view tail);

} // namespace assetscope
