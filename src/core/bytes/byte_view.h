#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
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

    // `part` of these bytes, kept alive with them; a copy of `part` when it lies outside them.
    class ByteSlice slice(ByteView part) const;

private:
    std::shared_ptr<const void> m_owner;
    ByteView m_view;
};

inline SharedBytes shareBytes(Bytes bytes) {
    auto owner = std::make_shared<const Bytes>(std::move(bytes));
    return SharedBytes(owner, ByteView(owner->data(), owner->size()));
}

// Bytes read like a ByteView that keep what they view alive: a slice of a parsed file's bytes
// (SharedBytes::slice), so that a typed result holds its blobs' data without copying it at every
// level of nesting, or bytes of their own (a writer's). Copying a slice copies no bytes.
class ByteSlice {
public:
    ByteSlice() = default;
    ByteSlice(Bytes bytes) : ByteSlice(shareBytes(std::move(bytes))) {}
    ByteSlice(std::initializer_list<std::uint8_t> bytes) : ByteSlice(Bytes(bytes)) {}
    explicit ByteSlice(SharedBytes bytes) : m_bytes(std::move(bytes)) {}

    ByteView view() const { return m_bytes ? *m_bytes : ByteView(); }
    operator ByteView() const { return view(); }
    const std::uint8_t* data() const { return view().data(); }
    std::size_t size() const { return view().size(); }
    bool empty() const { return view().empty(); }
    auto begin() const { return view().begin(); }
    auto end() const { return view().end(); }
    std::uint8_t operator[](std::size_t i) const { return view()[i]; }
    Bytes toBytes() const { return Bytes(begin(), end()); }

    friend bool operator==(const ByteSlice& a, const ByteSlice& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }
    friend bool operator==(const ByteSlice& a, const Bytes& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    SharedBytes m_bytes;
};

inline ByteSlice SharedBytes::slice(ByteView part) const {
    if (part.empty()) return {};
    const auto at = reinterpret_cast<std::uintptr_t>(part.data());
    const auto start = reinterpret_cast<std::uintptr_t>(m_view.data());
    const bool inside =
        m_owner && at >= start && part.size() <= m_view.size() && at - start <= m_view.size() - part.size();
    if (inside) return ByteSlice(SharedBytes(m_owner, part));
    return ByteSlice(Bytes(part.begin(), part.end()));
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
