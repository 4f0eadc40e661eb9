#include "jump_history.h"

namespace assetscope::app {

void JumpHistory::push(const Place& place) {
    if (!m_places.empty()) {
        m_places.resize(m_index + 1); // a new way from here: the places ahead are gone
        if (m_places.back() == place) return;
    }
    m_places.push_back(place);
    if (m_places.size() > kLimit) m_places.erase(m_places.begin());
    m_index = m_places.size() - 1;
}

void JumpHistory::recordJump(const Place& from, const Place& to) {
    // The place left is recorded too, unless it is the one shown (the last jump's landing).
    push(from);
    push(to);
}

std::optional<Place> JumpHistory::back() {
    if (!canGoBack()) return std::nullopt;
    return m_places[--m_index];
}

std::optional<Place> JumpHistory::forward() {
    if (!canGoForward()) return std::nullopt;
    return m_places[++m_index];
}

} // namespace assetscope::app
