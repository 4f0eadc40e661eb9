// The command line's contract: output shapes, exit codes and error lines.
#include "test_support.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using assetscope::test::runCli;
using assetscope::test::runProcess;

namespace {

void checkNodeSchema(const QJsonObject& node, int& count) {
    ++count;
    for (const char* key : {"name", "kind", "offset", "size", "type", "value", "children", "diagnostics"})
        QVERIFY2(node.contains(key), key);
    static const QStringList kinds{"file",   "archive", "entry", "bundle", "blob", "metadata",
                                   "struct", "field",   "array", "bytes",  "error"};
    QVERIFY(kinds.contains(node["kind"].toString()));
    if (node.contains("confidence")) {
        static const QStringList levels{"Proven", "Observed", "Inferred", "Unknown", "Sourced", "Derived"};
        QVERIFY(levels.contains(node["confidence"].toString()));
    }
    for (const auto d : node["diagnostics"].toArray()) {
        const QJsonObject o = d.toObject();
        QVERIFY(QStringList({"error", "warning", "note"}).contains(o["severity"].toString()));
        QVERIFY(!o["rule"].toString().isEmpty());
    }
    for (const auto c : node["children"].toArray())
        checkNodeSchema(c.toObject(), count);
}

// Every command with the options and arguments its help lists, as the help names them.
const QList<QPair<QString, QStringList>>& commandOptions() {
    static const QList<QPair<QString, QStringList>> list{
        {"info", {"INPUT", "--chunk FILE"}},
        {"dump", {"INPUT", "--json", "--max-array N", "--notes FILE", "--chunk FILE"}},
        {"census", {"PATH...", "--json", "--jobs N", "--progress", "--quiet", "--chunk FILE"}},
        {"verify", {"INPUT", "--chunk FILE"}},
        {"placements", {"INPUT", "--csv", "--json", "--chunk FILE"}},
        {"export",
         {"INPUT...", "--mesh I...", "--lod L", "--variant V", "--season S", "--mip N", "--slice S",
          "--format glb|gltf|obj|fbx|png|dds", "--jobs N", "--progress", "--quiet", "-o, --output OUT",
          "--chunk FILE"}},
        {"make-samples", {"DIR", "--chunk FILE"}},
        {"fields", {"FORMAT", "--json", "--chunk FILE"}},
        {"stats",
         {"PATH...", "--json", "--jobs N", "--top K", "--field KEY...", "--progress", "--quiet",
          "--chunk FILE"}},
        {"diff", {"A", "B", "--json", "--max N", "--chunk FILE"}},
        {"find",
         {"PATH...", "--json", "--max N", "--field KEY", "--value V", "--bytes HEX", "--text S", "--jobs N",
          "--progress", "--quiet", "--chunk FILE"}},
        {"materials", {"INPUT", "--json", "--root DIR...", "--chunk FILE"}},
        {"ls", {"PATH...", "--json", "-r", "--glob G", "--chunk FILE"}},
    };
    return list;
}

// The option names in a help label ("-o, --output OUT" → -o, --output).
QStringList optionNames(const QString& label) {
    QStringList names;
    for (QString word : label.split(' ')) {
        word.remove(',');
        if (word.startsWith('-')) names << word;
    }
    return names;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_samples;

    QString sample(const QString& relative) const { return m_samples + "/" + relative; }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_samples = m_dir.filePath("samples");
        const auto r = runCli({"make-samples", m_samples});
        QCOMPARE(r.exitCode, 0);
    }

    void unknownCommandIsAUsageError() {
        const auto r = runCli({"frobnicate"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("assetscope-cli: "));
    }

    void missingInputIsExit2WithTheContractLine() {
        const auto r = runCli({"info", "/no/such/file.modelbin"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith("assetscope-cli: /no/such/file.modelbin: "), r.err.constData());
    }

    void unsupportedFormatIsExit2() {
        QFile f(m_dir.filePath("noise.bin"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(64, '\x11'));
        f.close();
        const auto r = runCli({"info", f.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unsupported format"));
    }

    void infoOnASampleAndAnArchiveEntry() {
        auto r = runCli({"info", sample("media/crowds/sample_crowd.crowdbin")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("format: grub"));
        QVERIFY(r.out.contains("nested bundles: 7"));
        r = runCli({"info", sample("media/Samples.zip") + "::media/crowds/sample_crowd.crowdbin"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("nested bundles: 7"));
        r = runCli({"info", sample("media/Samples.zip") + "::media/no_such_entry"});
        QCOMPARE(r.exitCode, 2);
    }

    void refusalsGiveExit1AndArePrinted() {
        QFile in(sample("media/materials/sample_brick_wall.materialbin"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        bytes[5] = 7; // version 1.7
        QFile out(m_dir.filePath("bad.materialbin"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        const auto r = runCli({"info", out.fileName()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("[grub.header.version]"), r.out.constData());
        QVERIFY(r.out.contains("refused: "));
    }

    void dumpJsonFollowsTheNodeSchema() {
        const auto r = runCli({"dump", "--json", sample("media/shaders/sample_environment.shaderbin")});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QVERIFY(doc.isObject());
        QCOMPARE(doc.object()["kind"].toString(), QString("file"));
        int count = 0;
        checkNodeSchema(doc.object(), count);
        QVERIFY(count > 20);
        QVERIFY(r.out.contains("\"name\": \"header_size\""));
        QVERIFY(r.out.contains("\"confidence\": \"Proven\""));
    }

    void dumpTextAndMaxArray() {
        auto r = runCli({"dump", "--max-array", "x", sample("media/shaders/sample_environment.shaderbin")});
        QCOMPARE(r.exitCode, 2);
        r = runCli({"dump", sample("media/shaders/sample_environment.shaderbin")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("VDCL payload"));
    }

    void verifyReportsIdenticalWriteBack() {
        for (const char* file :
             {"media/textures/sample_rain_mask.swatchbin", "media/crowds/sample_crowd.crowdbin",
              "media/shaders/sample_environment.shaderbin"}) {
            const auto r = runCli({"verify", sample(file)});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.contains("write-back: identical"), r.out.constData());
        }
    }

    void verifyNamesTheFirstDifference() {
        QFile in(sample("media/materials/sample_brick_wall.materialbin"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        bytes[0x28] = static_cast<char>(bytes[0x28] + 1); // "data size again" of blob 0: a warning only
        QFile out(m_dir.filePath("pad.materialbin"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes);
        out.close();
        const auto r = runCli({"verify", out.fileName()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("write-back: differs at 0x28"), r.out.constData());
    }

    void censusJsonHasTheContractKeys() {
        const auto r = runCli({"census", "--json", "--jobs", "2", m_samples});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QStringList contractOrder = {"files",    "by_format",  "bundles",  "nested_bundles",
                                           "blobs",    "metadata",   "meshes",   "indices",
                                           "vertices", "placements", "textures", "refusals"};
        for (const QString& key : contractOrder)
            QVERIFY2(o.contains(key), qPrintable(key));
        // QJsonObject sorts its keys, so the printed order is read from the text: the object's own
        // keys are the lines indented once. The keys materials and shaders add come after every
        // name the contract fixes, in name order.
        QStringList printed;
        for (const QByteArray& line : r.out.split('\n'))
            if (line.startsWith("  \"")) printed << QString::fromUtf8(line.mid(3, line.indexOf('"', 3) - 3));
        QStringList expected = contractOrder;
        expected << "materials"
                 << "parameters"
                 << "shaders";
        QCOMPARE(printed, expected);
        // The sample material, the wheel's two, the 14 inside media/materials/environment.zip and
        // the sample crowd's, each loose and again in media/Samples.zip.
        QCOMPARE(o["materials"].toInt(), 2 * (1 + 2 + 14 + 1));
        QCOMPARE(o["shaders"].toInt(), 2);
        QVERIFY(o["files"].toInt() > 0);
        QVERIFY(o["blobs"].toObject().contains("TXCB 2.0"));
        QVERIFY(o["metadata"].toObject().contains("Name"));
        // The folder holds every sample twice: loose and in media/Samples.zip.
        const auto single =
            QJsonDocument::fromJson(runCli({"census", "--json", sample("media/Samples.zip")}).out);
        QCOMPARE(o["files"].toInt(), 2 * single.object()["files"].toInt());
    }

    void censusCountsRefusalsByRule() {
        const auto r = runCli({"census", "--json", m_dir.path()});
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QStringList rules;
        for (const auto v : o["refusals"].toArray())
            rules << v.toObject()["rule"].toString();
        if (QFile::exists(m_dir.filePath("bad.materialbin"))) QVERIFY(rules.contains("grub.header.version"));
        QCOMPARE(r.exitCode, rules.isEmpty() ? 0 : 1);
    }

    // A progress line goes to stderr only (forced here: stderr is not a terminal in a test) and
    // is erased at the end; stdout stays what it is without it, and --quiet leaves stderr empty.
    void censusProgressLineIsOnStderrOnly() {
        const auto plain = runCli({"census", "--json", m_samples});
        const auto shown = runCli({"census", "--json", "--progress", m_samples});
        QCOMPARE(shown.exitCode, plain.exitCode);
        QCOMPARE(shown.out, plain.out);
        QVERIFY2(shown.err.contains("census: ") && shown.err.contains(" files, "), shown.err.constData());
        QVERIFY(shown.err.endsWith('\r')); // blanked, back at the line's start
        const auto quiet = runCli({"census", "--json", "--quiet", m_samples});
        QCOMPARE(quiet.out, plain.out);
        QVERIFY(quiet.err.isEmpty());
        QVERIFY(plain.err.isEmpty()); // not a terminal: no line unless asked for
        QCOMPARE(runCli({"census", "--progress", "--quiet", m_samples}).exitCode, 2);
    }

    void censusJobsMustBeANumber() {
        QCOMPARE(runCli({"census", "--jobs", "zero", m_samples}).exitCode, 2);
        QCOMPARE(runCli({"census", "/no/such/folder"}).exitCode, 2);
    }

    void helpListsTheCommands() {
        for (const QStringList& args : {QStringList{"--help"}, QStringList{"-h"}, QStringList{"help"}}) {
            const auto r = runCli(args);
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.err.isEmpty());
            QVERIFY2(r.out.startsWith("Usage: assetscope-cli info INPUT\n"), r.out.constData());
            for (const auto& [command, options] : commandOptions())
                QVERIFY2(r.out.contains(("\n  " + command + " ").toUtf8()), qPrintable(command));
            QVERIFY(r.out.contains("--version"));
        }
        // Without arguments the same help is a usage error.
        const auto bare = runCli({});
        QCOMPARE(bare.exitCode, 2);
        QCOMPARE(bare.out, runCli({"--help"}).out);
    }

    void eachCommandHasHelp_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("options");
        for (const auto& [command, options] : commandOptions())
            QTest::newRow(qPrintable(command)) << command << options;
    }

    void eachCommandHasHelp() {
        QFETCH(QString, command);
        QFETCH(QStringList, options);
        const auto help = runCli({command, "--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.err.isEmpty());
        // The usage line is the contract's, as a usage error prints it: without the argument a
        // command needs, or with more than `fields` takes.
        const QByteArray usage =
            runCli(command == "fields" ? QStringList{command, "grub", "pgeo"} : QStringList{command}).err;
        QVERIFY2(usage.startsWith("assetscope-cli: usage: " + command.toUtf8() + " "), usage.constData());
        QCOMPARE(help.out.left(help.out.indexOf('\n') + 1),
                 "Usage: assetscope-cli " + usage.mid(QByteArray("assetscope-cli: usage: ").size()));
        // Each in the first column, its description after it (on the next line after a long one).
        for (const QString& option : options + QStringList{"-h, --help"}) {
            const QByteArray line = ("\n  " + option).toUtf8();
            QVERIFY2(help.out.contains(line + " ") || help.out.contains(line + "\n"), qPrintable(option));
        }
        QCOMPARE(runCli({command, "-h"}).out, help.out);
        QCOMPARE(runCli({"help", command}).out, help.out);
        QCOMPARE(runCli({command, "--chunk", "x", "--help"}).out, help.out);
    }

    void versionIsTheProjectVersion() {
        const auto r = runCli({"--version"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QByteArray("assetscope-cli " ASSETSCOPE_VERSION "\n"));
        QVERIFY(r.err.isEmpty());
    }

    // Assimp is the FBX module's alone: the program itself starts without it.
    void theProgramLoadsAssimpOnlyToWriteFbx() {
        QProcess ldd;
        ldd.start("ldd", {ASSETSCOPE_CLI});
        QVERIFY(ldd.waitForFinished(30000));
        const QByteArray libraries = ldd.readAllStandardOutput();
        QVERIFY2(libraries.contains("libzip"), libraries.constData());
        QVERIFY2(!libraries.contains("libassimp"), libraries.constData());
        QTemporaryDir dir;
        const QString out = dir.filePath("wheel.fbx");
        const auto r =
            runCli({"export", m_samples + "/media/cars/sample_roadster/sample_roadster_wheel_lf.modelbin",
                    "--format", "fbx", "-o", out});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFileInfo(out).size() > 1000);
    }

    // Usage errors name the command and the option, exit 2 and print nothing on stdout.
    void usageErrorsNameTheOption_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown option") << QStringList{"info", "--frobnicate", "x.modelbin"}
                                        << "assetscope-cli: info: unknown option --frobnicate\n";
        QTest::newRow("unknown option with a value")
            << QStringList{"census", "--colour=red", "."}
            << "assetscope-cli: census: unknown option --colour=red\n";
        QTest::newRow("unknown program option")
            << QStringList{"--frobnicate"} << "assetscope-cli: unknown option --frobnicate (see --help)\n";
        QTest::newRow("unknown command") << QStringList{"frobnicate", "x"}
                                         << "assetscope-cli: unknown command 'frobnicate' (see --help)\n";
        QTest::newRow("missing value")
            << QStringList{"census", ".", "--jobs"} << "assetscope-cli: census: --jobs needs a value (N)\n";
        // As with getopt, the word after an option that needs a value is its value.
        QTest::newRow("an option as the value")
            << QStringList{"dump", "--max-array", "--json", "x"}
            << "assetscope-cli: dump: --max-array takes a whole number, not '--json'\n";
        QTest::newRow("missing value of a number") << QStringList{"dump", "x", "--max-array"}
                                                   << "assetscope-cli: dump: --max-array needs a value (N)\n";
        QTest::newRow("missing output") << QStringList{"export", "x.modelbin", "-o"}
                                        << "assetscope-cli: export: -o, --output needs a value (OUT)\n";
        QTest::newRow("not a number")
            << QStringList{"census", "--jobs", "x", "."}
            << "assetscope-cli: census: --jobs takes a number from 1 to 256, not 'x'\n";
        QTest::newRow("zero jobs")
            << QStringList{"census", "--jobs", "0", "."}
            << "assetscope-cli: census: --jobs takes a number from 1 to 256, not '0'\n";
        QTest::newRow("too many jobs")
            << QStringList{"census", "--jobs=257", "."}
            << "assetscope-cli: census: --jobs takes a number from 1 to 256, not '257'\n";
        QTest::newRow("negative") << QStringList{"dump", "--max-array", "-1", "x"}
                                  << "assetscope-cli: dump: --max-array takes a whole number, not '-1'\n";
        QTest::newRow("hex") << QStringList{"export", "x", "--lod", "0x1", "-o", "o.glb"}
                             << "assetscope-cli: export: --lod takes a LOD number, not '0x1'\n";
        QTest::newRow("excluded") << QStringList{"census", "--progress", "--quiet", "."}
                                  << "assetscope-cli: census: --progress excludes --quiet\n";
        QTest::newRow("missing input") << QStringList{"info"} << "assetscope-cli: usage: info INPUT\n";
        QTest::newRow("two inputs") << QStringList{"verify", "a", "b"}
                                    << "assetscope-cli: usage: verify INPUT\n";
        QTest::newRow("no path")
            << QStringList{"census", "--json"}
            << "assetscope-cli: usage: census [--json] [--jobs N] [--progress|--quiet] PATH...\n";
    }

    void usageErrorsNameTheOption() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QString::fromUtf8(r.err), message);
        QVERIFY(r.out.isEmpty());
    }

    // Numbers are decimal, leading zeros and all: 08 is eight jobs, 0300 too many (not octal's 192).
    void numbersAreDecimal() {
        const QString input = sample("media/crowds/sample_crowd.crowdbin");
        const auto r = runCli({"census", "--json", "--jobs", "08", input});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, runCli({"census", "--json", input}).out);
        QCOMPARE(runCli({"census", "--jobs", "0300", input}).err,
                 QByteArray("assetscope-cli: census: --jobs takes a number from 1 to 256, not '0300'\n"));
    }

    // The man page is made at build time from --help-all and --version (help2man).
    void manPageNamesEveryCommandAndOption() {
        QFile page(QStringLiteral(ASSETSCOPE_CLI_MAN_PAGE));
        QVERIFY2(page.open(QIODevice::ReadOnly), ASSETSCOPE_CLI_MAN_PAGE);
        const QString man = QString::fromUtf8(page.readAll());
        QVERIFY(man.contains(QStringLiteral(".TH ASSETSCOPE-CLI \"1\"")));
        // The text without roff's font changes and escapes.
        QString text = man;
        text.remove(QRegularExpression(QStringLiteral(R"(\\f[BIRP]|\\[,/&])")))
            .replace(QStringLiteral("\\-"), "-");
        QVERIFY(text.contains(QStringLiteral("\"assetscope-cli ") + ASSETSCOPE_VERSION + "\""));
        for (const auto& [command, options] : commandOptions()) {
            // In the synopsis, and a section of its own.
            QVERIFY2(text.contains(".B assetscope-cli\n" + command + " "), qPrintable(command));
            QVERIFY2(text.contains(".SS \"assetscope-cli " + command + ":\""), qPrintable(command));
            for (const QString& option : options)
                for (const QString& name : optionNames(option))
                    QVERIFY2(text.contains(name), qPrintable(command + " " + name));
        }
        // The package ships it gzipped.
        const auto unzipped = runProcess("gzip", {"-dc", QStringLiteral(ASSETSCOPE_CLI_MAN_PAGE ".gz")});
        QCOMPARE(unzipped.exitCode, 0);
        QCOMPARE(QString::fromUtf8(unzipped.out), man);
    }

    // What the completion function offers after COMP_WORDS (the last word being completed).
    QStringList complete(const QStringList& words) {
        const QString script =
            QStringLiteral("source \"$1\" && shift && COMP_WORDS=(\"$@\") && COMP_CWORD=$(($# - 1)) && "
                           "_assetscope_cli && printf '%s\\n' \"${COMPREPLY[@]}\"");
        const auto r =
            runProcess("bash", QStringList{"-c", script, "bash", QStringLiteral(ASSETSCOPE_CLI_COMPLETION),
                                           "assetscope-cli"} +
                                   words);
        if (r.exitCode != 0) return {"bash failed: " + QString::fromUtf8(r.err)};
        return QString::fromUtf8(r.out).split('\n', Qt::SkipEmptyParts);
    }

    // The bash completion is made at build time from the same command table as --help.
    void bashCompletesCommandsAndOptions() {
        if (QStandardPaths::findExecutable("bash").isEmpty()) QSKIP("no bash");
        QStringList commands;
        for (const auto& [command, options] : commandOptions())
            commands << command;
        QCOMPARE(complete({""}), (commands + QStringList{"-h", "--help", "--help-all", "--version"}));
        QCOMPARE(complete({"ce"}), QStringList{"census"});
        QCOMPARE(complete({"--"}), (QStringList{"--help", "--help-all", "--version"}));
        for (const auto& [command, options] : commandOptions()) {
            const QStringList offered = complete({command, "-"});
            for (const QString& option : options)
                for (const QString& name : optionNames(option))
                    QVERIFY2(offered.contains(name),
                             qPrintable(command + " " + name + ": " + offered.join(' ')));
            QVERIFY2(offered.contains("--help"), qPrintable(command));
        }
        QCOMPARE(complete({"census", "--j"}), (QStringList{"--json", "--jobs"}));
        QCOMPARE(complete({"export", "x.modelbin", "--format", "g"}), (QStringList{"glb", "gltf"}));
        QCOMPARE(complete({"export", "x.swatchbin", "--format", "d"}), (QStringList{"dds"}));
        QCOMPARE(complete({"census", "--jobs", ""}), QStringList{});
        // Files after a command: the samples' folder holds media/.
        QCOMPARE(complete({"info", m_samples + "/me"}), QStringList{m_samples + "/media"});
        QCOMPARE(complete({"make-samples", m_samples + "/me"}), QStringList{m_samples + "/media"});
        QCOMPARE(complete({"diff", m_samples + "/me"}), QStringList{m_samples + "/media"});
        QCOMPARE(complete({"diff", "x", m_samples + "/me"}), QStringList{m_samples + "/media"});
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
