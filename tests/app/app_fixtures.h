#pragma once

#include "document.h"
#include "formats/grub/bundle.h"
#include "tree/structure_tree.h"

#include <QColor>
#include <QString>

#include <memory>
#include <string>

namespace assetscope::app {
class MainWindow;
}

namespace assetscope::apptest {

using app::Document;

// A small bundle written by core's writer: a named blob with Id metadata, a nested bundle, and
// a larger raw blob.
grub::Bundle sampleBundle();
Bytes sampleBundleBytes();

// A tree over `count` 8-byte records (two u32 fields, `a` = index, `b` = index × 3) after a
// 16-byte header (one u32 `count` field, then 12 bytes nothing records), recorded as one lazy array.
struct LazyFixture {
    std::shared_ptr<Document> document;
    NodeId array = kNoNode;
    NodeId header = kNoNode;
    NodeId countField = kNoNode;
};
LazyFixture lazyDocument(std::uint64_t count);

// Writes the sample set into `dir` (an install: its models' looks resolve under it); false with
// the reason in `error` on failure.
bool writeSampleSet(const QString& dir, std::string& error);

// Shows the window at the screenshots' size (1500 × 950), remembering nothing of it, and opens
// `input` in it; false when the window was not shown or the load did not end.
bool showAndOpen(app::MainWindow& window, const QString& input);

// Waits (up to `ms`) until the window has finished every load it started; false on a timeout.
bool waitLoads(app::MainWindow& window, int ms = 60000);

// Whether two pixels differ by more than 30 over their red, green and blue together.
bool differs(const QColor& a, const QColor& b);

// Writes bytes to `path`; false on failure.
bool writeFile(const QString& path, const Bytes& bytes);

} // namespace assetscope::apptest
