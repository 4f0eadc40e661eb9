// The install as one tree (install/install_index): a fake install built here of folders, loose
// files, zips with folders, a nested zip, and every bad input of issue 46 (a broken central
// directory, "..", absolute and backslashed names, duplicate names, a name that is a folder and a
// file at once, an unreadable folder, a symlink loop and a link leading out). Every listing below
// is worked out by hand from the fixture: folders first, then names without case.
#include "install/install_filter.h"
#include "install/install_index.h"

#include "archive_fixtures.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <thread>

using namespace assetscope;
using namespace assetscope::install;
using namespace assetscope::test;

namespace {

// "name kind format size stored [problem]" for each child, as the test reads a level.
QStringList level(InstallIndex& index, NodeId node) {
    index.list(node);
    QStringList out;
    for (const NodeId c : index.children(node)) {
        const Item i = index.item(c);
        static const char* const kinds[] = {"folder", "file", "archive", "zipfolder", "entry"};
        QString line = QString::fromStdString(i.name) + " " + kinds[static_cast<int>(i.kind)] + " " +
                       QString::fromStdString(i.format.empty() ? "-" : i.format) + " " +
                       QString::number(i.size) + " " + QString::number(i.stored);
        if (!i.problem.empty()) line += " !";
        out << line;
    }
    return out;
}

NodeId childNamed(InstallIndex& index, NodeId node, const std::string& name) {
    index.list(node);
    for (const NodeId c : index.children(node))
        if (index.item(c).name == name) return c;
    return install::kNoNode;
}

// Renames an entry in both its headers (libzip refuses to write two entries of one name).
void renameEntry(Bytes& zip, std::string_view from, std::string_view to) {
    QCOMPARE(from.size(), to.size());
    const std::size_t local = localHeaderOffset(zip, from), central = centralRecordOffset(zip, from);
    std::copy(to.begin(), to.end(), zip.begin() + static_cast<std::ptrdiff_t>(local + 30));
    std::copy(to.begin(), to.end(), zip.begin() + static_cast<std::ptrdiff_t>(central + 46));
}

} // namespace

class TestInstall : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_root;

private slots:
    // ROOT/notes.txt ("n")
    // ROOT/media/cars/body.modelbin ("hello")
    // ROOT/media/Cars.zip (stored): wheel/ (a directory entry), wheel/rim.swatchbin ("abcdefgh"),
    //     Body/paint.materialbin ("xyz"), readme.txt ("r"), inner.zip: deep/a.pgeo ("12345")
    // ROOT/media/Bad.zip (stored): ../escape.swatchbin, /abs.swatchbin, win\path.pb, dup.pb twice,
    //     x (a file) and x/y.pb
    // ROOT/media/Broken.zip: 64 bytes that are no zip; ROOT/media/Cut.zip: a zip without its end
    // ROOT/media/loop -> ROOT/media (a link to a folder above it); ROOT/media/out -> outside
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString() + "/root";
        using archive::writeZip;
        writeFile(m_root + "/notes.txt", bytesOf("n"));
        writeFile(m_root + "/media/cars/body.modelbin", bytesOf("hello"));
        const Bytes inner = writeZip({{"deep/a.pgeo", bytesOf("12345")}}, false);
        writeFile(m_root + "/media/Cars.zip", writeZip({{"wheel/", {}},
                                                        {"wheel/rim.swatchbin", bytesOf("abcdefgh")},
                                                        {"Body/paint.materialbin", bytesOf("xyz")},
                                                        {"readme.txt", bytesOf("r")},
                                                        {"inner.zip", inner}},
                                                       false));
        Bytes bad = writeZip({{"../escape.swatchbin", bytesOf("e")},
                              {"/abs.swatchbin", bytesOf("a")},
                              {"win\\path.pb", bytesOf("w")},
                              {"dup.pb", bytesOf("1")},
                              {"dupXpb", bytesOf("22")},
                              {"x", bytesOf("x")},
                              {"x/y.pb", bytesOf("yy")}},
                             false);
        renameEntry(bad, "dupXpb", "dup.pb");
        writeFile(m_root + "/media/Bad.zip", bad);
        writeFile(m_root + "/media/Broken.zip", Bytes(64, 0x42));
        Bytes cut = writeZip({{"a.pb", bytesOf("a")}}, false);
        cut.resize(cut.size() - 22); // the end of central directory record
        writeFile(m_root + "/media/Cut.zip", cut);
        writeFile(m_dir.path().toStdString() + "/secret.txt", bytesOf("secret"));
        std::filesystem::create_directory_symlink(m_root + "/media", m_root + "/media/loop");
        std::filesystem::create_symlink(m_dir.path().toStdString() + "/secret.txt", m_root + "/media/out");
    }

    void firstLevelOnly() {
        InstallIndex index(m_root);
        QCOMPARE(index.item(index.root()).kind, Kind::Folder);
        QCOMPARE(level(index, index.root()), QStringList({"media folder - 0 0", "notes.txt file - 1 1"}));
        // Only the root was listed: media is known, not its contents.
        QCOMPARE(index.nodeCount(), std::size_t{3});
        const NodeId media = childNamed(index, index.root(), "media");
        QVERIFY(!index.listed(media));
        QVERIFY(index.mayHaveChildren(media));
    }

    void foldersAndZipsAsOneTree() {
        InstallIndex index(m_root);
        const NodeId media = childNamed(index, index.root(), "media");
        const QStringList mediaLevel = level(index, media);
        QCOMPARE(mediaLevel.size(), 7);
        QCOMPARE(mediaLevel[0], QString("cars folder - 0 0"));
        QCOMPARE(mediaLevel[1], QString("loop folder - 0 0 !"));
        QVERIFY(mediaLevel[2].startsWith("Bad.zip archive zip "));
        QCOMPARE(mediaLevel[3], QString("Broken.zip archive zip 64 64"));
        QVERIFY(mediaLevel[4].startsWith("Cars.zip archive zip "));
        QVERIFY(mediaLevel[5].startsWith("Cut.zip archive zip "));
        QCOMPARE(mediaLevel[6], QString("out file - 0 0 !")); // not even its size is looked at
    }

    void zipEntriesAsFolders() {
        InstallIndex index(m_root);
        const NodeId cars = childNamed(index, childNamed(index, index.root(), "media"), "Cars.zip");
        const Bytes inner = archive::writeZip({{"deep/a.pgeo", bytesOf("12345")}}, false);
        const QString innerSize = QString::number(inner.size());
        QCOMPARE(level(index, cars), QStringList({"Body zipfolder - 0 0", "wheel zipfolder - 0 0",
                                                  "inner.zip archive zip " + innerSize + " " + innerSize,
                                                  "readme.txt entry - 1 1"}));
        const NodeId wheel = childNamed(index, cars, "wheel");
        QCOMPARE(level(index, wheel), QStringList({"rim.swatchbin entry texture 8 8"}));
        const NodeId rim = childNamed(index, wheel, "rim.swatchbin");
        QCOMPARE(index.inputPath(rim), m_root + "/media/Cars.zip::wheel/rim.swatchbin");
        QCOMPARE(index.gamePath(rim).value_or("(none)"),
                 std::string("Game:\\media\\Cars\\wheel\\rim.swatchbin"));
        QCOMPARE(level(index, childNamed(index, cars, "Body")),
                 QStringList({"paint.materialbin entry materialbin 3 3"}));
        // The nested zip lists as a folder too; its entries have no Game:\ path.
        const NodeId nested = childNamed(index, cars, "inner.zip");
        QCOMPARE(level(index, nested), QStringList({"deep zipfolder - 0 0"}));
        const NodeId pgeo = childNamed(index, childNamed(index, nested, "deep"), "a.pgeo");
        QCOMPARE(index.item(pgeo).format, std::string("pgeo"));
        QCOMPARE(index.item(pgeo).size, std::uint64_t{5});
        QCOMPARE(index.inputPath(pgeo), m_root + "/media/Cars.zip::inner.zip::deep/a.pgeo");
        QVERIFY(!index.gamePath(pgeo));
        QCOMPARE(index.find(m_root + "/media/Cars.zip::inner.zip::deep/a.pgeo"), pgeo);
        QCOMPARE(index.find(m_root + "/media/Cars.zip::wheel/rim.swatchbin"), rim);
        QCOMPARE(index.find(m_root + "/media/Cars.zip::nothing"), install::kNoNode);
    }

    void hostileNamesListedAsStored() {
        InstallIndex index(m_root);
        const NodeId bad = childNamed(index, childNamed(index, index.root(), "media"), "Bad.zip");
        // x is a folder (of x/y.pb) and a file; dup.pb twice; the hostile names whole, at the top.
        QCOMPARE(level(index, bad),
                 QStringList({"x zipfolder - 0 0", "../escape.swatchbin entry texture 1 1 !",
                              "/abs.swatchbin entry texture 1 1 !", "dup.pb entry texture 1 1",
                              "dup.pb entry texture 2 2 !", "win\\path.pb entry texture 1 1 !",
                              "x entry - 1 1 !"}));
        QVERIFY(index.item(childNamed(index, bad, "../escape.swatchbin")).problem.find("hostile") !=
                std::string::npos);
        QVERIFY(index.item(childNamed(index, bad, "win\\path.pb")).problem.find("backslash") !=
                std::string::npos);
        QCOMPARE(level(index, childNamed(index, bad, "x")), QStringList({"y.pb entry texture 2 2"}));
        QVERIFY(!index.gamePath(childNamed(index, bad, "../escape.swatchbin")));
    }

    void unreadableArchivesSayWhy() {
        InstallIndex index(m_root);
        const NodeId media = childNamed(index, index.root(), "media");
        for (const char* name : {"Broken.zip", "Cut.zip"}) {
            const NodeId zip = childNamed(index, media, name);
            QVERIFY(level(index, zip).isEmpty());
            QVERIFY2(index.item(zip).problem.starts_with("cannot read the archive: "), name);
        }
        // The rest of the tree is intact.
        QCOMPARE(level(index, childNamed(index, media, "cars")),
                 QStringList({"body.modelbin file modelbin 5 5"}));
    }

    void linksOutOrBackAreNotFollowed() {
        InstallIndex index(m_root);
        const NodeId media = childNamed(index, index.root(), "media");
        const Item loop = index.item(childNamed(index, media, "loop"));
        QVERIFY(loop.problem.find("loop") != std::string::npos);
        QVERIFY(loop.listed);
        QCOMPARE(loop.childCount, 0u);
        QVERIFY(index.item(childNamed(index, media, "out")).problem.find("outside the install") !=
                std::string::npos);
    }

    void unreadableFolderSaysWhy() {
        const std::string locked = m_dir.path().toStdString() + "/locked";
        writeFile(locked + "/inside/a.pb", bytesOf("a"));
        std::filesystem::permissions(locked + "/inside", std::filesystem::perms::none);
        InstallIndex index(locked);
        const NodeId inside = childNamed(index, index.root(), "inside");
        const QStringList listing = level(index, inside);
        std::filesystem::permissions(locked + "/inside", std::filesystem::perms::owner_all);
        if (!listing.isEmpty()) QSKIP("this user reads folders whatever their permissions (root)");
        QVERIFY(index.item(inside).problem.starts_with("cannot list the folder: "));
    }

    void wholeIndexAndCancel() {
        InstallIndex index(m_root);
        std::size_t calls = 0;
        QVERIFY(index.buildAll(nullptr, [&](std::size_t, std::size_t) { ++calls; }));
        // root, media, cars, the 4 zips and inner.zip: each container listed once (a zip's folders
        // with their zip; loop is a leaf).
        QCOMPARE(calls, std::size_t{8});
        // Nodes: root, media, notes.txt; media's 7; cars' 1; Bad.zip's 7 + y.pb; Cars.zip's 4 +
        // rim + paint; inner.zip's deep + a.pgeo.
        QCOMPARE(index.nodeCount(), std::size_t{3 + 7 + 1 + 8 + 6 + 2});
        const std::size_t perNode = index.memoryBytes() / index.nodeCount();
        QVERIFY2(perNode < 400, std::to_string(perNode).c_str()); // a tiny index: the fixed part shows

        InstallIndex cancelled(m_root);
        std::atomic<bool> cancel{true};
        QVERIFY(!cancelled.buildAll(&cancel));
        QCOMPARE(cancelled.nodeCount(), std::size_t{1});
    }

    void concurrentListingAgrees() {
        InstallIndex index(m_root);
        std::thread builder([&] { index.buildAll(); });
        const NodeId media = childNamed(index, index.root(), "media");
        QStringList listed = level(index, media);
        builder.join();
        // The same nodes whichever thread listed them (a zip's problem shows once it is listed).
        QCOMPARE(level(index, media).replaceInStrings(" !", ""), listed.replaceInStrings(" !", ""));
    }

    // A zip inside a zip opened as an install of its own ("Cars.zip::inner.zip"), as the window
    // does for an archive tab; whole() tells when every folder and zip is listed.
    void aNestedZipAsTheRoot() {
        const std::string input = m_root + "/media/Cars.zip::inner.zip";
        InstallIndex index(input);
        QCOMPARE(index.item(index.root()).kind, Kind::Archive);
        QVERIFY(!index.whole());
        QCOMPARE(level(index, index.root()), QStringList({"deep zipfolder - 0 0"}));
        QVERIFY(index.whole());
        const NodeId pgeo = childNamed(index, childNamed(index, index.root(), "deep"), "a.pgeo");
        QCOMPARE(index.inputPath(pgeo), input + "::deep/a.pgeo");
        QCOMPARE(index.find(input + "::deep/a.pgeo", false), pgeo);
        // With a nesting limit of 1, the nested root is one level too deep.
        archive::Limits shallow;
        shallow.maxNestingDepth = 1;
        InstallIndex refused(input, shallow);
        QCOMPARE(level(refused, refused.root()), QStringList());
        QVERIFY(refused.item(refused.root()).problem.find("exceeds the limit of 1") != std::string::npos);
        InstallIndex missing(m_root + "/media/None.zip::inner.zip");
        QVERIFY(!missing.item(missing.root()).problem.empty());

        InstallIndex whole(m_root);
        QVERIFY(!whole.whole());
        whole.list(whole.root());
        QVERIFY(!whole.whole()); // media is known, not listed
        whole.buildAll();
        QVERIFY(whole.whole());
    }

    // The format the bytes were found to be replaces the name's hint; without listing, find()
    // stops at what is not listed yet.
    void formatFromBytesAndFindWithoutListing() {
        InstallIndex index(m_root);
        const std::string notes = m_root + "/notes.txt";
        QCOMPARE(index.find(notes, false), install::kNoNode); // the root is not listed yet
        const NodeId node = index.find(notes);
        QVERIFY(node != install::kNoNode);
        QCOMPARE(index.find(notes, false), node);
        QCOMPARE(index.find(m_root + "/media/Cars.zip::readme.txt", false), install::kNoNode);
        QCOMPARE(index.item(node).format, std::string());
        QVERIFY(!index.item(node).formatFromBytes);
        QVERIFY(index.setFormatFromBytes(node, "pgeo"));
        QCOMPARE(index.item(node).format, std::string("pgeo"));
        QVERIFY(index.item(node).formatFromBytes);
        QVERIFY(!index.setFormatFromBytes(node, "no such format"));
        QCOMPARE(index.item(node).format, std::string("pgeo"));
        QVERIFY(!index.setFormatFromBytes(12345, "pgeo"));
    }

    void formatHintsFromNames() {
        QCOMPARE(InstallIndex::formatOfName("a/B.SwatchBin"), std::string("texture"));
        QCOMPARE(InstallIndex::formatOfName("x.pb"), std::string("texture"));
        QCOMPARE(InstallIndex::formatOfName("ManufacturerColors.bin"), std::string("grub"));
        QCOMPARE(InstallIndex::formatOfName("Cars.ZIP"), std::string("zip"));
        QCOMPARE(InstallIndex::formatOfName("readme.txt"), std::string());
        QCOMPARE(InstallIndex::formatOfName(".pb"), std::string());
    }

    void filterWords() {
        InstallIndex index(m_root);
        index.buildAll();
        auto names = [&](const char* text) {
            std::string error;
            const auto filter = InstallFilter::parse(text, error);
            if (!filter) return QStringList({QString::fromStdString("error: " + error)});
            QStringList out;
            for (const NodeId n : matchingNodes(index, *filter))
                out << QString::fromStdString(index.item(n).name);
            out.sort();
            return out;
        };
        QCOMPARE(names("format:materialbin"), QStringList({"paint.materialbin"}));
        QCOMPARE(names("size>4 format:texture"), QStringList({"rim.swatchbin"}));
        QCOMPARE(names("size>=5 format:pgeo"), QStringList({"a.pgeo"}));
        QCOMPARE(names("size<2 *.pb"), QStringList({"dup.pb", "win\\path.pb"}));
        QCOMPARE(names("WHEEL"), QStringList({"wheel"}));
        QCOMPARE(names("r?m.*"), QStringList({"rim.swatchbin"}));
        QCOMPARE(names("size>1M"), QStringList());
        QCOMPARE(names("size>big"),
                 QStringList({"error: cannot read the size in \"size>big\" (a number, then K, M or G)"}));
    }
};

QTEST_GUILESS_MAIN(TestInstall)
#include "tst_install.moc"
