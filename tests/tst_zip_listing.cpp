// ZipListing (archive/zip_listing): a zip's central directory read without libzip when it is plain,
// handed to libzip when it is not. The listing of a plain zip is checked against its bytes, built
// here field by field; every other case (and every corruption and truncation of a small zip) must
// give what ZipArchive (libzip) gives: the same entries, or the same message.
#include "archive/zip_archive.h"
#include "archive/zip_listing.h"

#include "archive_fixtures.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QTest>

using namespace assetscope;
using namespace assetscope::archive;
using namespace assetscope::test;

namespace {

void put16(Bytes& out, std::uint32_t v) {
    out.push_back(static_cast<std::uint8_t>(v));
    out.push_back(static_cast<std::uint8_t>(v >> 8));
}

void put32(Bytes& out, std::uint32_t v) {
    put16(out, v & 0xFFFF);
    put16(out, v >> 16);
}

void append(Bytes& out, std::string_view text) {
    out.insert(out.end(), text.begin(), text.end());
}

// One entry as a zip tool would store it (its data stored as is, the CRC left 0: listing reads
// neither).
struct Record {
    std::string name;
    std::string data;
    std::uint16_t flags = 0;
    std::uint16_t method = 0;
    std::uint16_t madeBy = 20; // 2.0, MS-DOS
    std::uint32_t attributes = 0;
    std::string extra;
    std::string comment;
    bool zip64Sizes = false; // both sizes 0xFFFFFFFF in the central record

    explicit Record(std::string n, std::string d = {}) : name(std::move(n)), data(std::move(d)) {}
    Record& setFlags(std::uint16_t v) {
        flags = v;
        return *this;
    }
    Record& setMethod(std::uint16_t v) {
        method = v;
        return *this;
    }
    Record& setMadeBy(std::uint16_t v) {
        madeBy = v;
        return *this;
    }
    Record& setAttributes(std::uint32_t v) {
        attributes = v;
        return *this;
    }
    Record& setExtra(std::string v) {
        extra = std::move(v);
        return *this;
    }
    Record& setComment(std::string v) {
        comment = std::move(v);
        return *this;
    }
    Record& setZip64Sizes(bool v) {
        zip64Sizes = v;
        return *this;
    }
};

// Local headers with the data, the central directory, the end record (APPNOTE 4.3.7, 4.3.12,
// 4.3.16). `count` overrides the end record's entry counts.
Bytes buildZip(const std::vector<Record>& records, std::string_view comment = {}, int count = -1) {
    Bytes out;
    std::vector<std::uint32_t> offsets;
    for (const Record& r : records) {
        offsets.push_back(static_cast<std::uint32_t>(out.size()));
        put32(out, 0x04034b50);
        put16(out, 20);
        put16(out, r.flags);
        put16(out, r.method);
        put16(out, 0);    // time
        put16(out, 0x21); // date: 1980-01-01
        put32(out, 0);    // CRC
        put32(out, static_cast<std::uint32_t>(r.data.size()));
        put32(out, static_cast<std::uint32_t>(r.data.size()));
        put16(out, static_cast<std::uint32_t>(r.name.size()));
        put16(out, 0);
        append(out, r.name);
        append(out, r.data);
    }
    const auto directory = static_cast<std::uint32_t>(out.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        const Record& r = records[i];
        put32(out, 0x02014b50);
        put16(out, r.madeBy);
        put16(out, 20);
        put16(out, r.flags);
        put16(out, r.method);
        put16(out, 0);
        put16(out, 0x21);
        put32(out, 0);
        const auto size = r.zip64Sizes ? 0xFFFFFFFFu : static_cast<std::uint32_t>(r.data.size());
        put32(out, size);
        put32(out, size);
        put16(out, static_cast<std::uint32_t>(r.name.size()));
        put16(out, static_cast<std::uint32_t>(r.extra.size()));
        put16(out, static_cast<std::uint32_t>(r.comment.size()));
        put16(out, 0); // disk
        put16(out, 0); // internal attributes
        put32(out, r.attributes);
        put32(out, offsets[i]);
        append(out, r.name);
        append(out, r.extra);
        append(out, r.comment);
    }
    const auto directorySize = static_cast<std::uint32_t>(out.size() - directory);
    const auto entries =
        static_cast<std::uint32_t>(count < 0 ? records.size() : static_cast<std::size_t>(count));
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, entries);
    put16(out, entries);
    put32(out, directorySize);
    put32(out, directory);
    put16(out, static_cast<std::uint32_t>(comment.size()));
    append(out, comment);
    return out;
}

// CRC-32 (the zip one: reflected, polynomial 0xEDB88320), a bit at a time.
std::uint32_t crc32Of(std::string_view text) {
    std::uint32_t c = 0xFFFFFFFFu;
    for (const char ch : text) {
        c ^= static_cast<std::uint8_t>(ch);
        for (int k = 0; k < 8; ++k)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

// An Info-ZIP Unicode path field: version 1, the CRC-32 of the stored name, the UTF-8 name.
std::string unicodePath(std::uint32_t crc, std::string_view utf8) {
    Bytes b;
    b.push_back(1);
    put32(b, crc);
    return std::string(b.begin(), b.end()) + std::string(utf8);
}

// An extra field: its id, its length, its data.
std::string field(std::uint16_t id, std::string_view data) {
    Bytes b;
    put16(b, id);
    put16(b, static_cast<std::uint32_t>(data.size()));
    return std::string(b.begin(), b.end()) + std::string(data);
}

// What differs between the listing of `bytes` and ZipArchive's; empty when nothing does.
std::string differences(const ZipListing& listing, bool listed, const std::string& listingError,
                        const ZipArchive* zip, const std::string& zipError) {
    if (!zip || !listed) {
        if (!zip && !listed && zipError == listingError) return {};
        return "libzip: " + (zip ? std::string("listed") : zipError) +
               "; listing: " + (listed ? std::string("listed") : listingError);
    }
    if (listing.size() != zip->entries().size())
        return "counts " + std::to_string(listing.size()) + " and " + std::to_string(zip->entries().size());
    for (std::size_t i = 0; i < listing.size(); ++i) {
        const ListedEntry& a = listing.entries()[i];
        const ZipEntry& b = zip->entries()[i];
        if (listing.name(a) != b.name || a.size != b.size || a.compressedSize != b.compressedSize ||
            a.directory != b.directory || a.symlink != b.symlink || a.unsafeName != b.unsafeName)
            return "entry " + std::to_string(i) + " (" + b.name + ")";
    }
    return {};
}

struct Compared {
    std::string differences; // empty: the same answer from memory and from a file as from libzip
    bool byLibzip = false;
    bool listed = false;
};

Compared compare(const Bytes& bytes, const std::string& file) {
    Compared c;
    std::string zipError, listingError;
    const auto zip = ZipArchive::open(shareBytes(bytes), zipError);
    ZipListing listing;
    c.listed = listing.read(shareBytes(bytes), listingError);
    c.byLibzip = listing.readByLibzip();
    c.differences = differences(listing, c.listed, listingError, zip.get(), zipError);
    if (!c.differences.empty()) return c;
    // From a file: the same entries, and the same message as ZipArchive::openFile's.
    writeFile(file, bytes);
    std::string fileError, listingFileError;
    const auto fromFile = ZipArchive::openFile(file, fileError);
    ZipListing fileListing;
    const bool fileListed = fileListing.readFile(file, listingFileError);
    c.differences = differences(fileListing, fileListed, listingFileError, fromFile.get(), fileError);
    if (c.differences.empty() && fileListing.readByLibzip() != c.byLibzip)
        c.differences = "read by libzip from memory but not from the file, or the other way";
    if (!c.differences.empty()) c.differences = "from the file: " + c.differences;
    return c;
}

} // namespace

class TestZipListing : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string file() const { return m_dir.path().toStdString() + "/a.zip"; }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Each field read from where the bytes put it, without libzip.
    void plainDirectoryReadHere() {
        const Bytes zip =
            buildZip({Record("hello.txt", "hello"), Record("dir/"),
                      Record("dir/link", "../x").setMadeBy(0x031E).setAttributes(0120777u << 16),
                      Record("dir/dos", "ab").setMadeBy(0x001E).setAttributes(0120777u << 16),
                      Record("../up.pb", "u").setExtra(field(0xCAFE, "abc")).setComment("c"),
                      Record("a\\..\\b", "123").setFlags(1 << 11)},
                     "archive comment");
        for (const bool fromFile : {false, true}) {
            ZipListing listing;
            std::string error;
            if (fromFile) writeFile(file(), zip);
            QVERIFY2(fromFile ? listing.readFile(file(), error) : listing.read(shareBytes(zip), error),
                     error.c_str());
            QVERIFY(!listing.readByLibzip());
            const auto& e = listing.entries();
            QCOMPARE(e.size(), std::size_t{6});
            QCOMPARE(listing.name(e[0]), std::string_view("hello.txt"));
            QCOMPARE(e[0].size, std::uint64_t{5});
            QCOMPARE(e[0].compressedSize, std::uint64_t{5});
            QVERIFY(!e[0].directory && !e[0].symlink && !e[0].unsafeName);
            QCOMPARE(listing.name(e[1]), std::string_view("dir/"));
            QVERIFY(e[1].directory);
            QCOMPARE(e[1].size, std::uint64_t{0});
            QVERIFY(e[2].symlink);  // made on Unix (3), mode 0120777
            QVERIFY(!e[3].symlink); // the same mode from MS-DOS (0) means nothing
            QCOMPARE(listing.name(e[4]), std::string_view("../up.pb"));
            QVERIFY(e[4].unsafeName);
            QCOMPARE(listing.name(e[5]), std::string_view("a\\..\\b"));
            QVERIFY(e[5].unsafeName);
            QCOMPARE(e[5].size, std::uint64_t{3});
            QCOMPARE(listing.names(), std::string_view("hello.txtdir/dir/linkdir/dos../up.pba\\..\\b"));
        }
        const Compared c = compare(zip, file());
        QVERIFY2(c.differences.empty(), c.differences.c_str());
    }

    // What this reader leaves to libzip, and what libzip makes of it: names it converts or takes
    // from elsewhere, Zip64 sizes, several end record signatures, fields that do not add up.
    void whatIsNotPlainIsLibzips_data() {
        QTest::addColumn<QByteArray>("zip");
        QTest::addColumn<bool>("listed");
        const auto row = [](const char* name, const Bytes& b, bool listed) {
            QTest::newRow(name) << QByteArray(reinterpret_cast<const char*>(b.data()),
                                              static_cast<int>(b.size()))
                                << listed;
        };
        row("a CP437 name", buildZip({Record("caf\x82.pb", "1")}), true);
        row("a control character", buildZip({Record(std::string("a\x01") + "b", "1")}), true);
        row("a UTF-8 name, flagged", buildZip({Record("caf\xC3\xA9", "1").setFlags(1 << 11)}), true);
        row("bad UTF-8, flagged", buildZip({Record("b\xFF\xFE", "1").setFlags(1 << 11)}), false);
        row("bad UTF-8 comment, flagged", buildZip({Record("a", "1").setFlags(1 << 11).setComment("\xFF")}),
            false);
        row("an empty name", buildZip({Record("", "1"), Record("b", "2")}), true);
        const std::string legacy = "uni/XXXX.pb", utf8 = "uni/\xC3\xBC"
                                                         "ber.pb";
        row("a Unicode path field",
            buildZip({Record(legacy, "1").setExtra(field(0x7075, unicodePath(crc32Of(legacy), utf8)))}),
            true);
        // Not the CRC of the stored name: libzip keeps that name.
        row("a Unicode path field, wrong CRC",
            buildZip({Record(legacy, "1").setExtra(field(0x7075, unicodePath(12345, utf8)))}), true);
        std::string zip64;
        {
            Bytes sizes;
            put32(sizes, 4);
            put32(sizes, 0);
            put32(sizes, 4);
            put32(sizes, 0);
            zip64 = field(0x0001, std::string(sizes.begin(), sizes.end()));
        }
        row("Zip64 sizes", buildZip({Record("h/x.pb", "abcd").setExtra(zip64).setZip64Sizes(true)}), true);
        row("Zip64 sizes, no field", buildZip({Record("h/x.pb", "abcd").setZip64Sizes(true)}), false);
        row("an extra field cut short", buildZip({Record("a", "1").setExtra("\x01\x02\x03")}), false);
        row("two zero bytes after the fields", buildZip({Record("a", "1").setExtra(std::string(2, '\0'))}),
            true);
        row("WinZip AES, no field", buildZip({Record("a", "1").setMethod(99)}), false);
        // A second signature with room for a record after it: libzip tries both.
        row("the end signature in the comment",
            buildZip({Record("a", "1")}, "xxPK\x05\x06" + std::string(20, 'y')), true);
        Bytes longComment = buildZip({Record("a", "1")}, "comment");
        longComment.resize(longComment.size() - 3); // the comment is longer than what is left
        row("a comment running past the end", longComment, false);
        row("no entries", buildZip({}), true);
        row("more entries counted than written", buildZip({Record("a", "1")}, {}, 2), false);
        row("fewer entries counted than written", buildZip({Record("a", "1"), Record("b", "2")}, {}, 1),
            false);
        Bytes prefixed = bytesOf("MZ self-extractor ");
        const Bytes inner = writeZip({{"p/q.pb", bytesOf("1")}});
        prefixed.insert(prefixed.end(), inner.begin(), inner.end());
        row("data before the zip", prefixed, false); // its offsets count from the file's start
        row("too short", bytesOf("PK\x05\x06"), false);
    }
    void whatIsNotPlainIsLibzips() {
        QFETCH(QByteArray, zip);
        QFETCH(bool, listed);
        const Compared c = compare(Bytes(zip.begin(), zip.end()), file());
        QVERIFY2(c.differences.empty(), c.differences.c_str());
        QCOMPARE(c.listed, listed);
        QVERIFY(c.byLibzip);
    }

    // A plain directory with a gap before its end record, or a comment: still read here.
    void gapsAndCommentsStayPlain() {
        Bytes gap = writeZip({{"k/a.txt", bytesOf("alpha")}, {"k/b/", {}}});
        const std::size_t end = gap.size() - 22;
        gap.insert(gap.begin() + static_cast<std::ptrdiff_t>(end), {'G', 'A', 'P'});
        Compared c = compare(gap, file());
        QVERIFY2(c.differences.empty(), c.differences.c_str());
        QVERIFY(c.listed && !c.byLibzip);
        c = compare(buildZip({Record("a", "1")}, "a comment"), file());
        QVERIFY2(c.differences.empty(), c.differences.c_str());
        QVERIFY(c.listed && !c.byLibzip);
        // A signature in the comment too near the end to start a record is no second candidate.
        c = compare(buildZip({Record("a", "1")}, "xxPK\x05\x06yy"), file());
        QVERIFY2(c.differences.empty(), c.differences.c_str());
        QVERIFY(c.listed && !c.byLibzip);
    }

    // Every byte of a small zip's directory and end record changed three ways, and every cut:
    // the listing is libzip's each time, read here or by libzip.
    void everyCorruptionAgreesWithLibzip() {
        const Bytes whole = writeZip({{"k/a.txt", bytesOf("alpha alpha")},
                                      {"k/b/", {}},
                                      {"k/b/c.swatchbin", noiseBytes(100, 3)},
                                      {"link", bytesOf("k/a.txt"), 0120777}});
        const std::size_t directory = centralRecordOffset(whole, "k/a.txt");
        QVERIFY(directory != SIZE_MAX);
        int plain = 0, byLibzip = 0, refused = 0;
        QString first; // the first case that differs
        const auto check = [&](const Bytes& bytes, const QString& what) {
            const Compared c = compare(bytes, file());
            if (!c.differences.empty() && first.isEmpty())
                first = what + ": " + QString::fromStdString(c.differences);
            (c.byLibzip ? byLibzip : plain)++;
            if (!c.listed) ++refused;
        };
        for (std::size_t at = directory; at < whole.size(); ++at)
            for (const std::uint8_t mask : {std::uint8_t{0x01}, std::uint8_t{0x80}, std::uint8_t{0xFF}}) {
                Bytes bytes = whole;
                bytes[at] ^= mask;
                check(bytes, QString("byte %1 ^ %2").arg(at).arg(mask));
            }
        for (std::size_t size = 0; size < whole.size(); ++size)
            check(Bytes(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size)),
                  QString("cut at %1").arg(size));
        QVERIFY2(first.isEmpty(), qPrintable(first));
        // Both ways were taken, and libzip refused some.
        QVERIFY(plain > 100);
        QVERIFY(byLibzip > 100);
        QVERIFY(refused > 100);
    }

    // The name libzip lists for an entry with a Unicode path field is the field's: read by libzip.
    void unicodePathFieldNamesTheEntry() {
        QCOMPARE(crc32Of("hello"), 0x3610a686u); // the helper, against a CRC worked out independently
        const std::string legacy = "uni/XXXX.pb", utf8 = "uni/\xC3\xBC"
                                                         "ber.pb";
        const Bytes zip =
            buildZip({Record(legacy, "1").setExtra(field(0x7075, unicodePath(crc32Of(legacy), utf8)))});
        ZipListing listing;
        std::string error;
        QVERIFY2(listing.read(shareBytes(zip), error), error.c_str());
        QVERIFY(listing.readByLibzip());
        QCOMPARE(listing.size(), std::size_t{1});
        QCOMPARE(listing.name(listing.entries()[0]), std::string_view(utf8));
    }

    void unreadableFileSaysWhy() {
        ZipListing listing;
        std::string error, zipError;
        const std::string missing = m_dir.path().toStdString() + "/missing.zip";
        QVERIFY(!listing.readFile(missing, error));
        QVERIFY(!ZipArchive::openFile(missing, zipError));
        QCOMPARE(error, zipError);
        QVERIFY(!listing.readFile(m_dir.path().toStdString(), error)); // a folder
        QVERIFY(!error.empty());
        QVERIFY(!listing.read(SharedBytes(), error));
        QCOMPARE(error, std::string("not a zip archive (too short)"));
    }
};

QTEST_APPLESS_MAIN(TestZipListing)
#include "tst_zip_listing.moc"
