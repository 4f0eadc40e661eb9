// The one case-insensitive compare: ASCII letters only, whatever the process locale.
#include "bytes/ascii_case.h"

#include <QtTest>

#include <clocale>

using namespace assetscope;

class TestAsciiCase : public QObject {
    Q_OBJECT
private slots:
    void lowerAndUpperTouchOnlyAsciiLetters() {
        QCOMPARE(asciiLower("Props/Crate_Wood-2.PGEO"), std::string("props/crate_wood-2.pgeo"));
        QCOMPARE(asciiUpper("evolving_world 3"), std::string("EVOLVING_WORLD 3"));
        // 0xC4 is Ä in Latin-1 and a lead byte in UTF-8: left as it is, as are '@' and '[' (one
        // below 'A' and one above 'Z') and '`' and '{' (around 'a' to 'z').
        QCOMPARE(asciiLower("\xC4@[Z"), std::string("\xC4@[z"));
        QCOMPARE(asciiUpper("\xE4`{a"), std::string("\xE4`{A"));
        QCOMPARE(asciiLower('Q'), 'q');
        QCOMPARE(asciiUpper('q'), 'Q');
    }

    void compareIgnoresCaseOnly() {
        QVERIFY(equalsNoCase("C75_GrassTemplate_DO_221.pgeo", "c75_grasstemplate_do_221.PGEO"));
        QVERIFY(!equalsNoCase("abc", "abcd"));
        QVERIFY(!equalsNoCase("a_b", "a b"));
        QVERIFY(equalsNoCase("", ""));
    }

    void endings() {
        QVERIFY(endsWithNoCase("media/Samples.ZIP", ".zip"));
        QVERIFY(endsWithNoCase("crate.MeshSet", ".meshset"));
        QVERIFY(!endsWithNoCase("pgeo", ".pgeo")); // shorter than the ending
        QVERIFY(!endsWithNoCase("x.pgeo.bak", ".pgeo"));
        QVERIFY(endsWithNoCase("anything", ""));
    }

    void theLocaleDoesNotChangeIt() {
        // A Latin-1 locale makes std::tolower(0xC4) 0xE4; the helper stays ASCII-only.
        const std::string saved = std::setlocale(LC_CTYPE, nullptr);
        if (!std::setlocale(LC_CTYPE, "de_DE.ISO-8859-1") && !std::setlocale(LC_CTYPE, "en_US.ISO-8859-1"))
            QSKIP("no Latin-1 locale installed");
        QVERIFY(!equalsNoCase("\xC4", "\xE4"));
        QCOMPARE(asciiLower("\xC4"), std::string("\xC4"));
        std::setlocale(LC_CTYPE, saved.c_str());
    }
};

QTEST_APPLESS_MAIN(TestAsciiCase)
#include "tst_ascii_case.moc"
