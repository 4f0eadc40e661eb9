// ZipArchive: listing, reading stored and deflate entries, refusals (unsupported methods,
// CRC mismatch, size cap, zip bombs, lying sizes, truncation) and threaded reads.
#include "archive/zip_archive.h"

#include "archive_fixtures.h"

#include <QTest>

#include <atomic>
#include <thread>

using namespace assetscope;
using namespace assetscope::archive;
using namespace assetscope::test;

namespace {

std::unique_ptr<ZipArchive> openBytes(Bytes bytes) {
    std::string error;
    auto zip = ZipArchive::open(shareBytes(std::move(bytes)), error);
    if (!zip) qWarning("open failed: %s", error.c_str());
    return zip;
}

// The error read() gives for one entry ("" when it succeeds).
std::string readError(const ZipArchive& zip, std::string_view name, const Limits& limits = {}) {
    const ZipEntry* entry = zip.find(name);
    if (!entry) return "no entry";
    std::string error;
    const auto bytes = zip.read(*entry, limits, error);
    if (bytes && !error.empty()) return "bytes and an error";
    return bytes ? std::string() : error;
}

bool contains(const std::string& text, std::string_view part) {
    return text.find(part) != std::string::npos;
}

} // namespace

class TestArchive : public QObject {
    Q_OBJECT

private slots:
    void listsEntries() {
        auto zip = openBytes(writeZip({{"hello.txt", bytesOf("hello")},
                                       {"dir/", {}},
                                       {"dir/empty.bin", {}},
                                       {"dir/noise.bin", noiseBytes(1000, 1)}}));
        QVERIFY(zip);
        const auto& entries = zip->entries();
        QCOMPARE(entries.size(), std::size_t{4});
        QCOMPARE(entries[0].name, std::string("hello.txt"));
        QCOMPARE(entries[0].index, std::uint64_t{0});
        QCOMPARE(entries[0].size, std::uint64_t{5});
        QCOMPARE(entries[0].method, std::uint16_t{8});
        QCOMPARE(entries[0].crc, 0x3610a686u); // CRC-32 of "hello", worked out independently
        QVERIFY(!entries[0].directory && !entries[0].symlink && !entries[0].unsafeName);
        QVERIFY(entries[1].directory);
        QCOMPARE(entries[2].size, std::uint64_t{0});
        QCOMPARE(entries[2].crc, 0u);
        QCOMPARE(entries[3].size, std::uint64_t{1000});
        QVERIFY(entries[3].compressedSize > 900); // noise does not shrink
        QCOMPARE(zip->find("dir/noise.bin"), &entries[3]);
        QCOMPARE(zip->find("missing"), nullptr);
        std::string error;
        QVERIFY(!zip->read(entries[1], {}, error));
        QVERIFY(contains(error, "directory"));
    }

    void readsStoredAndDeflate_data() {
        QTest::addColumn<bool>("deflate");
        QTest::newRow("stored") << false;
        QTest::newRow("deflate") << true;
    }
    void readsStoredAndDeflate() {
        QFETCH(bool, deflate);
        Bytes text = bytesOf(std::string(5000, 'a') + "tail");
        Bytes noise = noiseBytes(70000, 7);
        auto zip = openBytes(writeZip({{"a.txt", text}, {"n.bin", noise}, {"z", {}}}, deflate));
        QVERIFY(zip);
        QCOMPARE(zip->entries()[0].method, std::uint16_t(deflate ? 8 : 0));
        if (!deflate) QCOMPARE(zip->entries()[0].compressedSize, std::uint64_t{5004});
        std::string error;
        QCOMPARE(zip->read(*zip->find("a.txt"), {}, error).value_or(Bytes{}), text);
        QCOMPARE(zip->read(*zip->find("n.bin"), {}, error).value_or(Bytes{}), noise);
        const auto empty = zip->read(*zip->find("z"), {}, error);
        QVERIFY2(empty && empty->empty(), error.c_str());
        const auto head = zip->readPrefix(*zip->find("n.bin"), 16, error);
        QVERIFY(head);
        QCOMPARE(*head, Bytes(noise.begin(), noise.begin() + 16));
    }

    void emptyArchiveAndSignatures() {
        const Bytes empty = writeZip({});
        QCOMPARE(empty.size(), std::size_t{22});
        QVERIFY(looksLikeZip(empty));
        auto zip = openBytes(empty);
        QVERIFY(zip);
        QVERIFY(zip->entries().empty());
        QVERIFY(looksLikeZip(writeZip({{"x", bytesOf("x")}})));
        QVERIFY(!looksLikeZip(bytesOf("PK")));
        QVERIFY(!looksLikeZip(bytesOf("PK\x01\x02")));
        QVERIFY(!looksLikeZip(bytesOf("burG")));
        std::string error;
        QVERIFY(!ZipArchive::open(shareBytes({}), error));
        QVERIFY(!error.empty());
        QVERIFY(!ZipArchive::open(shareBytes(noiseBytes(4096, 3)), error));
        QVERIFY(!error.empty());
    }

    void methodNames() {
        QCOMPARE(compressionMethodName(0), std::string("stored (0)"));
        QCOMPARE(compressionMethodName(8), std::string("deflate (8)"));
        QCOMPARE(compressionMethodName(12), std::string("bzip2 (12)"));
        QCOMPARE(compressionMethodName(14), std::string("lzma (14)"));
        QCOMPARE(compressionMethodName(21), std::string("LZX (21)"));
        QCOMPARE(compressionMethodName(22), std::string("deflate with TransformIT encryption (22)"));
        QCOMPARE(compressionMethodName(93), std::string("zstd (93)"));
        QCOMPARE(compressionMethodName(95), std::string("xz (95)"));
        QCOMPARE(compressionMethodName(4242), std::string("unknown (4242)"));
    }

    void unsupportedMethodsAreNamed_data() {
        QTest::addColumn<int>("method");
        QTest::addColumn<QString>("expected");
        QTest::newRow("LZX") << 21 << "compression method LZX (21) is not supported";
        QTest::newRow("TransformIT")
            << 22 << "compression method deflate with TransformIT encryption (22) is not supported";
        QTest::newRow("bzip2") << 12 << "compression method bzip2 (12) is not supported";
        QTest::newRow("lzma") << 14 << "compression method lzma (14) is not supported";
        QTest::newRow("zstd") << 93 << "compression method zstd (93) is not supported";
        QTest::newRow("xz") << 95 << "compression method xz (95) is not supported";
    }
    void unsupportedMethodsAreNamed() {
        QFETCH(int, method);
        QFETCH(QString, expected);
        Bytes bytes = writeZip({{"keep.txt", bytesOf("fine")}, {"odd.bin", noiseBytes(300, 9)}}, false);
        patchZipMethod(bytes, "odd.bin", static_cast<std::uint16_t>(method));
        auto zip = openBytes(bytes);
        QVERIFY(zip);
        QCOMPARE(zip->find("odd.bin")->method, std::uint16_t(method));
        QCOMPARE(QString::fromStdString(readError(*zip, "odd.bin")), expected);
        std::string error;
        QVERIFY(!zip->readPrefix(*zip->find("odd.bin"), 4, error));
        QCOMPARE(QString::fromStdString(error), expected);
        QCOMPARE(readError(*zip, "keep.txt"), std::string()); // the other entry still reads
    }

    void encryptedEntryRefused() {
        Bytes bytes = writeZip({{"secret.bin", noiseBytes(100, 2)}}, false);
        patchZipFlags(bytes, "secret.bin", 1);
        auto zip = openBytes(bytes);
        QVERIFY(zip);
        const std::string error = readError(*zip, "secret.bin");
        QVERIFY2(contains(error, "encrypted"), error.c_str());
    }

    void crcMismatchIsAnError() {
        Bytes bytes = writeZip({{"data.bin", noiseBytes(256, 4)}}, false);
        bytes[entryDataOffset(bytes, "data.bin") + 100] ^= 0x5a;
        auto zip = openBytes(bytes);
        QVERIFY(zip);
        const std::string error = readError(*zip, "data.bin");
        QVERIFY2(contains(error, "CRC mismatch"), error.c_str());
    }

    // Intact deflated data under a wrong CRC: only the CRC check can tell.
    void crcMismatchInDeflatedEntryIsAnError() {
        Bytes bytes = writeZip({{"data.bin", noiseBytes(4096, 6)}}, true);
        for (const std::size_t record :
             {localHeaderOffset(bytes, "data.bin") + 14, centralRecordOffset(bytes, "data.bin") + 16})
            bytes[record] ^= 0x01;
        auto zip = openBytes(bytes);
        QVERIFY(zip);
        QCOMPARE(zip->find("data.bin")->method, std::uint16_t(8));
        const std::string error = readError(*zip, "data.bin");
        QVERIFY2(contains(error, "CRC mismatch"), error.c_str());
    }

    void sizeCapRefusesBeforeReading() {
        auto zip = openBytes(writeZip({{"big.bin", noiseBytes(4096, 5)}}));
        QVERIFY(zip);
        Limits tiny;
        tiny.maxEntrySize = 4095;
        const std::string error = readError(*zip, "big.bin", tiny);
        QCOMPARE(error, std::string("entry size 4096 exceeds the limit of 4095 bytes (maxEntrySize)"));
        tiny.maxEntrySize = 4096;
        QCOMPARE(readError(*zip, "big.bin", tiny), std::string());

        // A directory claiming nearly 4 GiB: refused by the default 2 GiB cap with no allocation
        // (under ASan a 4 GiB allocation would abort).
        Bytes lying = writeZip({{"huge.bin", noiseBytes(64, 6)}}, false);
        patchZipSize(lying, "huge.bin", 0xfffffff0u);
        auto zip2 = openBytes(lying);
        QVERIFY(zip2);
        QCOMPARE(zip2->find("huge.bin")->size, std::uint64_t{0xfffffff0u});
        QVERIFY(contains(readError(*zip2, "huge.bin"), "exceeds the limit of 2147483648 bytes"));
    }

    void lyingSizesAreRefused() {
        // Claims fewer bytes than the deflate stream yields: the bounded loop stops and refuses.
        Bytes fewer = writeZip({{"e.bin", noiseBytes(5000, 8)}});
        patchZipSize(fewer, "e.bin", 4000);
        auto zip = openBytes(fewer);
        QVERIFY(zip);
        std::string error = readError(*zip, "e.bin");
        QVERIFY2(contains(error, "more than its directory size of 4000"), error.c_str());

        // Claims more: the data ends early.
        Bytes more = writeZip({{"e.bin", noiseBytes(5000, 8)}});
        patchZipSize(more, "e.bin", 6000);
        zip = openBytes(more);
        QVERIFY(zip);
        error = readError(*zip, "e.bin");
        QVERIFY2(contains(error, "entry data ends after 5000 of 6000 bytes"), error.c_str());
    }

    void zipBombRefusedByRatio() {
        const Bytes zeros(std::size_t{50} << 20, 0);
        auto zip = openBytes(writeZip({{"bomb.bin", zeros}}));
        QVERIFY(zip);
        const ZipEntry& entry = zip->entries()[0];
        QCOMPARE(entry.size, std::uint64_t{50} << 20);
        const std::uint64_t ratio = entry.size / entry.compressedSize;
        qInfo("50 MiB of zeros deflate to %llu bytes, ratio %llu:1",
              static_cast<unsigned long long>(entry.compressedSize), static_cast<unsigned long long>(ratio));
        QVERIFY(ratio > 1000);
        const std::string error = readError(*zip, "bomb.bin");
        QVERIFY2(contains(error, "exceeds the limit of 1000:1 (maxCompressionRatio; possible zip bomb)"),
                 error.c_str());
        // Small entries may compress as well as they like.
        auto small = openBytes(writeZip({{"small.bin", Bytes(std::size_t{1} << 20, 0)}}));
        QVERIFY(small);
        QCOMPARE(readError(*small, "small.bin"), std::string());
        // A raised limit lets the big one through, read back intact.
        Limits generous;
        generous.maxCompressionRatio = 1u << 20;
        std::string readErr;
        const auto bytes = zip->read(entry, generous, readErr);
        QVERIFY2(bytes, readErr.c_str());
        QVERIFY(*bytes == zeros);
    }

    void truncationNeverCrashes() {
        const Bytes whole =
            writeZip({{"a.txt", bytesOf("alpha alpha alpha")}, {"b/", {}}, {"b/c.bin", noiseBytes(200, 3)}});
        int opened = 0;
        for (std::size_t size = 0; size < whole.size(); ++size) {
            std::string error;
            auto zip = ZipArchive::open(
                shareBytes(Bytes(whole.begin(), whole.begin() + static_cast<long>(size))), error);
            if (!zip) {
                QVERIFY2(!error.empty(), qPrintable(QString("no message at size %1").arg(size)));
                continue;
            }
            ++opened;
            for (const auto& entry : zip->entries()) {
                std::string readErr;
                const auto bytes = zip->read(entry, {}, readErr);
                QVERIFY(bytes.has_value() != !readErr.empty());
            }
        }
        QVERIFY2(opened <= 1, "a truncated archive lost its end record, so it should not open");
    }

    void corruptionNeverCrashes() {
        const Bytes whole =
            writeZip({{"a.txt", bytesOf("alpha alpha alpha")}, {"c.bin", noiseBytes(100, 3)}});
        int failures = 0;
        for (std::size_t at = 0; at < whole.size(); ++at) {
            for (std::uint8_t mask : {std::uint8_t{0x01}, std::uint8_t{0xff}}) {
                Bytes bytes = whole;
                bytes[at] ^= mask;
                std::string error;
                auto zip = ZipArchive::open(shareBytes(std::move(bytes)), error);
                if (!zip) {
                    ++failures;
                    continue;
                }
                for (const auto& entry : zip->entries()) {
                    std::string readErr;
                    if (!zip->read(entry, {}, readErr)) ++failures;
                }
            }
        }
        QVERIFY(failures > 0);
    }

    void unsafeNamesFlagged() {
        auto zip = openBytes(writeZip({{"../x", bytesOf("1")},
                                       {"/abs", bytesOf("2")},
                                       {"C:\\x", bytesOf("3")},
                                       {"a\\..\\..\\y", bytesOf("4")},
                                       {"ok/..name", bytesOf("5")},
                                       {"ok/sub/file", bytesOf("6")}}));
        QVERIFY(zip);
        const auto& e = zip->entries();
        QCOMPARE(e.size(), std::size_t{6});
        QCOMPARE(e[0].name, std::string("../x"));
        QVERIFY(e[0].unsafeName);
        QVERIFY(e[1].unsafeName);
        QVERIFY(e[2].unsafeName);
        QVERIFY(e[3].unsafeName);
        QVERIFY(!e[4].unsafeName);
        QVERIFY(!e[5].unsafeName);
        QVERIFY(isUnsafeEntryName(""));
        QVERIFY(isUnsafeEntryName("a/.."));
        QVERIFY(isUnsafeEntryName("\\server\\share"));
        QVERIFY(!isUnsafeEntryName("a..b/c"));
        // Listed and readable in memory (only extraction is refused).
        QCOMPARE(readError(*zip, "../x"), std::string());
    }

    void symlinksFlagged() {
        auto zip = openBytes(writeZip({{"link", bytesOf("/etc/passwd"), 0120777},
                                       {"plain", bytesOf("data"), 0100644},
                                       {"nomode", bytesOf("data")}}));
        QVERIFY(zip);
        QVERIFY(zip->entries()[0].symlink);
        QVERIFY(!zip->entries()[1].symlink);
        QVERIFY(!zip->entries()[2].symlink);
    }

    void threadedReads() {
        std::vector<ZipInput> inputs;
        for (int i = 0; i < 24; ++i)
            inputs.push_back({"e" + std::to_string(i), noiseBytes(20000 + static_cast<std::size_t>(i) * 997,
                                                                  static_cast<std::uint32_t>(i + 1))});
        inputs.push_back({"text", bytesOf(std::string(100000, 'q'))});
        auto zip = openBytes(writeZip(inputs));
        QVERIFY(zip);
        std::atomic<int> good{0}, bad{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int round = 0; round < 3; ++round)
                    for (std::size_t k = 0; k < inputs.size(); ++k) {
                        const std::size_t i = (k + static_cast<std::size_t>(t) * 7) % inputs.size();
                        std::string error;
                        const auto bytes = zip->read(zip->entries()[i], {}, error);
                        (bytes && *bytes == inputs[i].data ? good : bad)++;
                    }
            });
        for (auto& thread : threads)
            thread.join();
        QCOMPARE(bad.load(), 0);
        QCOMPARE(good.load(), 4 * 3 * static_cast<int>(inputs.size()));
    }
};

QTEST_APPLESS_MAIN(TestArchive)
#include "tst_archive.moc"
