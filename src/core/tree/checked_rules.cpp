#include "tree/checked_rules.h"

namespace assetscope {

void CheckedRules::note(std::string_view docKey, bool holds) {
    // Looked up before it is added: a file checks the same few rules many times.
    if (const auto it = m_rules.find(docKey); it != m_rules.end())
        it->second = it->second && holds;
    else
        m_rules.emplace(std::string(docKey), holds);
}

void CheckedRules::record(Recorder& r) const {
    // With nodes off only field statistics (a tap) want the outcomes.
    if ((!r.tree().recordsNodes() && !r.tree().tap()) || m_rules.empty()) return;
    auto scope = r.scope("checked_rules");
    for (const auto& [key, holds] : m_rules)
        r.rule(key, holds);
}

} // namespace assetscope
