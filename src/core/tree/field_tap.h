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

    // One occurrence of wanted key `index` at absolute offset `offset` of the tree's bytes.
    virtual void take(std::size_t index, std::uint64_t offset, const Value& value) = 0;
    // Checked between the elements of a long lazy array: true stops the reading early.
    virtual bool stopped() const { return false; }

private:
    std::vector<std::string> m_keys;
};

} // namespace assetscope
