#include "views/value_histogram.h"

#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSet>
#include <QtCharts/QHorizontalBarSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace assetscope::app {

namespace {
// Long values (arrays, names) would take the whole width as axis labels.
QString barLabel(const std::string& value) {
    QString text = QString::fromStdString(value);
    return text.size() > 24 ? text.left(23) + QChar(0x2026) : text;
}
} // namespace

ValueHistogram::ValueHistogram(QWidget* parent) : QChartView(parent) {
    setObjectName(QStringLiteral("valueHistogram"));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(280, 220);
    chart()->legend()->hide();
    chart()->setMargins(QMargins(4, 4, 4, 4));
    chart()->setBackgroundRoundness(0);
    chart()->setBackgroundBrush(palette().base());
    clear();
}

void ValueHistogram::clear() {
    chart()->removeAllSeries();
    for (QAbstractAxis* axis : chart()->axes())
        chart()->removeAxis(axis);
    m_set = nullptr;
    m_categories.clear();
}

QList<qreal> ValueHistogram::heights() const {
    QList<qreal> out;
    if (!m_set) return out;
    // The set holds the bars bottom first (the axis grows upwards): reversed to top first.
    for (int i = m_set->count() - 1; i >= 0; --i)
        out.append(m_set->at(i));
    return out;
}

void ValueHistogram::setStats(const FieldStats& stats) {
    clear();
    QStringList categories;
    QList<qreal> counts;
    for (const FieldValueCount& v : stats.values) {
        categories.append(barLabel(v.value));
        counts.append(static_cast<qreal>(v.count));
    }
    if (stats.other > 0) {
        categories.append(tr("other"));
        counts.append(static_cast<qreal>(stats.other));
    }
    if (categories.isEmpty()) return;
    m_categories = categories;
    // A horizontal series stacks its categories from the bottom: hand them over reversed.
    std::reverse(categories.begin(), categories.end());
    std::reverse(counts.begin(), counts.end());

    m_set = new QBarSet(tr("Occurrences"));
    m_set->append(counts);
    const QColor bar = palette().highlight().color();
    m_set->setColor(bar);
    m_set->setBorderColor(bar.darker(130));
    auto* series = new QHorizontalBarSeries;
    series->append(m_set);
    series->setBarWidth(0.7);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    chart()->addSeries(series);

    auto* valuesAxis = new QBarCategoryAxis;
    valuesAxis->append(categories);
    valuesAxis->setGridLineVisible(false);
    // Short already (barLabel); left to itself the axis elides even those to "…".
    valuesAxis->setTruncateLabels(false);
    chart()->addAxis(valuesAxis, Qt::AlignLeft);
    series->attachAxis(valuesAxis);

    // Counts are whole numbers: ticks at a whole step (1, 2, 5, 10, 20, …) about five apart.
    const qreal most = *std::max_element(counts.begin(), counts.end());
    qreal step = 1;
    for (qreal decade = 1; step * 5 < most; decade *= 10)
        for (qreal f : {1, 2, 5})
            if (step * 5 < most) step = f * decade;
    auto* countAxis = new QValueAxis;
    countAxis->setRange(0, std::ceil(most / step) * step);
    countAxis->setTickType(QValueAxis::TicksDynamic);
    countAxis->setTickAnchor(0);
    countAxis->setTickInterval(step);
    countAxis->setLabelFormat(QStringLiteral("%.0f"));
    countAxis->setTitleText(tr("occurrences"));
    chart()->addAxis(countAxis, Qt::AlignBottom);
    series->attachAxis(countAxis);
}

} // namespace assetscope::app
