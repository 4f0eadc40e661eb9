// The documentation as a reader who cloned the repository meets it: every relative link and image
// in README.md and docs/*.md names a file of the repository, every anchor names a heading of its
// file (as GitHub spells anchors), the README stays short enough to read, and docs/cli-contract.md
// is the shared contract's copy. External http(s) links are not followed.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>
#include <QtTest>

namespace {

const QString kSourceDir = QStringLiteral(ASSETSCOPE_SOURCE_DIR);
constexpr qint64 kReadmeLimit = 15360;

QString readText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

bool isFence(const QString& line) {
    const QString t = line.trimmed();
    return t.startsWith(QLatin1String("```")) || t.startsWith(QLatin1String("~~~"));
}

// The text with fenced code blocks and inline code spans blanked out, line breaks kept so offsets
// still give line numbers: a '#' in a shell block is no heading, a `[x](y)` in code no link.
QString proseOf(const QString& text) {
    QStringList lines = text.split(QLatin1Char('\n'));
    bool inFence = false;
    for (QString& line : lines) {
        const bool fence = isFence(line);
        if (fence || inFence) line.clear();
        if (fence) inFence = !inFence;
    }
    QString prose = lines.join(QLatin1Char('\n'));
    for (qsizetype open = prose.indexOf(QLatin1Char('`')); open >= 0;
         open = prose.indexOf(QLatin1Char('`'), open)) {
        const qsizetype close = prose.indexOf(QLatin1Char('`'), open + 1);
        if (close < 0) break;
        // A code span ends within its paragraph; a lone backtick is only a character.
        const qsizetype paragraphEnd = prose.indexOf(QLatin1String("\n\n"), open);
        if (paragraphEnd >= 0 && paragraphEnd < close) {
            open = paragraphEnd;
            continue;
        }
        for (qsizetype i = open; i <= close; ++i)
            if (prose[i] != QLatin1Char('\n')) prose[i] = QLatin1Char(' ');
        open = close + 1;
    }
    return prose;
}

// GitHub's anchor for a heading's text: the text as rendered (code marks and link targets gone),
// lower case, every character that is not a letter, digit, '-', '_' or space dropped, and each
// space a '-'.
QString anchorOf(QString heading) {
    static const QRegularExpression link(QStringLiteral("\\[([^\\]]*)\\]\\([^)]*\\)"));
    heading.replace(link, QStringLiteral("\\1"));
    QString anchor;
    for (const QChar c : heading.trimmed().toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            anchor += c;
        else if (c == QLatin1Char(' '))
            anchor += QLatin1Char('-');
    }
    return anchor;
}

// Every anchor a Markdown file offers: one per ATX heading outside code blocks, a repeated one
// numbered -1, -2 … in order as GitHub numbers them.
QSet<QString> anchorsOf(const QString& text) {
    static const QRegularExpression heading(
        QStringLiteral("^ {0,3}#{1,6}[ \\t]+(.*?)(?:[ \\t]+#+)?[ \\t]*$"));
    QSet<QString> anchors;
    QHash<QString, int> seen;
    bool inFence = false;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (isFence(line)) inFence = !inFence;
        if (inFence) continue;
        const QRegularExpressionMatch m = heading.match(line);
        if (!m.hasMatch()) continue;
        const QString base = anchorOf(m.captured(1));
        const int n = seen[base]++;
        anchors.insert(n == 0 ? base : base + QLatin1Char('-') + QString::number(n));
    }
    return anchors;
}

struct Link {
    int line = 0;
    QString target;
};

// Inline links and images, `[text](target)` and `![alt](target "title")`; the text may run over a
// line break.
QList<Link> linksOf(const QString& text) {
    static const QRegularExpression link(
        QStringLiteral("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)"));
    const QString prose = proseOf(text);
    QList<Link> links;
    for (auto it = link.globalMatch(prose); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const int line = int(prose.left(m.capturedStart(1)).count(QLatin1Char('\n'))) + 1;
        links.append({line, m.captured(1)});
    }
    return links;
}

bool isExternal(const QString& target) {
    return target.startsWith(QLatin1String("http://")) || target.startsWith(QLatin1String("https://")) ||
           target.startsWith(QLatin1String("mailto:"));
}

QStringList documentationFiles() {
    QStringList files{kSourceDir + QStringLiteral("/README.md")};
    const QDir docs(kSourceDir + QStringLiteral("/docs"));
    for (const QString& name : docs.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name))
        files.append(docs.filePath(name));
    return files;
}

// What is wrong with one link of `file`, or an empty string when it resolves.
QString problemOf(const QString& file, const QString& target) {
    const qsizetype hash = target.indexOf(QLatin1Char('#'));
    const QString path = QUrl::fromPercentEncoding(target.left(hash < 0 ? target.size() : hash).toUtf8());
    const QString anchor = hash < 0 ? QString() : target.mid(hash + 1);
    QString resolved = file;
    if (!path.isEmpty()) {
        if (QDir::isAbsolutePath(path)) return QStringLiteral("an absolute path");
        resolved = QDir::cleanPath(QFileInfo(file).dir().filePath(path));
        if (!resolved.startsWith(QDir::cleanPath(kSourceDir) + QLatin1Char('/')))
            return QStringLiteral("points outside the repository");
        if (!QFileInfo::exists(resolved)) return QStringLiteral("no such file");
    }
    if (anchor.isEmpty()) return {};
    if (!resolved.endsWith(QLatin1String(".md")))
        return QStringLiteral("an anchor into a file that is not Markdown");
    if (!anchorsOf(readText(resolved)).contains(anchor)) return QStringLiteral("no heading has this anchor");
    return {};
}

} // namespace

class TestDocsLinks : public QObject {
    Q_OBJECT

private slots:
    // Worked out by hand from GitHub's rule, on headings of the kinds the documents use.
    void anchorsFollowGitHubsRule() {
        QCOMPARE(anchorOf(QStringLiteral("Readings of the documents")),
                 QStringLiteral("readings-of-the-documents"));
        QCOMPARE(anchorOf(QStringLiteral("Models (.modelbin)")), QStringLiteral("models-modelbin"));
        QCOMPARE(anchorOf(QStringLiteral("Two inputs compared: `diff`")),
                 QStringLiteral("two-inputs-compared-diff"));
        QCOMPARE(anchorOf(QStringLiteral("Census, export and screenshots")),
                 QStringLiteral("census-export-and-screenshots"));
        QCOMPARE(anchorOf(QStringLiteral("The 3D pane")), QStringLiteral("the-3d-pane"));
        // '×' and '.' are dropped; the two spaces around "--jobs" and its own '-'s stay.
        QCOMPARE(anchorOf(QStringLiteral("How `--jobs 2` went from 1.62× to 1.77×")),
                 QStringLiteral("how---jobs-2-went-from-162-to-177"));
        QCOMPARE(anchorOf(QStringLiteral("See [the guide](guide.md) now")),
                 QStringLiteral("see-the-guide-now"));
    }

    void repeatedHeadingsAreNumberedAndCodeIsNoHeading() {
        const QString text = QStringLiteral("# Limits\n\ntext\n## Limits ##\n```sh\n# not a heading\n```\n"
                                            "### Limits\n    #### indented code\n");
        const QSet<QString> expected{QStringLiteral("limits"), QStringLiteral("limits-1"),
                                     QStringLiteral("limits-2")};
        QCOMPARE(anchorsOf(text), expected);
    }

    void linksAreFoundOutsideCode() {
        const QString text = QStringLiteral("See [a](x.md#y), ![i](p.png \"title\") and `[not](code.md)`.\n"
                                            "```\n[no](fenced.md)\n```\n[b](https://e.org) [c\nd](z.md)\n");
        const QList<Link> links = linksOf(text);
        QCOMPARE(links.size(), 4);
        QCOMPARE(links[0].target, QStringLiteral("x.md#y"));
        QCOMPARE(links[0].line, 1);
        QCOMPARE(links[1].target, QStringLiteral("p.png"));
        QCOMPARE(links[2].target, QStringLiteral("https://e.org"));
        QCOMPARE(links[2].line, 5);
        QCOMPARE(links[3].target, QStringLiteral("z.md"));
        QCOMPARE(links[3].line, 6);
    }

    void brokenLinksAreNamed() {
        const QString readme = kSourceDir + QStringLiteral("/README.md");
        QCOMPARE(problemOf(readme, QStringLiteral("../shared/docs/cli-contract.md")),
                 QStringLiteral("points outside the repository"));
        QCOMPARE(problemOf(readme, QStringLiteral("docs/no-such-page.md")), QStringLiteral("no such file"));
        QCOMPARE(problemOf(readme, QStringLiteral("docs/user-guide.md#no-such-heading")),
                 QStringLiteral("no heading has this anchor"));
        QCOMPARE(problemOf(readme, QStringLiteral("docs/user-guide.md#the-command-line")), QString());
    }

    void everyLinkResolvesInsideTheRepository() {
        QStringList problems;
        int local = 0;
        for (const QString& file : documentationFiles()) {
            const QString text = readText(file);
            QVERIFY2(!text.isEmpty(), qPrintable(file));
            for (const Link& link : linksOf(text)) {
                if (isExternal(link.target)) continue;
                ++local;
                const QString problem = problemOf(file, link.target);
                if (!problem.isEmpty())
                    problems.append(QStringLiteral("%1:%2: %3: %4")
                                        .arg(QDir(kSourceDir).relativeFilePath(file))
                                        .arg(link.line)
                                        .arg(link.target, problem));
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        // The README's page list, the pages' contents lists and their links to each other.
        QVERIFY2(local >= 50, qPrintable(QStringLiteral("only %1 relative links found").arg(local)));
    }

    void readmeIsShort() {
        const qint64 size = QFileInfo(kSourceDir + QStringLiteral("/README.md")).size();
        QVERIFY2(size > 0 && size < kReadmeLimit,
                 qPrintable(QStringLiteral("README.md is %1 bytes").arg(size)));
    }

    // A newcomer's first two commands, each doing its own set-up on a fresh Debian 12 machine.
    void readmeStartsWithTheTwoCommands() {
        const QStringList lines =
            readText(kSourceDir + QStringLiteral("/README.md")).split(QLatin1Char('\n'));
        const qsizetype fence = lines.indexOf(QStringLiteral("```sh"));
        QVERIFY(fence >= 0 && fence + 2 < lines.size());
        QVERIFY(lines[fence + 1].startsWith(QLatin1String("scripts/demo ")));
        QVERIFY(lines[fence + 2].startsWith(QLatin1String("scripts/test ")));
        QVERIFY(lines.join(QLatin1Char(' '))
                    .contains(QLatin1String("Both commands do all set-up on a fresh Debian 12 machine")));
    }

    void readmeLinksTheReadingsByName() {
        const QString readme = readText(kSourceDir + QStringLiteral("/README.md"));
        QVERIFY(readme.contains(QLatin1String("[Readings of the documents](docs/format-readings.md)")));
        QVERIFY(anchorsOf(readText(kSourceDir + QStringLiteral("/docs/format-readings.md")))
                    .contains(QStringLiteral("readings-of-the-documents")));
    }

    // CI clones the repository beside the shared folder; elsewhere there is nothing to compare.
    void cliContractIsTheSharedOne() {
        const QString shared =
            QDir::cleanPath(kSourceDir + QStringLiteral("/../shared/docs/cli-contract.md"));
        if (!QFileInfo::exists(shared)) QSKIP("no ../shared/docs/cli-contract.md beside the repository");
        const QString copy = readText(kSourceDir + QStringLiteral("/docs/cli-contract.md"));
        QVERIFY(!copy.isEmpty());
        QVERIFY2(copy == readText(shared),
                 "docs/cli-contract.md differs from ../shared/docs/cli-contract.md");
    }
};

QTEST_GUILESS_MAIN(TestDocsLinks)
#include "tst_docs_links.moc"
