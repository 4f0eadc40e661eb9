#pragma once

#include "tree/structure_tree.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {

// A sink for a few documented fields while nodes are off: the recorder hands it each value
// whose key is one of `keys`, so a batch reading can gather those fields without building a
// tree. Set through ParseSettings::tap; a tree without one costs the recorder a pointer test.
class FieldTap {
public:
    explicit FieldTap(std::vector<std::string> keys) : m_keys(std::move(keys)) {}
    virtual ~FieldTap() = default;
    FieldTap(const FieldTap&) = delete;
    FieldTap& operator=(const FieldTap&) = delete;

    static constexpr std::size_t kNotWanted = static_cast<std::size_t>(-1);
    // The index of `key` among the wanted keys, or kNotWanted. Only keys with slashes name rows.
    std::size_t find(std::string_view key) const {
        for (std::size_t i = 0; i < m_keys.size(); ++i)
            if (m_keys[i] == key) return i;
        return kNotWanted;
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
    std::vector<std::string> m_keys;
    bool m_probing = false;
    bool m_probeHit = false;
};

} // namespace assetscope
