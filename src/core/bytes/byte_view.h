#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;
// Immutable bytes shared by a parsed file, its lazy arrays and the views on it. The owner keeps
// the memory alive: a Bytes vector, or a buffer that a file was read into without zero-filling
// it first (see readFileBytes). Reads go through the view, like a pointer to the bytes.
class SharedBytes {
public:
    SharedBytes() = default;
    SharedBytes(std::nullptr_t) {}
    SharedBytes(std::shared_ptr<const void> owner, ByteView view) : m_owner(std::move(owner)), m_view(view) {}

    const ByteView* operator->() const { return &m_view; }
    const ByteView& operator*() const { return m_view; }
    explicit operator bool() const { return m_owner != nullptr; }
    friend bool operator==(const SharedBytes& a, std::nullptr_t) { return !a; }

private:
    std::shared_ptr<const void> m_owner;
    ByteView m_view;
};

inline SharedBytes shareBytes(Bytes bytes) {
    auto owner = std::make_shared<const Bytes>(std::move(bytes));
    return SharedBytes(owner, ByteView(owner->data(), owner->size()));
}

// The four bytes of a tag as it reads: the u32 0x4d6f646c ("Modl") is stored as the bytes "ldoM".
std::string tagText(std::uint32_t tag);
// The tag that reads as `text`, padded with spaces to four characters ("Id" is "Id  "); constexpr,
// so that lists of documented tags are numbers at compile time.
constexpr std::uint32_t tagFromText(std::string_view text) {
    std::uint32_t tag = 0;
    for (std::size_t i = 0; i < 4; ++i)
        tag = (tag << 8) | static_cast<std::uint8_t>(i < text.size() ? text[i] : ' ');
    return tag;
}

} // namespace assetscope
