#pragma once

class QThreadPool;

namespace assetscope::app {

// The pool the window's long reads run on: loading a document, a find, a census, field values,
// exports. It is kept apart from Qt's global pool because Qt's own painting and image conversion
// hand work to that pool and wait for it on the UI thread: a read of a large folder there would
// hold up a paint until it ended.
QThreadPool& backgroundThreads();

} // namespace assetscope::app
