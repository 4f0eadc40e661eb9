#pragma once

#include "bytes/byte_view.h"

#include <QTableWidget>

namespace assetscope::app {

// What the bytes at the hex cursor read as (core's decode::inspectBytes), one reading a row.
class DataInspector : public QTableWidget {
    Q_OBJECT
public:
    explicit DataInspector(QWidget* parent = nullptr);
    void showBytes(SharedBytes bytes, std::uint64_t offset);
    QString valueOf(const QString& label) const; // for tests
};

} // namespace assetscope::app
