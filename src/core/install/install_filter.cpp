#include "install/install_filter.h"

#include "bytes/ascii_case.h"
#include "find/find_query.h"

#include <algorithm>
#include <charconv>

namespace assetscope::install {

namespace {

bool containsNoCase(std::string_view haystack, std::string_view lowNeedle) {
    if (lowNeedle.size() > haystack.size()) return false;
    for (std::size_t i = 0; i + lowNeedle.size() <= haystack.size(); ++i) {
        std::size_t j = 0;
        while (j < lowNeedle.size() && asciiLower(haystack[i + j]) == lowNeedle[j])
            ++j;
        if (j == lowNeedle.size()) return true;
    }
    return false;
}

// "1M" -> 1048576; nullopt for anything else than digits and one optional K, M or G.
std::optional<std::uint64_t> sizeValue(std::string_view text) {
    std::uint64_t unit = 1;
    if (!text.empty()) {
        switch (asciiLower(text.back())) {
        case 'k':
            unit = std::uint64_t{1} << 10;
            break;
        case 'm':
            unit = std::uint64_t{1} << 20;
            break;
        case 'g':
            unit = std::uint64_t{1} << 30;
            break;
        default:
            break;
        }
        if (unit != 1) text.remove_suffix(1);
    }
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value * unit;
}

} // namespace

std::optional<InstallFilter> InstallFilter::parse(std::string_view text, std::string& error) {
    InstallFilter filter;
    std::size_t from = 0;
    while (from < text.size()) {
        const std::size_t space = std::min(text.find(' ', from), text.size());
        const std::string_view word = text.substr(from, space - from);
        from = space + 1;
        if (word.empty()) continue;
        Word w{Word::Kind::Text, {}, 0};
        if (word.substr(0, 7) == "format:") {
            w = {Word::Kind::Format, asciiLower(word.substr(7)), 0};
        } else if (word.substr(0, 4) == "size" && word.size() > 5 && (word[4] == '>' || word[4] == '<')) {
            const bool orEqual = word[5] == '=';
            const auto value = sizeValue(word.substr(orEqual ? 6 : 5));
            if (!value) {
                error = "cannot read the size in \"" + std::string(word) + "\" (a number, then K, M or G)";
                return std::nullopt;
            }
            // size>N is size>=N+1; size<N is size<=N-1: two kinds are enough.
            if (word[4] == '>')
                w = {Word::Kind::SizeAbove, {}, orEqual ? *value : *value + 1};
            else if (*value == 0 && !orEqual) // nothing is smaller than 0 bytes
                w = {Word::Kind::SizeAbove, {}, UINT64_MAX};
            else
                w = {Word::Kind::SizeBelow, {}, orEqual ? *value : *value - 1};
        } else if (word.find_first_of("*?") != std::string_view::npos) {
            w = {Word::Kind::Glob, std::string(word), 0};
        } else {
            w = {Word::Kind::Text, asciiLower(word), 0};
        }
        filter.m_words.push_back(std::move(w));
    }
    return filter;
}

bool InstallFilter::matches(const InstallIndex::NodeView& node) const {
    const bool file = node.kind == Kind::File || node.kind == Kind::Entry || node.kind == Kind::Archive;
    for (const Word& w : m_words) {
        switch (w.kind) {
        case Word::Kind::Text:
            if (!containsNoCase(node.name, w.text)) return false;
            break;
        case Word::Kind::Glob:
            if (!globMatch(w.text, node.name, true)) return false;
            break;
        case Word::Kind::Format:
            if (!file || asciiLower(node.format) != w.text) return false;
            break;
        case Word::Kind::SizeAbove:
            if (!file || node.size < w.size) return false;
            break;
        case Word::Kind::SizeBelow:
            if (!file || node.size > w.size) return false;
            break;
        }
    }
    return true;
}

std::vector<NodeId> matchingNodes(const InstallIndex& index, const InstallFilter& filter,
                                  const std::atomic<bool>* cancel) {
    std::vector<NodeId> out;
    bool cancelled = false;
    index.scan([&](const InstallIndex::NodeView& node) {
        if ((node.id & 0xFFFF) == 0 && cancel && cancel->load()) {
            cancelled = true;
            return false;
        }
        if (node.id != InstallIndex::root() && filter.matches(node)) out.push_back(node.id);
        return true;
    });
    if (cancelled) out.clear();
    return out;
}

} // namespace assetscope::install
