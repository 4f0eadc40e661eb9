#pragma once

namespace assetscope::archive {

// libzip converts each entry's DOS time with mktime, and with TZ unset glibc looks at
// /etc/localtime again on every call: a stat per entry, a tenth of a census's time on small
// files. Naming that same file in TZ (when TZ is unset) makes glibc read it once; local time
// stays what it was. Call once at program start, before any thread starts.
void loadTimeZoneOnce();

} // namespace assetscope::archive
