#include "find/find_query.h"

#include "bytes/ascii_case.h"
#include "census/field_stats.h"
#include "docs/doc_table.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace assetscope {

std::string_view findKindName(FindKind kind) {
    switch (kind) {
    case FindKind::Names:
        return "names";
    case FindKind::Value:
        return "value";
    case FindKind::Bytes:
        return "bytes";
    case FindKind::Text:
        return "text";
    }
    return "value";
}

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// 'text', built by appending: GCC 12 warns (-Wrestrict, wrongly) on "'" + std::string(...).
std::string quoted(std::string_view text) {
    std::string out = "'";
    out.append(text);
    out += '\'';
    return out;
}

// "62 75 ?? 47", "6275??47": pairs of hex digits or "??", spaces between pairs allowed.
std::string parseBytes(std::string_view text, BytePattern& out) {
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ' ' || text[i] == '\t' || text[i] == ',') {
            ++i;
            continue;
        }
        if (i + 1 >= text.size() || text[i + 1] == ' ' || text[i + 1] == '\t')
            return quoted(text.substr(i, 1)).append(" is half a byte: write bytes as two hex digits");
        const char a = text[i], b = text[i + 1];
        if (a == '?' && b == '?') {
            out.bytes.push_back(0);
            out.mask.push_back(0);
        } else if (hexDigit(a) >= 0 && hexDigit(b) >= 0) {
            out.bytes.push_back(static_cast<std::uint8_t>(hexDigit(a) * 16 + hexDigit(b)));
            out.mask.push_back(0xFF);
        } else {
            return quoted(text.substr(i, 2)).append(" is not a hex byte or ??");
        }
        i += 2;
    }
    if (out.bytes.empty()) return "no bytes given";
    bool fixed = false;
    for (std::uint8_t m : out.mask)
        fixed = fixed || m != 0;
    if (!fixed) return "every byte is ??: give at least one byte to look for";
    return {};
}

BytePattern literal(const std::vector<std::uint8_t>& bytes, std::string label) {
    BytePattern p;
    p.bytes = bytes;
    p.mask.assign(bytes.size(), 0xFF);
    p.label = std::move(label);
    return p;
}

std::string compileText(std::string_view text, FindQuery& q) {
    if (text.empty()) return "no text given";
    std::vector<std::uint8_t> ascii, utf16;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x80) return "only ASCII text can be searched (UTF-16LE is searched from it)";
        ascii.push_back(u);
        utf16.push_back(u);
        utf16.push_back(0);
    }
    q.patterns.push_back(literal(ascii, "ascii"));
    q.patterns.push_back(literal(utf16, "utf-16le"));
    return {};
}

// The numeric readings of a value: decimal or 0x hex integers (a leading '-' allowed), floats.
void readNumber(std::string_view text, FindQuery& q) {
    bool negative = false;
    std::string_view digits = text;
    if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) {
        negative = digits.front() == '-';
        digits.remove_prefix(1);
    }
    const bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
    if (hex) digits.remove_prefix(2);
    std::uint64_t magnitude = 0;
    const auto [end, ec] =
        std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, hex ? 16 : 10);
    if (!digits.empty() && ec == std::errc() && end == digits.data() + digits.size()) {
        q.integral = true;
        if (!negative) q.unsignedValue = magnitude;
        if (!negative && magnitude <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            q.signedValue = static_cast<std::int64_t>(magnitude);
        if (negative && magnitude <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + 1)
            q.signedValue = static_cast<std::int64_t>(0 - magnitude);
        q.floatValue = negative ? -static_cast<double>(magnitude) : static_cast<double>(magnitude);
        return;
    }
    if (hex) return;
    double d = 0;
    const auto [fend, fec] = std::from_chars(text.data(), text.data() + text.size(), d);
    if (!text.empty() && fec == std::errc() && fend == text.data() + text.size()) q.floatValue = d;
}

std::string compileValue(const FindRequest& request, std::string_view text, FindQuery& q) {
    if (!request.key.empty() && !DocTable::instance().find(request.key)) {
        std::string names;
        for (const std::string& near : closestKeys(request.key))
            names += (names.empty() ? "" : ", ") + near;
        return "unknown field key '" + request.key + "' (closest: " + names + "; `fields` lists them all)";
    }
    if (text.empty()) return "no value given";
    q.key = request.key;
    q.ignoreCase = request.ignoreCase;
    readNumber(text, q);
    return {};
}

// Ordered integers of float32 bit patterns: neighbours differ by one, across zero too.
std::int64_t orderedBits(float f) {
    const auto bits = static_cast<std::int64_t>(std::bit_cast<std::uint32_t>(f));
    return bits & 0x80000000 ? 0x80000000 - bits : bits;
}

} // namespace

bool withinFloatUlps(double a, double b, std::uint32_t ulps) {
    const auto fa = static_cast<float>(a), fb = static_cast<float>(b);
    if (std::isnan(fa) || std::isnan(fb)) return false;
    if (fa == fb) return true;
    const std::int64_t d = orderedBits(fa) - orderedBits(fb);
    return (d < 0 ? -d : d) <= static_cast<std::int64_t>(ulps);
}

bool globMatch(std::string_view pattern, std::string_view text, bool ignoreCase) {
    const auto same = [ignoreCase](char a, char b) {
        return a == b || (ignoreCase && asciiLower(a) == asciiLower(b));
    };
    // Iterative with one backtrack point: a '*' retried one character further on each miss.
    std::size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || same(pattern[p], text[t]))) {
            ++p;
            ++t;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

bool FindQuery::matchesValue(const Value& value) const {
    if (const auto* s = std::get_if<std::string>(&value)) return globMatch(text, *s, ignoreCase);
    // An integer field equals an integer exactly, or a float written with a point (2.0) that is it.
    if (const auto* u = std::get_if<std::uint64_t>(&value))
        return integral ? unsignedValue && *unsignedValue == *u
                        : floatValue && *floatValue == static_cast<double>(*u);
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return integral ? signedValue && *signedValue == *i
                        : floatValue && *floatValue == static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&value)) return floatValue && withinFloatUlps(*floatValue, *d);
    if (const auto* b = std::get_if<bool>(&value)) return text == (*b ? "true" : "false");
    // A list (a scale, a cell) holds the number when one of its elements is it.
    if (const auto* list = std::get_if<std::vector<double>>(&value)) {
        if (!floatValue) return false;
        for (double d : *list)
            if (integral ? d == *floatValue : withinFloatUlps(*floatValue, d)) return true;
    }
    return false;
}

bool FindQuery::matchesName(std::string_view candidate) const {
    if (text.empty()) return false;
    if (candidate.size() < text.size()) return false;
    for (std::size_t at = 0; at + text.size() <= candidate.size(); ++at)
        if (equalsNoCase(candidate.substr(at, text.size()), text)) return true;
    return false;
}

CompiledFind compileFind(const FindRequest& request) {
    FindQuery q;
    q.kind = request.kind;
    const std::string_view text = trimmed(request.text);
    q.text = std::string(text);
    std::string error;
    switch (request.kind) {
    case FindKind::Names:
        if (text.empty()) error = "no name given";
        break;
    case FindKind::Value:
        error = compileValue(request, text, q);
        break;
    case FindKind::Bytes: {
        BytePattern p;
        error = parseBytes(text, p);
        q.patterns.push_back(std::move(p));
        break;
    }
    case FindKind::Text:
        // Text is taken as typed: leading and trailing spaces can be what is looked for.
        q.text = request.text;
        error = compileText(request.text, q);
        break;
    }
    CompiledFind out;
    if (error.empty())
        out.query = std::move(q);
    else if (error.starts_with("unknown field key"))
        out.error = error; // says itself what it is about
    else
        out.error = std::string(findKindName(request.kind)) + ": " + error;
    return out;
}

} // namespace assetscope
