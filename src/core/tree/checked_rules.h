#pragma once

#include "tree/recorder.h"

#include <map>
#include <string>
#include <string_view>

namespace assetscope {

// The rules-table statements a parser checked and whether each held, listed at the end as a
// "checked_rules" container of rule nodes: the docs pane shows each statement through its node.
class CheckedRules {
public:
    // Notes a rule's outcome; once broken it stays broken.
    void note(std::string_view docKey, bool holds);
    // Recorder::check, noting the rule too.
    template <TextSource T>
    bool check(Recorder& r, bool holds, std::string_view rule, std::string_view docKey, T&& message,
               NodeId at = kNoNode) {
        note(docKey, holds);
        return r.check(holds, rule, docKey, std::forward<T>(message), at);
    }
    // The "checked_rules" container under the recorder's current container (nothing while nodes are off).
    void record(Recorder& r) const;

private:
    std::map<std::string, bool, std::less<>> m_rules;
};

} // namespace assetscope
