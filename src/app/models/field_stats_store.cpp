#include "models/field_stats_store.h"

namespace assetscope::app {

void FieldStatsStore::remember(const QString& folder, const FieldStatsResult& result) {
    if (result.cancelled) return;
    for (const FieldStats& stats : result.fields)
        m_findings[stats.key] = FolderFinding{folder, result.files, stats};
    if (!result.fields.empty()) emit changed();
}

const FolderFinding* FieldStatsStore::find(const std::string& key) const {
    const auto it = m_findings.find(key);
    return it == m_findings.end() ? nullptr : &it->second;
}

} // namespace assetscope::app
