#include "views/confidence_style.h"

#include <QHBoxLayout>
#include <QHash>
#include <QLabel>
#include <QPainter>
#include <QPixmap>

namespace assetscope::app {

QColor confidenceColor(Confidence c) {
    switch (c) {
    case Confidence::Proven:
        return QColor(0x2E, 0xA0, 0x4F);
    case Confidence::Observed:
        return QColor(0x3B, 0x82, 0xD6);
    case Confidence::Inferred:
        return QColor(0xD9, 0x9A, 0x1E);
    case Confidence::Unknown:
        return QColor(0x8C, 0x8C, 0x8C);
    case Confidence::Sourced:
        return QColor(0x9B, 0x5C, 0xD0);
    case Confidence::Derived:
        return QColor(0x1F, 0xA8, 0xB0);
    case Confidence::None:
        break;
    }
    return {};
}

QIcon confidenceMark(Confidence c) {
    static QHash<int, QIcon> cache;
    auto it = cache.find(static_cast<int>(c));
    if (it != cache.end()) return *it;
    QPixmap pixmap(32, 32);
    pixmap.fill(Qt::transparent);
    {
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(confidenceColor(c).darker(130), 2));
        p.setBrush(confidenceColor(c));
        p.drawEllipse(QRectF(5, 5, 22, 22));
    }
    QIcon icon(pixmap);
    cache.insert(static_cast<int>(c), icon);
    return icon;
}

QWidget* makeConfidenceLegend(QWidget* parent) {
    auto* legend = new QWidget(parent);
    legend->setObjectName(QStringLiteral("confidenceLegend"));
    auto* layout = new QHBoxLayout(legend);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(4);
    static const std::pair<Confidence, const char*> levels[] = {
        {Confidence::Proven, "holds on every file of the census"},
        {Confidence::Observed, "seen in the data, not proven"},
        {Confidence::Inferred, "reasoned from other facts"},
        {Confidence::Unknown, "meaning not known"},
        {Confidence::Sourced, "from public readers"},
        {Confidence::Derived, "computed by the tool"},
    };
    for (const auto& [level, meaning] : levels) {
        auto* mark = new QLabel(legend);
        mark->setPixmap(confidenceMark(level).pixmap(12, 12));
        auto* name = new QLabel(QString::fromUtf8(confidenceName(level)), legend);
        name->setToolTip(QString::fromUtf8(meaning));
        mark->setToolTip(name->toolTip());
        layout->addWidget(mark);
        layout->addWidget(name);
        layout->addSpacing(6);
    }
    return legend;
}

QColor errorColor() {
    return QColor(0xD9, 0x3F, 0x3F);
}
QColor warningColor() {
    return QColor(0xD9, 0x8A, 0x1E);
}

} // namespace assetscope::app
