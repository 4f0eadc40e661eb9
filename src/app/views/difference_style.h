#pragma once

#include "compare/tree_diff.h"

#include <QColor>
#include <QString>

namespace assetscope::app {

// How the comparison view marks a difference: one letter and one hue per kind, the hue
// mid-luminance so letters read on light and dark palettes, and a translucent tint of it for
// the rows (over the view's own base colour).
QString differenceLetter(DiffKind kind);
QColor differenceColor(DiffKind kind);
QColor differenceTint(DiffKind kind);
// The mark of a row that holds differences below it (or bytes no field covers).
QString differencesInsideLetter();
QColor differencesInsideColor();
// The legend as rich text: each letter in its colour with what it means.
QString differenceLegendHtml();

} // namespace assetscope::app
