#include "background_threads.h"

#include <QThreadPool>

namespace assetscope::app {

QThreadPool& backgroundThreads() {
    static QThreadPool pool; // one thread a core, Qt's default
    return pool;
}

} // namespace assetscope::app
