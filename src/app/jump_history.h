#pragma once

#include "tree/structure_tree.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace assetscope::app {

// A place a jump left or reached: the selected node and the hex cursor.
struct Place {
    NodeId node = kNoNode;
    std::uint64_t cursor = 0;
    friend bool operator==(const Place&, const Place&) = default;
};

// One tab's way back and forward through its jumps, as a web browser keeps its pages: a jump
// records where it left from and where it landed; back and forward walk the list; a jump made
// after going back drops the places ahead. Only jumps are recorded (go to offset, a diagnostic,
// a 3D pick, a bookmark, a find result), not every click in the tree.
class JumpHistory {
public:
    void recordJump(const Place& from, const Place& to);
    bool canGoBack() const { return m_index > 0; }
    bool canGoForward() const { return m_index + 1 < m_places.size(); }
    // The place to show, or nullopt at either end.
    std::optional<Place> back();
    std::optional<Place> forward();
    const std::vector<Place>& places() const { return m_places; }
    std::size_t index() const { return m_index; }

    // Bounded: a session of jumps keeps its last kLimit places.
    static constexpr std::size_t kLimit = 500;

private:
    void push(const Place& place);

    std::vector<Place> m_places;
    std::size_t m_index = 0; // the place shown, when m_places is not empty
};

} // namespace assetscope::app
