#pragma once

#include <QString>

#include <cstdint>

namespace assetscope::app {

// "0x1A2B": offsets, sizes and tags as the panes show them.
inline QString hexNumber(std::uint64_t v) {
    return QStringLiteral("0x") + QString::number(v, 16).toUpper();
}

} // namespace assetscope::app
