#include "tree/checked_rules.h"

namespace assetscope {

void CheckedRules::note(std::string_view docKey, bool holds) {
    auto [it, added] = m_rules.emplace(std::string(docKey), holds);
    if (!added) it->second = it->second && holds;
}

bool CheckedRules::check(Recorder& r, bool holds, std::string_view rule, std::string_view docKey,
                         std::string message, NodeId at) {
    note(docKey, holds);
    return r.check(holds, rule, docKey, std::move(message), at);
}

void CheckedRules::record(Recorder& r) const {
    if (!r.tree().recordsNodes() || m_rules.empty()) return;
    auto scope = r.scope("checked_rules");
    for (const auto& [key, holds] : m_rules)
        r.rule(key, holds);
}

} // namespace assetscope
