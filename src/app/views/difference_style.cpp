#include "views/difference_style.h"

#include <QCoreApplication>

namespace assetscope::app {

QString differenceLetter(DiffKind kind) {
    switch (kind) {
    case DiffKind::Changed:
        return QStringLiteral("C");
    case DiffKind::Added:
        return QStringLiteral("A");
    case DiffKind::Removed:
        return QStringLiteral("R");
    case DiffKind::Bytes:
        return QStringLiteral("B");
    }
    return {};
}

QColor differenceColor(DiffKind kind) {
    switch (kind) {
    case DiffKind::Changed:
        return QColor(0xD9, 0x8A, 0x1E);
    case DiffKind::Added:
        return QColor(0x2E, 0xA0, 0x4A);
    case DiffKind::Removed:
        return QColor(0xD9, 0x3F, 0x3F);
    case DiffKind::Bytes:
        return QColor(0x8A, 0x5C, 0xD6);
    }
    return {};
}

QColor differenceTint(DiffKind kind) {
    QColor c = differenceColor(kind);
    c.setAlpha(56);
    return c;
}

QString differencesInsideLetter() {
    return QStringLiteral("•");
}

QColor differencesInsideColor() {
    return QColor(0x80, 0x80, 0x80);
}

QString differenceLegendHtml() {
    const auto entry = [](const QString& letter, const QColor& color, const QString& meaning) {
        return QStringLiteral("<b style=\"color:%1\">%2</b>&nbsp;%3").arg(color.name(), letter, meaning);
    };
    const auto tr = [](const char* text) { return QCoreApplication::translate("DifferenceLegend", text); };
    const QString gap = QStringLiteral("&nbsp;&nbsp;&nbsp;");
    return entry(differenceLetter(DiffKind::Changed), differenceColor(DiffKind::Changed), tr("changed")) +
           gap +
           entry(differenceLetter(DiffKind::Added), differenceColor(DiffKind::Added),
                 tr("only in B (added)")) +
           gap +
           entry(differenceLetter(DiffKind::Removed), differenceColor(DiffKind::Removed),
                 tr("only in A (removed)")) +
           gap +
           entry(differenceLetter(DiffKind::Bytes), differenceColor(DiffKind::Bytes),
                 tr("bytes no field covers")) +
           gap + entry(differencesInsideLetter(), differencesInsideColor(), tr("differences inside"));
}

} // namespace assetscope::app
