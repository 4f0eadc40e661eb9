#pragma once

#include "census/field_stats.h"

#include <QtCharts/QChartView>

class QBarSet;

namespace assetscope::app {

// The histogram of one field's values across a folder: a horizontal bar per value, most
// frequent at the top so it reads down like the table beside it, the rest as one "other" bar.
class ValueHistogram : public QChartView {
    Q_OBJECT
public:
    explicit ValueHistogram(QWidget* parent = nullptr);
    void setStats(const FieldStats& stats);
    void clear();

    // The bars as drawn, for tests: category (value text) and height (occurrences), top first.
    QStringList categories() const { return m_categories; }
    QList<qreal> heights() const;
    QBarSet* barSet() const { return m_set; }

private:
    QBarSet* m_set = nullptr;
    QStringList m_categories; // top first
};

} // namespace assetscope::app
