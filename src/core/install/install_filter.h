#pragma once

#include "install/install_index.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::install {

// A filter over an install's nodes, every word of it to hold: a text found in the name (without
// case), a glob over the whole name (`*`, `?`), `format:NAME` (the format the name hints at),
// `size>N`, `size<N`, `size>=N`, `size<=N` (N in bytes, or with K, M or G: 1024-based). A folder
// matches only by its name.
class InstallFilter {
public:
    // nullopt and `error` when a word cannot be read ("size>big").
    static std::optional<InstallFilter> parse(std::string_view text, std::string& error);

    bool empty() const { return m_words.empty(); }
    bool matches(const InstallIndex::NodeView& node) const;

private:
    struct Word {
        enum class Kind { Text, Glob, Format, SizeAbove, SizeBelow } kind;
        std::string text; // lower case for Text and Format
        std::uint64_t size = 0;
    };
    std::vector<Word> m_words;
};

// The nodes listed so far that match, in id order (a parent before its children). Empty when
// `cancel` became true.
std::vector<NodeId> matchingNodes(const InstallIndex& index, const InstallFilter& filter,
                                  const std::atomic<bool>* cancel = nullptr);

} // namespace assetscope::install
