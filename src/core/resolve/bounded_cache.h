#pragma once

#include <cstddef>
#include <list>
#include <string>
#include <unordered_map>

namespace assetscope::resolve {

// Values by key, the least recently used dropped first once their costs pass `budget`. The newest
// value always stays, whatever its cost, so a lookup never loads the same thing twice in a row.
// Not thread-safe: its owner locks.
template <typename Value> class BoundedCache {
public:
    explicit BoundedCache(std::size_t budget) : m_budget(budget) {}

    // The cached value, now the most recently used; nullptr when not cached.
    const Value* find(const std::string& key) {
        const auto at = m_index.find(key);
        if (at == m_index.end()) return nullptr;
        m_order.splice(m_order.begin(), m_order, at->second);
        return &at->second->value;
    }

    const Value& insert(const std::string& key, Value value, std::size_t cost) {
        if (const auto at = m_index.find(key); at != m_index.end()) {
            m_total -= at->second->cost;
            m_order.erase(at->second);
            m_index.erase(at);
        }
        m_order.push_front(Item{key, std::move(value), cost});
        m_index.emplace(key, m_order.begin());
        m_total += cost;
        while (m_total > m_budget && m_order.size() > 1) {
            m_total -= m_order.back().cost;
            m_index.erase(m_order.back().key);
            m_order.pop_back();
        }
        return m_order.front().value;
    }

    // Drops every value.
    void clear() {
        m_index.clear();
        m_order.clear();
        m_total = 0;
    }

    std::size_t size() const { return m_order.size(); }
    std::size_t totalCost() const { return m_total; }

private:
    struct Item {
        std::string key;
        Value value;
        std::size_t cost = 0;
    };
    std::size_t m_budget;
    std::size_t m_total = 0;
    std::list<Item> m_order; // most recently used first; a list, so values stay put as it reorders
    std::unordered_map<std::string, typename std::list<Item>::iterator> m_index;
};

} // namespace assetscope::resolve
