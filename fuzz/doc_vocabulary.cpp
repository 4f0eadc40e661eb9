#include "doc_vocabulary.h"

#include "docs/doc_table.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <regex>
#include <set>

namespace assetscope::fuzzing {

namespace {

// The width a row's type names ("u16", "i32[]", "u32 = 384"), else its size column; 0 unknown.
unsigned widthOf(const DocField& f) {
    static const std::regex scalar(R"(^[uif](8|16|32|64)\b)");
    std::smatch m;
    if (std::regex_search(f.type, m, scalar)) return static_cast<unsigned>(std::stoul(m[1].str())) / 8;
    if (f.size == "1" || f.size == "2" || f.size == "4" || f.size == "8")
        return static_cast<unsigned>(std::stoul(f.size));
    return 0;
}

unsigned smallestWidth(std::uint64_t value) {
    if (value <= 0xFF) return 1;
    if (value <= 0xFFFF) return 2;
    if (value <= 0xFFFFFFFFull) return 4;
    return 8;
}

std::uint64_t widthMask(unsigned width) {
    return width >= 8 ? ~0ull : (1ull << (8 * width)) - 1;
}

bool mentions(const std::string& text, std::string_view word) {
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return lower.find(word) != std::string::npos;
}

// Rows whose words list tags: a tag field ("What the blob holds (Modl, Mesh, MatI ...)") or a
// rule about tags and versions ("Anim 1.0, CBEX 1.0 ...").
bool listsTags(const DocField& f) {
    return mentions(f.name, "tag") || (f.type == "rule" && mentions(f.name, "version"));
}

// Tags in a list: a capitalised word of two to four letters followed by a comma, a closing
// parenthesis, an ellipsis, "and" or a version number; short tags are space padded as stored.
void addTags(const std::string& text, std::set<std::string>& tags) {
    static const std::regex tag(
        R"((?:^|[\s(,:;])([A-Z][A-Za-z0-9]{1,3})(?=\s*(?:,|\)|;|:|\.\.\.|and\b|\d+\.\d+)))");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), tag); it != std::sregex_iterator(); ++it) {
        std::string t = (*it)[1].str();
        t.resize(4, ' ');
        tags.insert(t);
    }
}

void addVersions(const std::string& text, std::set<std::pair<int, int>>& versions) {
    static const std::regex version(R"(\b(\d{1,3})\.(\d{1,3})\b)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), version); it != std::sregex_iterator();
         ++it) {
        const int major = std::stoi((*it)[1].str());
        const int minor = std::stoi((*it)[2].str());
        if (major < 256 && minor < 256) versions.emplace(major, minor);
    }
}

void addConstant(std::uint64_t value, unsigned width, std::vector<DocConstant>& out) {
    if (width == 0 || (value & ~widthMask(width)) != 0) width = smallestWidth(value);
    const DocConstant c{value, width};
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
}

// Hexadecimal numbers in the notes ("0xc0 for the 208-byte header"), the numbers after "=" in
// the type ("u32 = 384", "u32[2] = 13, 15") and the -1 sentinel of signed fields.
void addConstants(const DocField& f, std::vector<DocConstant>& out) {
    const unsigned width = widthOf(f);
    static const std::regex hex(R"(\b0x([0-9A-Fa-f]{1,16})\b)");
    const std::string text = f.note + " " + f.type;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), hex); it != std::sregex_iterator(); ++it)
        addConstant(std::stoull((*it)[1].str(), nullptr, 16), width, out);
    const auto equals = f.type.find('=');
    if (equals != std::string::npos) {
        static const std::regex number(R"(\b(\d{1,10})\b)");
        const std::string rhs = f.type.substr(equals + 1);
        for (auto it = std::sregex_iterator(rhs.begin(), rhs.end(), number); it != std::sregex_iterator();
             ++it)
            addConstant(std::stoull((*it)[1].str()), width, out);
    }
    if (width > 0 && f.note.find("-1") != std::string::npos) addConstant(widthMask(width), width, out);
}

DocVocabulary build(std::string_view format) {
    std::set<std::string> tags;
    std::set<std::pair<int, int>> versions;
    DocVocabulary v;
    static const std::regex spelled(R"(=\s*([A-Za-z]{4})\b)");
    for (const DocField* f : DocTable::instance().fieldsOf(format)) {
        if (listsTags(*f)) addTags(f->note, tags);
        std::smatch m;
        if (std::regex_search(f->type, m, spelled)) tags.insert(m[1].str());
        if (mentions(f->name, "version") || mentions(f->note, "version")) addVersions(f->note, versions);
        addConstants(*f, v.constants);
    }
    v.tags.assign(tags.begin(), tags.end());
    for (const auto& [major, minor] : versions)
        v.versions.push_back({static_cast<std::uint8_t>(major), static_cast<std::uint8_t>(minor)});
    return v;
}

std::string quoted(const std::string& bytes) {
    static const char* digits = "0123456789abcdef";
    std::string out = "\"";
    for (unsigned char c : bytes) {
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
            out.push_back(static_cast<char>(c));
        } else {
            out += "\\x";
            out.push_back(digits[c >> 4]);
            out.push_back(digits[c & 15]);
        }
    }
    return out + "\"";
}

} // namespace

const DocVocabulary& vocabularyOf(std::string_view format) {
    static std::mutex lock;
    static std::map<std::string, DocVocabulary, std::less<>> cache;
    const std::lock_guard guard(lock);
    auto it = cache.find(format);
    if (it == cache.end()) it = cache.emplace(std::string(format), build(format)).first;
    return it->second;
}

std::string dictionaryText(const std::vector<std::string>& formats) {
    std::set<std::string> entries;
    for (const std::string& format : formats) {
        const DocVocabulary& v = vocabularyOf(format);
        // Tags are read as big-endian text from little-endian words: both byte orders occur.
        for (const std::string& tag : v.tags) {
            entries.insert(tag);
            entries.insert(std::string(tag.rbegin(), tag.rend()));
        }
        for (const DocVersion& version : v.versions)
            entries.insert(std::string{static_cast<char>(version.major), static_cast<char>(version.minor)});
        for (const DocConstant& c : v.constants) {
            std::string bytes;
            for (unsigned i = 0; i < c.width; ++i)
                bytes.push_back(static_cast<char>((c.value >> (8 * i)) & 0xFF));
            entries.insert(bytes);
        }
    }
    std::string out;
    for (const std::string& e : entries)
        out += quoted(e) + "\n";
    return out;
}

} // namespace assetscope::fuzzing
