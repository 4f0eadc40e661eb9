#pragma once

#include "census/field_stats.h"

#include <QObject>
#include <QString>

#include <map>
#include <string>

namespace assetscope::app {

// The last finished "Values across a folder" run of each field in this session, so the docs
// pane can set what a folder showed beside what the document states.
struct FolderFinding {
    QString folder;
    std::uint64_t filesRead = 0;
    FieldStats stats;
};

class FieldStatsStore : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    // Keeps each field of a finished run (a cancelled one says nothing about the folder).
    void remember(const QString& folder, const FieldStatsResult& result);
    const FolderFinding* find(const std::string& key) const;

signals:
    void changed();

private:
    std::map<std::string, FolderFinding, std::less<>> m_findings;
};

} // namespace assetscope::app
