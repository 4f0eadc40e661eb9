// The one resolver of Game:\ paths (cli-contract.md, "Materials") over a fake install built here:
// loose files in mixed case, zips at each folder prefix, a second install, a broken zip and hostile
// entry names. Every expected answer and every list of candidates is worked out by hand from the
// rule: under each root in order, the loose file, then the zip of each folder prefix from the
// longest to the shortest; names compared without case; the first found wins.
#include "input/input_path.h"
#include "resolve/game_path.h"
#include "resolve/game_resolver.h"
#include "resolve/game_root.h"
#include "resolve/resolver_pool.h"

#include "archive_fixtures.h"
#include "test_support.h"

#include <QTemporaryDir>
#include <QTest>

#include <future>
#include <set>

using namespace assetscope;
using namespace assetscope::resolve;
using namespace assetscope::test;
using Strings = std::vector<std::string>;

namespace {

std::string loaded(const std::string& input) {
    const LoadedInput l = loadInput(input);
    return l.ok() && l.bytes ? std::string(l.bytes->begin(), l.bytes->end()) : "(" + l.error + ")";
}

} // namespace

class TestResolve : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_a; // install A: every rule
    std::string m_b; // install B: a second root
    std::string m_outside;

private slots:
    // Install A (what each file holds is its own path, to check that the answer loads):
    //   Media/Cars/Wheel/rim.swatchbin                 loose
    //   Media/Cars/Wheel.zip    rim.swatchbin (shadowed by the loose file), Tyre.swatchbin
    //   Media/Cars.zip          wheel/tyre.swatchbin (shadowed by Wheel.zip), Wheel/Hub.swatchbin,
    //                           Body/paint.materialbin
    //   Media/Broken.zip        not a zip
    //   media.zip               cars/body/paint.materialbin (shadowed by Cars.zip),
    //                           shaders/base.shaderbin, dup/A.bin, dup/a.bin, and hostile names:
    //                           ../escape.swatchbin, /abs.swatchbin, shaders\win.shaderbin
    // Install B: media/cars/wheel/tyre.swatchbin (loose), media/only_b.swatchbin.
    // Outside both: secret.txt, which a ".." would reach.
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const std::string t = m_dir.path().toStdString();
        m_a = t + "/installA";
        m_b = t + "/installB";
        m_outside = t + "/secret.txt";
        using archive::writeZip;
        writeFile(m_a + "/Media/Cars/Wheel/rim.swatchbin", bytesOf("A loose rim"));
        writeFile(m_a + "/Media/Cars/Wheel.zip", writeZip({{"rim.swatchbin", bytesOf("A Wheel.zip rim")},
                                                           {"Tyre.swatchbin", bytesOf("A Wheel.zip tyre")}}));
        writeFile(m_a + "/Media/Cars.zip",
                  writeZip({{"wheel/tyre.swatchbin", bytesOf("A Cars.zip tyre")},
                            {"Wheel/Hub.swatchbin", bytesOf("A Cars.zip hub")},
                            {"Body/paint.materialbin", bytesOf("A Cars.zip paint")}}));
        writeFile(m_a + "/Media/Broken.zip", Bytes(64, 0x42));
        writeFile(m_a + "/media.zip", writeZip({{"cars/body/paint.materialbin", bytesOf("A media.zip paint")},
                                                {"shaders/base.shaderbin", bytesOf("A media.zip shader")},
                                                {"dup/A.bin", bytesOf("upper")},
                                                {"dup/a.bin", bytesOf("lower")},
                                                {"../escape.swatchbin", bytesOf("escaped")},
                                                {"/abs.swatchbin", bytesOf("absolute")},
                                                {"shaders\\win.shaderbin", bytesOf("backslashed")}}));
        writeFile(m_b + "/media/cars/wheel/tyre.swatchbin", bytesOf("B loose tyre"));
        writeFile(m_b + "/media/only_b.swatchbin", bytesOf("B only"));
        writeFile(m_outside, bytesOf("secret"));
    }

    // The path's parts: prefix and leading separators dropped, both separators, "." and empty parts.
    void gamePathParts() {
        std::string refusal;
        QCOMPARE(resolve::gamePathParts("Game:\\Media\\A\\b.swatchbin", refusal),
                 std::optional(Strings{"Media", "A", "b.swatchbin"}));
        QCOMPARE(resolve::gamePathParts("game:/media//a/./b", refusal),
                 std::optional(Strings{"media", "a", "b"}));
        QCOMPARE(resolve::gamePathParts("\\\\Media\\x", refusal), std::optional(Strings{"Media", "x"}));
        QVERIFY(!resolve::gamePathParts("Game:\\Media\\..\\..\\secret.txt", refusal));
        QCOMPARE(refusal, std::string("a \"..\" part would leave the root"));
        QVERIFY(!resolve::gamePathParts("Game:\\a.zip::b", refusal));
        QCOMPARE(refusal, std::string("a part holding \"::\" would name an archive entry"));
        QVERIFY(!resolve::gamePathParts("Game:\\\\", refusal));
        QCOMPARE(refusal, std::string("the path names no file"));
        QCOMPARE(gamePathText({"Media", "A", "b.swatchbin"}), std::string("Game:\\Media\\A\\b.swatchbin"));
    }

    // The loose file beats every zip; found as the disk spells it, tried as the path spells it.
    void looseBeatsZip() {
        const GameResolver r({m_a});
        const Resolution res = r.resolve("Game:\\media\\CARS\\wheel\\RIM.swatchbin");
        QCOMPARE(res.found, std::optional(m_a + "/Media/Cars/Wheel/rim.swatchbin"));
        QCOMPARE(res.tried, Strings{m_a + "/media/CARS/wheel/RIM.swatchbin"});
        QCOMPARE(loaded(*res.found), std::string("A loose rim"));
    }

    // No loose tyre: the longest prefix's zip (Wheel.zip) beats Cars.zip's wheel/tyre.swatchbin.
    void longerPrefixBeatsShorter() {
        const GameResolver r({m_a});
        Resolution res = r.resolve("Game:\\media\\cars\\wheel\\TYRE.swatchbin");
        QCOMPARE(res.found, std::optional(m_a + "/Media/Cars/Wheel.zip::Tyre.swatchbin"));
        QCOMPARE(res.tried, (Strings{m_a + "/media/cars/wheel/TYRE.swatchbin",
                                     m_a + "/media/cars/wheel.zip::TYRE.swatchbin"}));
        QCOMPARE(loaded(*res.found), std::string("A Wheel.zip tyre"));
        // Wheel.zip holds no hub: the next prefix, Cars.zip, whose entry's folder differs in case.
        res = r.resolve("Game:/media/cars/wheel/hub.swatchbin");
        QCOMPARE(res.found, std::optional(m_a + "/Media/Cars.zip::Wheel/Hub.swatchbin"));
        QCOMPARE(res.tried, (Strings{m_a + "/media/cars/wheel/hub.swatchbin",
                                     m_a + "/media/cars/wheel.zip::hub.swatchbin",
                                     m_a + "/media/cars.zip::wheel/hub.swatchbin"}));
        QCOMPARE(loaded(*res.found), std::string("A Cars.zip hub"));
        // No Body folder and no Body.zip: Cars.zip beats media.zip's copy.
        res = r.resolve("Game:\\Media\\Cars\\Body\\paint.materialbin");
        QCOMPARE(res.found, std::optional(m_a + "/Media/Cars.zip::Body/paint.materialbin"));
        QCOMPARE(res.tried.size(), std::size_t(3));
        // The shortest prefix: the zip named by the first part, beside the media folder.
        res = r.resolve("Game:\\\\Media\\Shaders\\Base.shaderbin");
        QCOMPARE(res.found, std::optional(m_a + "/media.zip::shaders/base.shaderbin"));
        QCOMPARE(res.tried,
                 (Strings{m_a + "/Media/Shaders/Base.shaderbin", m_a + "/Media/Shaders.zip::Base.shaderbin",
                          m_a + "/Media.zip::Shaders/Base.shaderbin"}));
        QCOMPARE(loaded(*res.found), std::string("A media.zip shader"));
    }

    // Names that differ only in case: the spelling asked for, else the first in byte order.
    void caseCollisions() {
        const GameResolver r({m_a});
        QCOMPARE(r.resolve("Game:\\media\\dup\\a.bin").found, std::optional(m_a + "/media.zip::dup/a.bin"));
        QCOMPARE(r.resolve("Game:\\media\\dup\\A.bin").found, std::optional(m_a + "/media.zip::dup/A.bin"));
        QCOMPARE(r.resolve("Game:\\MEDIA\\DUP\\A.BIN").found, std::optional(m_a + "/media.zip::dup/A.bin"));
    }

    // Roots in order: A's zip beats B's loose file when A comes first, and the other way round.
    void rootsInOrder() {
        const std::string path = "Game:\\media\\cars\\wheel\\tyre.swatchbin";
        QCOMPARE(GameResolver({m_a, m_b}).resolve(path).found,
                 std::optional(m_a + "/Media/Cars/Wheel.zip::Tyre.swatchbin"));
        const Resolution res = GameResolver({m_b, m_a}).resolve(path);
        QCOMPARE(res.found, std::optional(m_b + "/media/cars/wheel/tyre.swatchbin"));
        QCOMPARE(res.tried, Strings{m_b + "/media/cars/wheel/tyre.swatchbin"});
        // Only in B: every candidate under A first.
        const Resolution onlyB = GameResolver({m_a, m_b}).resolve("Game:\\Media\\only_b.swatchbin");
        QCOMPARE(onlyB.found, std::optional(m_b + "/media/only_b.swatchbin"));
        QCOMPARE(onlyB.tried, (Strings{m_a + "/Media/only_b.swatchbin", m_a + "/Media.zip::only_b.swatchbin",
                                       m_b + "/Media/only_b.swatchbin"}));
    }

    // Not found: every candidate under every root, in order, and the message naming them.
    void notFoundListsWhatWasTried() {
        const Resolution res = GameResolver({m_a, m_b}).resolve("Game:\\Media\\Nothing\\x.swatchbin");
        QVERIFY(!res.found);
        const Strings tried{m_a + "/Media/Nothing/x.swatchbin",      m_a + "/Media/Nothing.zip::x.swatchbin",
                            m_a + "/Media.zip::Nothing/x.swatchbin", m_b + "/Media/Nothing/x.swatchbin",
                            m_b + "/Media/Nothing.zip::x.swatchbin", m_b + "/Media.zip::Nothing/x.swatchbin"};
        QCOMPARE(res.tried, tried);
        std::string expected = "Game:\\Media\\Nothing\\x.swatchbin was not found (tried ";
        for (std::size_t i = 0; i < tried.size(); ++i)
            expected += (i ? ", " : "") + tried[i];
        QCOMPARE(notFoundText("Game:\\Media\\Nothing\\x.swatchbin", res), expected + ")");
        QCOMPARE(notFoundText("Game:\\x", GameResolver({}).resolve("Game:\\x")),
                 std::string("Game:\\x was not found: no root to look under (give --root DIR)"));
        // A root that cannot be listed says so on its first candidate.
        const Resolution missing = GameResolver({m_a + "/nowhere"}).resolve("Game:\\x.bin");
        QCOMPARE(missing.tried.size(), std::size_t(1));
        QVERIFY(missing.tried[0].starts_with(m_a + "/nowhere/x.bin (cannot list " + m_a + "/nowhere: "));
    }

    // A zip that cannot be read is a candidate with the reason, and the search goes on.
    void unreadableZipIsNamed() {
        const Resolution res = GameResolver({m_a}).resolve("Game:\\Media\\Broken\\x.swatchbin");
        QVERIFY(!res.found);
        QCOMPARE(res.tried.size(), std::size_t(3));
        QVERIFY2(
            res.tried[1].starts_with(m_a + "/Media/Broken.zip::x.swatchbin (" + m_a + "/Media/Broken.zip: "),
            res.tried[1].c_str());
        QCOMPARE(res.tried[2], m_a + "/Media.zip::Broken/x.swatchbin");
    }

    // ".." never leaves the root (the file outside exists), and hostile entry names never answer.
    void hostileNamesAreRefused() {
        const GameResolver r({m_a + "/Media/Cars"});
        const Resolution res = r.resolve("Game:\\..\\..\\secret.txt");
        QVERIFY(!res.found);
        QVERIFY(res.tried.empty());
        QCOMPARE(res.refused, std::string("a \"..\" part would leave the root"));
        QCOMPARE(notFoundText("Game:\\..\\..\\secret.txt", res),
                 std::string("Game:\\..\\..\\secret.txt was refused: a \"..\" part would leave the root"));
        const GameResolver a({m_a});
        QVERIFY(!a.resolve("Game:\\media\\..\\escape.swatchbin").found);
        QVERIFY(!a.resolve("Game:\\media\\abs.swatchbin").found);
        // The entry "shaders\win.shaderbin" is not the path shaders/win.shaderbin.
        QVERIFY(!a.resolve("Game:\\media\\shaders\\win.shaderbin").found);
    }

    // The root an input lies under: the folder holding its nearest `media` folder (any case),
    // the archive's for an entry, and media.zip's own folder.
    void rootFromAnInput() {
        QCOMPARE(rootOf(m_a + "/Media/Cars/Wheel/rim.swatchbin"), std::optional(m_a));
        QCOMPARE(rootOf(m_a + "/Media/Cars.zip::Wheel/Hub.swatchbin"), std::optional(m_a));
        QCOMPARE(rootOf(m_a + "/media.zip::shaders/base.shaderbin"), std::optional(m_a));
        QCOMPARE(rootOf(m_a + "/Media/Cars.zip::media/x.bin"), std::optional(m_a)); // entries do not count
        QCOMPARE(rootOf("media/cars/a.modelbin"), std::optional(std::string(".")));
        QCOMPARE(rootOf("/media/a.modelbin"), std::optional(std::string("/")));
        QCOMPARE(rootOf(m_b + "/media/cars/media/x.bin"), std::optional(m_b + "/media/cars"));
        QVERIFY(!rootOf(m_outside));
        QVERIFY(!rootOf("a.modelbin"));
        QVERIFY(!rootOf(m_a + "/mediax/a.zip::b"));
        // The roots given first, then the input's own, once.
        QCOMPARE(rootsFor({m_b}, m_a + "/Media/Cars.zip::Wheel/Hub.swatchbin"), (Strings{m_b, m_a}));
        QCOMPARE(rootsFor({m_a, m_b}, m_a + "/Media/x"), (Strings{m_a, m_b}));
        QCOMPARE(rootsFor({m_b}, m_outside), Strings{m_b});
        // A resolver built from an archive entry's root finds its neighbours.
        const GameResolver r(rootsFor({}, m_a + "/Media/Cars.zip::Wheel/Hub.swatchbin"));
        QCOMPARE(r.resolve("Game:\\Media\\Cars\\Wheel\\rim.swatchbin").found,
                 std::optional(m_a + "/Media/Cars/Wheel/rim.swatchbin"));
    }

    // The rule backwards: the Game:\ path that names an input under a root.
    void gamePathOfAnInput() {
        QCOMPARE(gamePathOf(m_a + "/Media/Cars.zip::Wheel/Hub.swatchbin", m_a),
                 std::optional(std::string("Game:\\Media\\Cars\\Wheel\\Hub.swatchbin")));
        QCOMPARE(gamePathOf(m_a + "/Media/Cars/Wheel/rim.swatchbin", m_a + "/"),
                 std::optional(std::string("Game:\\Media\\Cars\\Wheel\\rim.swatchbin")));
        QCOMPARE(gamePathOf(m_a + "/media.zip::shaders/base.shaderbin"),
                 std::optional(std::string("Game:\\media\\shaders\\base.shaderbin")));
        QCOMPARE(gamePathOf("media/cars/a.modelbin"),
                 std::optional(std::string("Game:\\media\\cars\\a.modelbin")));
        QVERIFY(!gamePathOf(m_b + "/media/only_b.swatchbin", m_a));  // not below the root
        QVERIFY(!gamePathOf(m_outside));                             // no install
        QVERIFY(!gamePathOf(m_a + "/media.zip::x.zip::y.bin", m_a)); // nested archives
        QVERIFY(!gamePathOf(m_a + "/media.zip::../escape.swatchbin", m_a));
        QVERIFY(!gamePathOf(m_a + "/media.zip::shaders\\win.shaderbin", m_a));
        QVERIFY(!gamePathOf(m_a + "/media.zip::shaders/", m_a));
        QVERIFY(!gamePathOf(m_a, m_a));
        // Each answer above resolves back to its input (none is shadowed).
        const GameResolver r({m_a});
        for (const std::string& input :
             {m_a + "/Media/Cars.zip::Wheel/Hub.swatchbin", m_a + "/Media/Cars/Wheel/rim.swatchbin",
              m_a + "/media.zip::shaders/base.shaderbin"})
            QCOMPARE(r.resolve(*gamePathOf(input, m_a)).found, std::optional(input));
    }

    // Caches of one name each: every listing and zip index is dropped and read again, and the
    // answers stay the same; several threads asking at once get the same answers too.
    void answersDoNotDependOnTheCache() {
        const Strings paths{
            "Game:\\media\\CARS\\wheel\\RIM.swatchbin", "Game:\\media\\cars\\wheel\\TYRE.swatchbin",
            "Game:/media/cars/wheel/hub.swatchbin",     "Game:\\Media\\Cars\\Body\\paint.materialbin",
            "Game:\\\\Media\\Shaders\\Base.shaderbin",  "Game:\\Media\\Nothing\\x.swatchbin"};
        const GameResolver roomy({m_a, m_b});
        const GameResolver tight({m_a, m_b}, ResolverLimits{1, 1});
        std::vector<Resolution> expected;
        for (const std::string& path : paths)
            expected.push_back(roomy.resolve(path));
        for (int round = 0; round < 2; ++round)
            for (std::size_t i = 0; i < paths.size(); ++i) {
                const Resolution res = tight.resolve(paths[i]);
                QCOMPARE(res.found, expected[i].found);
                QCOMPARE(res.tried, expected[i].tried);
            }
        const GameResolver shared({m_a, m_b}, ResolverLimits{3, 2});
        std::vector<std::future<bool>> runs;
        for (int t = 0; t < 4; ++t)
            runs.push_back(std::async(std::launch::async, [&] {
                bool same = true;
                for (int round = 0; round < 20; ++round)
                    for (std::size_t i = 0; i < paths.size(); ++i)
                        same = same && shared.resolve(paths[i]).found == expected[i].found;
                return same;
            }));
        for (auto& run : runs)
            QVERIFY(run.get());
    }

    // The pool: one resolver per list of roots (their order counts), the least recently asked for
    // dropped past kMaxResolvers, all of them dropped by clear(); a resolver handed out outlives
    // its place in the pool.
    void poolKeepsOneResolverPerRoots() {
        ResolverPool pool;
        const auto ab = pool.forRoots({m_a, m_b});
        QVERIFY(ab);
        QCOMPARE(ab->roots(), (Strings{m_a, m_b}));
        QCOMPARE(pool.forRoots({m_a, m_b}).get(), ab.get());
        const auto ba = pool.forRoots({m_b, m_a});
        QVERIFY(ba.get() != ab.get());
        QCOMPARE(ba->roots(), (Strings{m_b, m_a}));
        // Lists that would read alike joined: ["a", "b"] and ["ab"], [""] and [].
        QVERIFY(pool.forRoots(Strings{"a", "b"}).get() != pool.forRoots(Strings{"ab"}).get());
        QVERIFY(pool.forRoots(Strings{""}).get() != pool.forRoots(Strings{}).get());
        QCOMPARE(pool.size(), std::size_t(6));
        // An input's roots: the given ones, then its own (rootsFor); m_a's input gives [m_b, m_a].
        QCOMPARE(pool.forInput({m_b}, m_a + "/Media/Cars.zip::Wheel/Hub.swatchbin").get(), ba.get());
        QCOMPARE(pool.forInput({m_a}, m_a + "/Media/x").get(), pool.forRoots({m_a}).get());
        QCOMPARE(pool.forInput({}, m_outside)->roots(), Strings{});
        QCOMPARE(pool.size(), std::size_t(7));
        // It answers as any resolver of those roots: found under the second.
        QCOMPARE(ab->resolve("Game:\\Media\\only_b.swatchbin").found,
                 std::optional(m_b + "/media/only_b.swatchbin"));
    }

    void poolIsBounded() {
        ResolverPool pool;
        const std::size_t n = ResolverPool::kMaxResolvers;
        std::vector<std::shared_ptr<const GameResolver>> first;
        for (std::size_t i = 0; i < n; ++i)
            first.push_back(pool.forRoots({m_a + "/r" + std::to_string(i)}));
        QCOMPARE(pool.size(), n);
        // r0 asked again: now the most recent, so r1 is the one a new list pushes out.
        QCOMPARE(pool.forRoots({m_a + "/r0"}).get(), first[0].get());
        const auto extra = pool.forRoots({m_a + "/r" + std::to_string(n)});
        QCOMPARE(pool.size(), n);
        QCOMPARE(pool.forRoots({m_a + "/r0"}).get(), first[0].get());
        QCOMPARE(pool.forRoots({m_a + "/r" + std::to_string(n)}).get(), extra.get());
        const auto again = pool.forRoots({m_a + "/r1"}); // made anew (and pushes out r2)
        QVERIFY(again.get() != first[1].get());
        QCOMPARE(again->roots(), Strings{m_a + "/r1"});
        QCOMPARE(pool.size(), n);
        // The dropped one still answers for whoever holds it.
        QCOMPARE(first[1]->roots(), Strings{m_a + "/r1"});
    }

    void poolClearForgets() {
        ResolverPool pool;
        const auto a = pool.forRoots({m_a});
        pool.forRoots({m_b});
        QCOMPARE(pool.size(), std::size_t(2));
        pool.clear();
        QCOMPARE(pool.size(), std::size_t(0));
        const auto fresh = pool.forRoots({m_a});
        QVERIFY(fresh.get() != a.get());
        QCOMPARE(pool.forRoots({m_a}).get(), fresh.get());
        QCOMPARE(a->resolve("Game:\\Media\\Cars\\Wheel\\rim.swatchbin").found,
                 std::optional(m_a + "/Media/Cars/Wheel/rim.swatchbin"));
    }

    // Several threads asking at once for the same few lists get one resolver per list.
    void poolIsSharedBetweenThreads() {
        ResolverPool pool;
        const std::vector<Strings> lists{{m_a}, {m_b}, {m_a, m_b}};
        constexpr int kThreads = 6;
        std::vector<std::future<std::vector<const GameResolver*>>> runs;
        for (int t = 0; t < kThreads; ++t)
            runs.push_back(std::async(std::launch::async, [&pool, &lists, t] {
                std::vector<const GameResolver*> seen(lists.size(), nullptr);
                for (int round = 0; round < 200; ++round)
                    for (std::size_t i = 0; i < lists.size(); ++i) {
                        // Each thread starts at another list, so that first asks meet.
                        const std::size_t k = (i + static_cast<std::size_t>(t)) % lists.size();
                        const GameResolver* got = pool.forRoots(lists[k]).get();
                        if (!seen[k]) seen[k] = got;
                        if (seen[k] != got) seen[k] = nullptr; // a second object: fails below
                    }
                return seen;
            }));
        std::vector<std::vector<const GameResolver*>> seen;
        for (auto& run : runs)
            seen.push_back(run.get());
        for (std::size_t k = 0; k < lists.size(); ++k) {
            const GameResolver* kept = pool.forRoots(lists[k]).get();
            for (const auto& thread : seen)
                QCOMPARE(thread[k], kept);
        }
        QCOMPARE(pool.size(), lists.size());
    }
};

QTEST_GUILESS_MAIN(TestResolve)
#include "tst_resolve.moc"
