#include "app_fixtures.h"

#include "contract/file_tree.h"
#include "formats/grub/bundle_writer.h"
#include "main_window.h"
#include "samples/sample_set.h"
#include "tree/recorder.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

namespace assetscope::apptest {

namespace {

grub::Blob blob(std::string_view tag, std::uint8_t major, std::uint8_t minor, Bytes data,
                std::vector<grub::Metadata> metadata = {}) {
    grub::Blob b;
    b.tag = tagFromText(tag);
    b.versionMajor = major;
    b.versionMinor = minor;
    b.data = std::move(data);
    b.dataSizeAgain = static_cast<std::uint32_t>(b.data.size());
    b.metadata = std::move(metadata);
    return b;
}

Bytes pattern(std::size_t n, std::uint8_t seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(seed + i * 5);
    return b;
}

// A parsed-file stand-in for a hand-built tree (no format handler needed).
class TreeOnlyFile : public ParsedFile {
public:
    using ParsedFile::ParsedFile;
    std::string_view format() const override { return "test"; }
    std::vector<InfoLine> info() const override { return {{"records", "lazy"}}; }
    void count(CensusCounts&) const override {}
    std::optional<Bytes> writeBack() const override { return std::nullopt; }
};

} // namespace

grub::Bundle sampleBundle() {
    grub::Bundle inner;
    inner.blobs.push_back(blob("TXCB", 2, 0, pattern(37, 1), {grub::nameMetadata("inner_texture")}));
    grub::Bundle b;
    b.blobs.push_back(
        blob("MATL", 1, 2, pattern(24, 3), {grub::nameMetadata("brick_wall"), grub::idMetadata(7)}));
    b.blobs.push_back(grub::nestedBlob(tagFromText("Bndl"), 1, 0, inner));
    b.blobs.push_back(blob("MTUD", 1, 0, pattern(300, 9)));
    return b;
}

Bytes sampleBundleBytes() {
    return grub::writeBundle(sampleBundle());
}

LazyFixture lazyDocument(std::uint64_t count) {
    Bytes bytes(16 + count * 8);
    const auto put = [&](std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            bytes[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
    };
    put(0, static_cast<std::uint32_t>(count));
    for (std::uint64_t i = 0; i < count; ++i) {
        put(16 + i * 8, static_cast<std::uint32_t>(i));
        put(16 + i * 8 + 4, static_cast<std::uint32_t>(i * 3));
    }
    auto shared = shareBytes(std::move(bytes));
    ParseSettings settings;
    settings.fileName = "records.bin";
    StructureTree tree = makeFileTree(shared, settings);
    LazyFixture f;
    {
        Recorder r(tree, *shared, 0, tree.root());
        {
            auto header = r.scope("header");
            f.header = header.id();
            r.u32("count");
            f.countField = r.last();
        }
        r.seek(16);
        f.array = r.array("records", count, 8, "record", [](Recorder& e, std::uint64_t) {
            e.u32("a");
            e.u32("b");
        });
    }
    tree.setSize(f.header, 4);
    auto doc = std::make_shared<Document>();
    doc->input = QStringLiteral("records.bin");
    doc->displayName = doc->input;
    doc->bytes = shared;
    doc->parsed = std::make_unique<TreeOnlyFile>(std::move(tree));
    doc->unaccounted = unaccountedRanges(doc->parsed->tree());
    f.document = doc;
    return f;
}

bool writeFile(const QString& path, const Bytes& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) &&
           f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size())) ==
               static_cast<qint64>(bytes.size());
}

bool waitLoads(app::MainWindow& window, int ms) {
    if (window.pendingLoads() == 0) return true;
    QSignalSpy finished(&window, &app::MainWindow::loadsFinished);
    return finished.wait(ms);
}

bool writeSampleSet(const QString& dir, std::string& error) {
    std::vector<std::string> written;
    return samples::writeSampleSet(dir.toStdString(), written, error);
}

bool showAndOpen(app::MainWindow& window, const QString& input) {
    window.setPersistent(false);
    window.resize(1500, 950);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) return false;
    window.openInput(input);
    return waitLoads(window);
}

bool differs(const QColor& a, const QColor& b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) > 30;
}

} // namespace assetscope::apptest
