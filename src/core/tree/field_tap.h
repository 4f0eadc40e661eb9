#pragma once

#include "tree/structure_tree.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace assetscope {

// A sink for a few documented fields while nodes are off: the recorder hands it each value
// whose key is one of `keys`, so a batch reading can gather those fields without building a
// tree. Set through ParseSettings::tap; a tree without one costs the recorder a pointer test.
class FieldTap {
public:
    explicit FieldTap(std::vector<std::string> keys) : m_keys(std::move(keys)) {
        for (std::size_t i = 0; i < m_keys.size(); ++i) {
            m_lengths |= lengthBit(m_keys[i].size());
            if (m_keys.size() > kListedKeys) m_index.emplace(m_keys[i], i);
        }
    }
    virtual ~FieldTap() = default;
    FieldTap(const FieldTap&) = delete;
    FieldTap& operator=(const FieldTap&) = delete;

    static constexpr std::size_t kNotWanted = static_cast<std::size_t>(-1);
    // The index of `key` among the wanted keys, or kNotWanted. Only keys with slashes name rows.
    // Asked for every field read while the tap is set, so the common answer (not wanted) comes
    // from the key's length alone, and a long list of keys (a find in any field) is hashed.
    std::size_t find(std::string_view key) const {
        if (!(m_lengths & lengthBit(key.size()))) [[likely]]
            return kNotWanted;
        return findByName(key);
    }
    const std::vector<std::string>& keys() const { return m_keys; }

    // One occurrence of wanted key `index` at absolute offset `offset` of the tree's bytes
    // (what the recorder calls): taken, or only noted while probing.
    void offer(std::size_t index, std::uint64_t offset, const Value& value) {
        if (m_probing)
            m_probeHit = true;
        else
            take(index, offset, value);
    }
    // Runs `read` with what it offers noted, not taken: whether any wanted field occurs in it
    // (a lazy array's element 0, before all elements are read). Probes may nest.
    template <typename Read> bool probe(Read&& read) {
        const bool outerProbing = m_probing, outerHit = m_probeHit;
        m_probing = true;
        m_probeHit = false;
        read();
        const bool hit = m_probeHit;
        m_probing = outerProbing;
        m_probeHit = outerHit || hit;
        return hit;
    }
    // Checked between the elements of a long lazy array: true stops the reading early.
    virtual bool stopped() const { return false; }

protected:
    virtual void take(std::size_t index, std::uint64_t offset, const Value& value) = 0;

private:
    // Out of line, so that find() itself is small enough to be inlined where every field is read.
    [[gnu::noinline]] std::size_t findByName(std::string_view key) const {
        if (m_keys.size() > kListedKeys) {
            const auto it = m_index.find(key);
            return it == m_index.end() ? kNotWanted : it->second;
        }
        for (std::size_t i = 0; i < m_keys.size(); ++i)
            if (m_keys[i] == key) return i;
        return kNotWanted;
    }
    // Bit n: some key is n bytes long (bit 63: 63 bytes or more).
    static std::uint64_t lengthBit(std::size_t length) {
        return std::uint64_t{1} << std::min<std::size_t>(length, 63);
    }
    struct KeyHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view key) const { return std::hash<std::string_view>{}(key); }
    };
    static constexpr std::size_t kListedKeys = 8; // up to this many are compared one by one

    std::vector<std::string> m_keys;
    std::uint64_t m_lengths = 0;
    std::unordered_map<std::string, std::size_t, KeyHash, std::equal_to<>> m_index; // over kListedKeys

    bool m_probing = false;
    bool m_probeHit = false;
};

} // namespace assetscope
