// input/atomic_file: a write either replaces the file whole or leaves the folder as it was, with
// no temporary file behind, whichever way it fails.
#include "input/atomic_file.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

using namespace assetscope;

namespace fs = std::filesystem;

namespace {

std::vector<std::string> namesIn(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::string contents(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT

private slots:
    void writesAndReplacesWhole() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        std::string error;
        QVERIFY2(writeFileAtomically(dir / "a.txt", std::string_view("first"), error), error.c_str());
        QVERIFY2(writeFileAtomically(dir / "a.txt", std::string_view("second"), error), error.c_str());
        QCOMPARE(contents(dir / "a.txt"), std::string("second"));
        QCOMPARE(namesIn(dir), std::vector<std::string>{"a.txt"});
    }

    void piecesFollowEachOther() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        const Bytes head{'g', 'l'}, body{'T', 'F'};
        const ByteView pieces[] = {head, ByteView(), body};
        std::string error;
        QVERIFY2(writeFileAtomically(dir / "b.glb", pieces, error), error.c_str());
        QCOMPARE(contents(dir / "b.glb"), std::string("glTF"));
    }

    // The folder does not exist: the temporary cannot even be made.
    void failedCreateLeavesNothing() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        std::string error;
        QVERIFY(!writeFileAtomically(dir / "missing" / "a.txt", std::string_view("x"), error));
        QVERIFY(!error.empty());
        QVERIFY(namesIn(dir).empty());
    }

    // The bytes are written, but the rename over the target fails (a folder with something in
    // it is in the way): the folder stays, and the temporary file is gone.
    void failedRenameLeavesNoTemporary() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        fs::create_directory(dir / "out.gltf");
        std::ofstream(dir / "out.gltf" / "keep") << "kept";
        std::string error;
        QVERIFY(!writeFileAtomically(dir / "out.gltf", std::string_view("data"), error));
        QVERIFY(error.find("cannot replace") != std::string::npos);
        QCOMPARE(namesIn(dir), std::vector<std::string>{"out.gltf"});
        QVERIFY(fs::is_directory(dir / "out.gltf"));
        QCOMPARE(contents(dir / "out.gltf" / "keep"), std::string("kept"));
    }

    // A writer that makes the file itself fails half way: the old file is untouched and what the
    // writer left is removed.
    void failedWriterLeavesOldFileOnly() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        std::string error;
        QVERIFY(writeFileAtomically(dir / "s.json", std::string_view("old"), error));
        const bool ok = writeFileAtomicallyWith(
            dir / "s.json",
            [](const fs::path& temporary, std::string& why) {
                std::ofstream(temporary) << "half of the n";
                why = "the writer stopped";
                return false;
            },
            error);
        QVERIFY(!ok);
        QCOMPARE(error, std::string("the writer stopped"));
        QCOMPARE(contents(dir / "s.json"), std::string("old"));
        QCOMPARE(namesIn(dir), std::vector<std::string>{"s.json"});
    }

    void writerReplacesWhenItSucceeds() {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        std::string error;
        const bool ok = writeFileAtomicallyWith(
            dir / "z.zip",
            [](const fs::path& temporary, std::string&) {
                std::ofstream(temporary, std::ios::binary) << "PK";
                return true;
            },
            error);
        QVERIFY2(ok, error.c_str());
        QCOMPARE(contents(dir / "z.zip"), std::string("PK"));
        QCOMPARE(namesIn(dir), std::vector<std::string>{"z.zip"});
    }
};

QTEST_APPLESS_MAIN(TestAtomicFile)
#include "tst_atomic_file.moc"
