#pragma once

#include "docs/confidence.h"

#include <QColor>
#include <QIcon>

class QWidget;

namespace assetscope::app {

// One hue per confidence level, mid-luminance so the marks read on light and dark palettes.
QColor confidenceColor(Confidence c);
// A small filled circle in the level's colour (cached).
QIcon confidenceMark(Confidence c);
// A row of marks with the level names and what each means, for the status bar.
QWidget* makeConfidenceLegend(QWidget* parent);
// Red for errors, amber for warnings: readable on both palettes.
QColor errorColor();
QColor warningColor();

} // namespace assetscope::app
