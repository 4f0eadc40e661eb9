// InputPath parsing, loadInput through nested archives, and walkInputs over folders, archives and
// paths into archives.
#include "census/input_walk.h"
#include "input/input_path.h"

#include "archive_fixtures.h"
#include "input/file_mapping.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>

#include <sys/wait.h>
#include <unistd.h>

using namespace assetscope;
using namespace assetscope::archive;
using namespace assetscope::test;

namespace {

std::string text(const LoadedInput& loaded) {
    return loaded.bytes ? std::string(loaded.bytes->begin(), loaded.bytes->end()) : std::string();
}

// c.pgeo inside b.zip inside a.zip, plus a plain entry in each level.
Bytes nestedArchive() {
    const Bytes inner = writeZip({{"c.pgeo", bytesOf("innermost")}, {"d/e.txt", bytesOf("deep")}});
    return writeZip({{"top.txt", bytesOf("top")}, {"dir/b.zip", inner}}, false);
}

std::vector<InputTask> walk(const std::string& path, const Limits& limits = {}) {
    std::vector<InputTask> tasks;
    walkInputs(path, limits, [&](InputTask task) { tasks.push_back(std::move(task)); });
    return tasks;
}

} // namespace

class TestInputPath : public QObject {
    Q_OBJECT

private slots:
    void parsesLevels() {
        const InputPath nested = InputPath::parse("media/a.zip::dir/b.zip::c.pgeo");
        QCOMPARE(nested.file, std::string("media/a.zip"));
        QCOMPARE(nested.entries, (std::vector<std::string>{"dir/b.zip", "c.pgeo"}));
        QCOMPARE(nested.text(), std::string("media/a.zip::dir/b.zip::c.pgeo"));
        QCOMPARE(nested.lastName(), std::string("c.pgeo"));

        const InputPath drive = InputPath::parse("C:\\data\\Cars.zip::cars/abc/body.modelbin");
        QCOMPARE(drive.file, std::string("C:\\data\\Cars.zip"));
        QCOMPARE(drive.entries, std::vector<std::string>{"cars/abc/body.modelbin"});
        QCOMPARE(drive.lastName(), std::string("body.modelbin"));

        const InputPath plain = InputPath::parse("C:\\data\\x.pgeo");
        QCOMPARE(plain.file, std::string("C:\\data\\x.pgeo"));
        QVERIFY(plain.entries.empty());
        QCOMPARE(plain.lastName(), std::string("x.pgeo"));
        QCOMPARE(plain.text(), std::string("C:\\data\\x.pgeo"));

        QCOMPARE(InputPath::parse("a.zip::").entries, std::vector<std::string>{""});
        QCOMPARE(InputPath::parse("").file, std::string());
    }

    void namesTheFolderOfTheInnermostLevel() {
        // A .pgeo file's cell comes from its folder, also inside archives.
        QCOMPARE(InputPath::parse("/data/world/12_-3/c50_trees_ulc.pgeo").folderName(), std::string("12_-3"));
        QCOMPARE(InputPath::parse("media/Track.zip::0_0/c25_grass_do.pgeo").folderName(), std::string("0_0"));
        QCOMPARE(InputPath::parse("C:\\world\\4_5\\x.pgeo").folderName(), std::string("4_5"));
        QCOMPARE(InputPath::parse("x.pgeo").folderName(), std::string());
        QCOMPARE(InputPath::parse("/x.pgeo").folderName(), std::string());
    }

    void loadsLargeFilesWhole() {
        // Sizes around the read chunk (1 MiB) and past the huge-page buffer threshold (4 MiB).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (std::size_t size : {std::size_t{0}, std::size_t{1} << 20, (std::size_t{5} << 20) + 7}) {
            Bytes bytes(size);
            for (std::size_t i = 0; i < size; ++i)
                bytes[i] = static_cast<std::uint8_t>(i * 7 + (i >> 12));
            const auto path = std::filesystem::path(dir.path().toStdString()) / ("f" + std::to_string(size));
            writeFile(path, bytes);
            const LoadedInput loaded = loadInput(path.string());
            QVERIFY2(loaded.ok(), loaded.error.c_str());
            QCOMPARE(loaded.bytes->size(), size);
            QVERIFY(std::equal(bytes.begin(), bytes.end(), loaded.bytes->begin()));
        }
    }

    void mapsLargeFilesWhenAskedAndEndsCleanlyWhenOneShrinks() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto path = std::filesystem::path(dir.path().toStdString()) / "large.bin";
        Bytes bytes(input::kMapFilesFrom + 3);
        for (std::size_t i = 0; i < bytes.size(); ++i)
            bytes[i] = static_cast<std::uint8_t>(i ^ (i >> 16));
        writeFile(path, bytes);
        // In a child process: mapping and its SIGBUS handler are process-wide.
        int pipeFds[2];
        QCOMPARE(::pipe(pipeFds), 0);
        const pid_t child = ::fork();
        if (child == 0) {
            ::dup2(pipeFds[1], STDERR_FILENO);
            input::enableFileMapping("mapper");
            const LoadedInput loaded = loadInput(path.string());
            if (!loaded.ok() || loaded.bytes->size() != bytes.size() ||
                !std::equal(bytes.begin(), bytes.end(), loaded.bytes->begin()))
                ::_exit(10);
            std::filesystem::resize_file(path, 0);
            volatile std::uint8_t last = (*loaded.bytes)[bytes.size() - 1]; // raises SIGBUS
            (void)last;
            ::_exit(11);
        }
        ::close(pipeFds[1]);
        char message[256] = {};
        const auto got = ::read(pipeFds[0], message, sizeof message - 1);
        ::close(pipeFds[0]);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 2);
        QVERIFY(got > 0);
        QCOMPARE(QString::fromUtf8(message),
                 QString("mapper: an input file shrank while it was being read\n"));
        // Without mapping turned on (this process), the same file is read into memory.
        QVERIFY(!input::fileMappingEnabled());
    }

    void loadsFilesAndNestedEntries() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path root = dir.path().toStdString();
        writeFile(root / "a.zip", nestedArchive());
        writeFile(root / "plain.bin", bytesOf("plain bytes"));
        const std::string a = (root / "a.zip").string();

        LoadedInput plain = loadInput((root / "plain.bin").string());
        QVERIFY2(plain.ok(), plain.error.c_str());
        QCOMPARE(text(plain), std::string("plain bytes"));
        QCOMPARE(plain.name, std::string("plain.bin"));

        LoadedInput top = loadInput(a + "::top.txt");
        QVERIFY2(top.ok(), top.error.c_str());
        QCOMPARE(text(top), std::string("top"));

        LoadedInput deep = loadInput(a + "::dir/b.zip::c.pgeo");
        QVERIFY2(deep.ok(), deep.error.c_str());
        QCOMPARE(text(deep), std::string("innermost"));
        QCOMPARE(deep.name, std::string("c.pgeo"));
        QCOMPARE(text(loadInput(a + "::dir/b.zip::d/e.txt")), std::string("deep"));

        LoadedInput missing = loadInput(a + "::dir/b.zip::nothere.pgeo");
        QVERIFY(!missing.ok() && !missing.bytes);
        QCOMPARE(missing.error, "entry not found: nothere.pgeo (in " + a + "::dir/b.zip)");
        QCOMPARE(missing.name, std::string("nothere.pgeo"));

        LoadedInput notZip = loadInput(a + "::top.txt::x");
        QVERIFY(!notZip.ok());
        QVERIFY2(notZip.error.find("top.txt is not a readable zip") == 0, notZip.error.c_str());

        LoadedInput plainAsZip = loadInput((root / "plain.bin").string() + "::x");
        QVERIFY(!plainAsZip.ok());
        QVERIFY2(plainAsZip.error.find("is not a readable zip") != std::string::npos,
                 plainAsZip.error.c_str());

        Limits shallow;
        shallow.maxNestingDepth = 1;
        QVERIFY(loadInput(a + "::top.txt", shallow).ok());
        LoadedInput tooDeep = loadInput(a + "::dir/b.zip::c.pgeo", shallow);
        QCOMPARE(tooDeep.error,
                 std::string("nesting of 2 archive levels exceeds the limit of 1 (maxNestingDepth)"));

        Limits tiny;
        tiny.maxEntrySize = 5;
        LoadedInput capped = loadInput(a + "::dir/b.zip::c.pgeo", tiny);
        QVERIFY(!capped.ok());
        QVERIFY2(capped.error.find("exceeds the limit of 5 bytes") != std::string::npos,
                 capped.error.c_str());
        QVERIFY(!loadInput((root / "plain.bin").string(), tiny).ok());
    }

    void loadErrorsNeverThrow() {
        LoadedInput missing = loadInput("/nonexistent/dir/file.pgeo");
        QCOMPARE(missing.error, std::string("cannot open: No such file or directory"));
        QCOMPARE(missing.name, std::string("file.pgeo"));
        QCOMPARE(loadInput("/nonexistent/a.zip::b").error,
                 std::string("cannot open: No such file or directory"));
        QTemporaryDir dir;
        QCOMPARE(loadInput(dir.path().toStdString()).error, std::string("cannot open: Is a directory"));
        QCOMPARE(loadInput("").error, std::string("empty input path"));
    }

    void walksFoldersAndArchives() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path root = dir.path().toStdString();
        writeFile(root / "b.txt", bytesOf("b"));
        writeFile(root / "a" / "x.bin", bytesOf("x"));
        writeFile(root / "a" / "w.bin", bytesOf("w"));
        writeFile(root / "m.zip", nestedArchive());
        writeFile(root / "z" / "disguised.dat",
                  writeZip({{"inside.txt", bytesOf("inside")}})); // a zip by bytes
        writeFile(root / "z" / "bad.zip", bytesOf("not a zip at all, only text"));
        std::filesystem::create_symlink(root / "b.txt", root / "link.txt");      // not followed
        std::filesystem::create_directory_symlink(root / "a", root / "linkdir"); // not followed

        const std::vector<InputTask> tasks = walk(root.string());
        std::vector<std::string> names;
        for (const auto& task : tasks)
            names.push_back(task.input.substr(root.string().size() + 1));
        const std::vector<std::string> expected{"a/w.bin",
                                                "a/x.bin",
                                                "b.txt",
                                                "m.zip::top.txt",
                                                "m.zip::dir/b.zip::c.pgeo",
                                                "m.zip::dir/b.zip::d/e.txt",
                                                "z/bad.zip",
                                                "z/disguised.dat::inside.txt"};
        QCOMPARE(names, expected);

        // Loaders run on other threads, after the walk, in any order.
        std::vector<std::future<LoadedInput>> loads;
        for (const auto& task : tasks)
            loads.push_back(std::async(std::launch::async, task.load));
        std::map<std::string, LoadedInput> loaded;
        for (std::size_t i = 0; i < tasks.size(); ++i)
            loaded[names[i]] = loads[i].get();
        QCOMPARE(text(loaded["a/x.bin"]), std::string("x"));
        QCOMPARE(text(loaded["m.zip::dir/b.zip::c.pgeo"]), std::string("innermost"));
        QCOMPARE(loaded["m.zip::dir/b.zip::c.pgeo"].name, std::string("c.pgeo"));
        QCOMPARE(text(loaded["m.zip::dir/b.zip::d/e.txt"]), std::string("deep"));
        QCOMPARE(loaded["m.zip::dir/b.zip::d/e.txt"].name, std::string("e.txt"));
        QCOMPARE(text(loaded["z/disguised.dat::inside.txt"]), std::string("inside"));
        QVERIFY(!loaded["z/bad.zip"].ok());
        QVERIFY2(loaded["z/bad.zip"].error.find("not a readable zip") == 0,
                 loaded["z/bad.zip"].error.c_str());
        // The walk's input texts load the same bytes through loadInput.
        QCOMPARE(text(loadInput(tasks[4].input)), std::string("innermost"));
    }

    void walkHonoursLimitsAndSkips() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path root = dir.path().toStdString();
        const Bytes odd = [] {
            Bytes b = writeZip({{"lzx.bin", noiseBytes(64, 1)}}, false);
            patchZipMethod(b, "lzx.bin", 21);
            return b;
        }();
        writeFile(root / "m.zip", writeZip({{"dir/", {}},
                                            {"../escape.txt", bytesOf("e")},
                                            {"link", bytesOf("/etc/passwd"), 0120777},
                                            {"inner.zip", writeZip({{"q.txt", bytesOf("q")}})},
                                            {"odd.zip", odd}}));
        Limits shallow;
        shallow.maxNestingDepth = 1;
        const std::vector<InputTask> tasks = walk((root / "m.zip").string(), shallow);
        const std::string m = (root / "m.zip").string();
        QCOMPARE(tasks.size(), std::size_t{3});
        QCOMPARE(tasks[0].input, m + "::../escape.txt"); // visited by name, never extracted
        QCOMPARE(text(tasks[0].load()), std::string("e"));
        QCOMPARE(tasks[1].input, m + "::inner.zip");
        QCOMPARE(tasks[1].load().error,
                 std::string("nesting of 2 archive levels exceeds the limit of 1 (maxNestingDepth)"));
        QCOMPARE(tasks[2].input, m + "::odd.zip");

        const std::vector<InputTask> deeper = walk(m);
        QCOMPARE(deeper.size(), std::size_t{3});
        QCOMPARE(deeper[1].input, m + "::inner.zip::q.txt");
        QCOMPARE(deeper[2].input, m + "::odd.zip::lzx.bin");
        QCOMPARE(deeper[2].load().error, std::string("compression method LZX (21) is not supported"));

        Limits none;
        none.maxNestingDepth = 0;
        const std::vector<InputTask> refused = walk(m, none);
        QCOMPARE(refused.size(), std::size_t{1});
        QVERIFY(!refused[0].load().ok());

        const std::vector<InputTask> missing = walk((root / "nothing").string());
        QCOMPARE(missing.size(), std::size_t{1});
        QCOMPARE(missing[0].load().error, std::string("cannot open: No such file or directory"));

        const std::vector<InputTask> single = walk((root / "m.zip").string() + "_absent");
        QCOMPARE(single.size(), std::size_t{1});
    }
    // A path into an archive: an entry, a folder inside it (its entries), a nested zip (walked
    // whole), a folder inside the nested zip; and what is not there, said as a task's error.
    void walksPathsIntoArchives() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::filesystem::path root = dir.path().toStdString();
        writeFile(root / "m.zip", nestedArchive());
        const std::string m = (root / "m.zip").string();
        auto inputs = [](const std::vector<InputTask>& tasks) {
            std::vector<std::string> out;
            for (const auto& task : tasks)
                out.push_back(task.input);
            return out;
        };
        const std::vector<InputTask> entry = walk(m + "::top.txt");
        QCOMPARE(inputs(entry), std::vector<std::string>{m + "::top.txt"});
        QCOMPARE(text(entry[0].load()), std::string("top"));
        QCOMPARE(inputs(walk(m + "::dir")),
                 (std::vector<std::string>{m + "::dir/b.zip::c.pgeo", m + "::dir/b.zip::d/e.txt"}));
        QCOMPARE(inputs(walk(m + "::dir/")), inputs(walk(m + "::dir")));
        QCOMPARE(inputs(walk(m + "::dir/b.zip")), inputs(walk(m + "::dir")));
        const std::vector<InputTask> deep = walk(m + "::dir/b.zip::d");
        QCOMPARE(inputs(deep), std::vector<std::string>{m + "::dir/b.zip::d/e.txt"});
        QCOMPARE(text(deep[0].load()), std::string("deep"));
        QCOMPARE(inputs(walk(m + "::dir/b.zip::c.pgeo")),
                 std::vector<std::string>{m + "::dir/b.zip::c.pgeo"});

        const std::vector<InputTask> missing = walk(m + "::nope");
        QCOMPARE(inputs(missing), std::vector<std::string>{m + "::nope"});
        QCOMPARE(missing[0].load().error, "no such entry or folder in " + m + ": nope");
        const std::vector<InputTask> notZip = walk(m + "::top.txt::x");
        QCOMPARE(notZip.size(), std::size_t{1});
        QCOMPARE(notZip[0].load().error, "not an archive: " + m + "::top.txt");
        Limits shallow;
        shallow.maxNestingDepth = 1;
        const std::vector<InputTask> refused = walk(m + "::dir/b.zip::d", shallow);
        QCOMPARE(refused.size(), std::size_t{1});
        QCOMPARE(refused[0].load().error,
                 std::string("nesting of 2 archive levels exceeds the limit of 1 (maxNestingDepth)"));
        QVERIFY(!walk((root / "absent.zip").string() + "::x")[0].load().ok());
    }
};

QTEST_APPLESS_MAIN(TestInputPath)
#include "tst_input_path.moc"
