#include "archive/time_zone.h"

#include <cstdlib>

namespace assetscope::archive {

void loadTimeZoneOnce() {
    if (!std::getenv("TZ")) ::setenv("TZ", ":/etc/localtime", 0);
}

} // namespace assetscope::archive
