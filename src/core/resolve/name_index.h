#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace assetscope::resolve {

// Names looked up without ASCII case, as a real install needs: its folders say "Media" where the
// paths say "media". Where several names differ only in case (a case-sensitive disk or zip can
// hold both), the one spelled as asked wins, else the first in byte order, so the answer never
// depends on the order a listing came in.
class NameIndex {
public:
    void add(std::string name);
    std::optional<std::string> find(std::string_view name) const;
    std::size_t size() const { return m_count; }

private:
    std::unordered_map<std::string, std::vector<std::string>> m_byLowerCase;
    std::size_t m_count = 0;
};

} // namespace assetscope::resolve
