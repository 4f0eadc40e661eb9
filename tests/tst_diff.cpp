// `fields` (the documented-field table) and `diff` (two inputs compared by path of names): output
// forms and exit codes as the command-line contract gives them.
#include "test_support.h"

#include "compare/tree_diff.h"
#include "docs/doc_table.h"
#include "formats/pgeo/pgeo_samples.h"
#include "open/open_input.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdint>
#include <functional>
#include <set>

using assetscope::test::runCli;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    return f.write(bytes) == bytes.size();
}

std::uint32_t u32At(const QByteArray& bytes, qsizetype at) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = (v << 8) | static_cast<std::uint8_t>(bytes[at + i]);
    return v;
}

void setU32(QByteArray& bytes, qsizetype at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        bytes[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

QString hex(std::uint64_t v) {
    return "0x" + QString::number(v, 16);
}

nlohmann::json parseJson(const QByteArray& text) {
    return nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
}

// The contract's keys, and no others, in a change's side.
void checkSide(const nlohmann::json& side) {
    if (side.is_null()) return;
    QVERIFY(side.is_object());
    QCOMPARE(side.size(), std::size_t{3});
    QVERIFY(side["offset"].is_number_unsigned());
    QVERIFY(side["size"].is_number_unsigned());
    QVERIFY(side.contains("value"));
}

void checkDiffSchema(const nlohmann::json& o) {
    QVERIFY(o.is_object());
    QCOMPARE(o.size(), std::size_t{3});
    QVERIFY(o["same"].is_boolean());
    QVERIFY(o["changes"].is_array());
    QVERIFY(o["truncated"].is_number_unsigned());
    for (const auto& c : o["changes"]) {
        QCOMPARE(c.size(), std::size_t{4});
        const std::string kind = c["kind"].get<std::string>();
        QVERIFY(kind == "changed" || kind == "added" || kind == "removed" || kind == "bytes");
        QVERIFY(c["path"].is_string());
        checkSide(c["a"]);
        checkSide(c["b"]);
        QCOMPARE(c["a"].is_null(), kind == "added");
        QCOMPARE(c["b"].is_null(), kind == "removed");
    }
}

} // namespace

class TestDiff : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_samples;

    QString sample(const QString& relative) const { return m_samples + "/" + relative; }

    // A copy of a sample with `change` applied, beside copies of the files next to it in a folder
    // of the same name (a .pgeo's folder is its cell, a MeshSet's chunk lies beside it).
    QString changedCopy(const QString& relative, const std::function<void(QByteArray&)>& change) {
        const QFileInfo original(sample(relative));
        const QString folder =
            m_dir.filePath("changed/" + QString::number(++m_copies) + "/" + original.dir().dirName());
        QDir().mkpath(folder);
        for (const QFileInfo& f : original.dir().entryInfoList(QDir::Files))
            if (!QFile::copy(f.filePath(), folder + "/" + f.fileName())) return {};
        QByteArray bytes = readAll(original.filePath());
        change(bytes);
        const QString path = folder + "/" + original.fileName();
        return writeAll(path, bytes) ? path : QString();
    }
    int m_copies = 0;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_samples = m_dir.filePath("samples");
        QCOMPARE(runCli({"make-samples", m_samples}).exitCode, 0);
    }

    void fieldsTextHasEveryRowOnce() {
        const auto r = runCli({"fields"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        const QList<QByteArray> lines = r.out.split('\n');
        QVERIFY(lines.last().isEmpty()); // ends with a line break
        const auto& table = assetscope::DocTable::instance().fields();
        QCOMPARE(lines.size(), qsizetype(table.size()) + 2); // the header row and the last break
        QCOMPARE(lines[0], QByteArray("key\tformat\tstructure\toffset\tsize\ttype\tfield\tconfidence\tnote"));
        QSet<QByteArray> keys;
        for (std::size_t i = 0; i < table.size(); ++i) {
            const QList<QByteArray> cells = lines[qsizetype(i) + 1].split('\t');
            QCOMPARE(cells.size(), 9);
            const auto& f = table[i];
            QCOMPARE(cells[0].toStdString(), f.key);
            QCOMPARE(cells[1].toStdString(), f.format);
            QCOMPARE(cells[2].toStdString(), f.structure);
            QCOMPARE(cells[3].toStdString(), f.offsetText);
            QCOMPARE(cells[4].toStdString(), f.size);
            QCOMPARE(cells[5].toStdString(), f.type);
            QCOMPARE(cells[6].toStdString(), f.field);
            QCOMPARE(cells[7].toStdString(), std::string(assetscope::confidenceName(f.confidence)));
            QVERIFY2(!keys.contains(cells[0]), cells[0].constData());
            keys.insert(cells[0]);
        }
        // The contract's example key.
        QVERIFY(keys.contains("grub/header/blob_count"));
    }

    void fieldsJsonHasTheContractKeys() {
        const auto r = runCli({"fields", "--json"});
        QCOMPARE(r.exitCode, 0);
        const nlohmann::json rows = parseJson(r.out);
        QVERIFY(rows.is_array());
        const auto& table = assetscope::DocTable::instance().fields();
        QCOMPARE(rows.size(), table.size());
        std::set<std::string> keys;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const nlohmann::json& row = rows[i];
            QCOMPARE(row.size(), std::size_t{9});
            for (const char* key :
                 {"key", "format", "structure", "offset", "size", "type", "field", "confidence", "note"})
                QVERIFY2(row.contains(key) && row[key].is_string(), key);
            QCOMPARE(row["key"].get<std::string>(), table[i].key);
            QCOMPARE(row["offset"].get<std::string>(), table[i].offsetText);
            QCOMPARE(row["note"].get<std::string>(), table[i].note);
            QVERIFY(keys.insert(row["key"].get<std::string>()).second);
        }
    }

    void fieldsFilterByFormat() {
        for (const char* format :
             {"grub", "modelbin", "pgeo", "meshset", "texture", "materialbin", "shaderbin"}) {
            const auto expected = assetscope::DocTable::instance().fieldsOf(format);
            QVERIFY(!expected.empty());
            const auto r = runCli({"fields", "--json", format});
            QCOMPARE(r.exitCode, 0);
            const nlohmann::json rows = parseJson(r.out);
            QCOMPARE(rows.size(), expected.size());
            for (const auto& row : rows)
                QCOMPARE(row["format"].get<std::string>(), std::string(format));
            const auto text = runCli({"fields", format});
            QCOMPARE(text.out.count('\n'), qsizetype(expected.size()) + 1);
        }
    }

    void fieldsUnknownFormatIsAUsageError() {
        const auto r = runCli({"fields", "gltf"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err, QByteArray("assetscope-cli: fields: unknown format 'gltf' (the formats: grub, "
                                   "materialbin, meshset, modelbin, pgeo, shaderbin, texture)\n"));
    }

    void diffOfAFileWithItselfIsEmpty() {
        for (const char* file :
             {"media/materials/sample_brick_wall.materialbin",
              "media/models/prp_sample_bench_v112.i.modelbin",
              "scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo", "frostbite/props/sample_crate.meshset"}) {
            auto r = runCli({"diff", sample(file), sample(file)});
            QCOMPARE(r.exitCode, 0);
            QVERIFY2(r.out.isEmpty(), r.out.constData());
            QVERIFY(r.err.isEmpty());
            r = runCli({"diff", "--json", sample(file), sample(file)});
            QCOMPARE(r.exitCode, 0);
            QCOMPARE(r.out, QByteArray("{\"same\": true, \"changes\": [], \"truncated\": 0}\n"));
        }
        // The copy in the archive is the same file.
        const auto r = runCli({"diff", sample("media/crowds/sample_crowd.crowdbin"),
                               sample("media/Samples.zip") + "::media/crowds/sample_crowd.crowdbin"});
        QCOMPARE(r.exitCode, 0);
    }

    // One byte of one field changed in each format: the field's path, its offset in both inputs
    // (worked out from the documents' layouts) and both values.
    void diffFindsOneChangedField_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qsizetype>("offset"); // the field's
        QTest::addColumn<QString>("path");
        const QString brick = "media/materials/sample_brick_wall.materialbin";
        // A bundle's header is 20 bytes, its blob records 24 each; "data size again" at +0x14.
        QTest::newRow("grub") << brick << qsizetype(0x14 + 0x14) << "bundle/blob_records/[0]/data_size_again";
        // The bench's first blob is its skeleton (tag at 0x14); its data (offset at record +0xc,
        // size at +0x10) ends with a u32.
        const QString bench = "media/models/prp_sample_bench_v112.i.modelbin";
        const QByteArray model = readAll(sample(bench));
        QCOMPARE(model.mid(0x14, 4), QByteArray("lekS")); // "Skel" as the u32 reads
        QTest::newRow("modelbin") << bench << qsizetype(u32At(model, 0x20) + u32At(model, 0x24) - 4)
                                  << "bundle/Skel/trailing_u32";
        // A block is its name (u32 length, text), u32 n and n records of 80 bytes; the random
        // value at record +0x44.
        const QString cell = "scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo";
        const QByteArray pgeo = readAll(sample(cell));
        const QByteArray block = "bld_sample_house_a_3D";
        const qsizetype name = pgeo.indexOf(block);
        QVERIFY(name > 4);
        QCOMPARE(u32At(pgeo, name - 4), std::uint32_t(block.size()));
        QTest::newRow("pgeo") << cell << qsizetype(name + block.size() + 4 + 80 + 0x44)
                              << "list_b/[0]/instance_records/[1]/random_value";
        // A MeshSet's header has the name hash at 0x78.
        QTest::newRow("meshset") << "frostbite/props/sample_crate.meshset" << qsizetype(0x78)
                                 << "meshset/header/name_hash";
    }

    void diffFindsOneChangedField() {
        QFETCH(QString, file);
        QFETCH(qsizetype, offset);
        QFETCH(QString, path);
        const QByteArray original = readAll(sample(file));
        const std::uint32_t before = u32At(original, offset);
        const std::uint32_t after = before ^ 1u; // the low byte's lowest bit
        const QString changed = changedCopy(file, [&](QByteArray& b) { setU32(b, offset, after); });
        QVERIFY(!changed.isEmpty());

        auto r = runCli({"diff", sample(file), changed});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.isEmpty());
        const QString line = "changed " + path + ": " + QString::number(before) + " @" + hex(offset) +
                             " -> " + QString::number(after) + " @" + hex(offset) + "\n";
        QCOMPARE(QString::fromUtf8(r.out), line);

        r = runCli({"diff", "--json", sample(file), changed});
        QCOMPARE(r.exitCode, 1);
        const nlohmann::json o = parseJson(r.out);
        checkDiffSchema(o);
        QCOMPARE(o["same"].get<bool>(), false);
        QCOMPARE(o["truncated"].get<std::uint64_t>(), std::uint64_t{0});
        QCOMPARE(o["changes"].size(), std::size_t{1});
        const nlohmann::json& c = o["changes"][0];
        QCOMPARE(c["kind"].get<std::string>(), std::string("changed"));
        QCOMPARE(QString::fromStdString(c["path"].get<std::string>()), path);
        for (const char* side : {"a", "b"}) {
            QCOMPARE(c[side]["offset"].get<qsizetype>(), offset);
            QCOMPARE(c[side]["size"].get<std::uint64_t>(), std::uint64_t{4});
        }
        QCOMPARE(c["a"]["value"].get<std::uint32_t>(), before);
        QCOMPARE(c["b"]["value"].get<std::uint32_t>(), after);
    }

    // A byte no field accounts for: the padding at the end of a bundle's header area, a MeshSet
    // header's undescribed bytes from 0x7e.
    void diffReportsBytesNoFieldCovers_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qsizetype>("offset");
        const QString brick = "media/materials/sample_brick_wall.materialbin";
        QTest::newRow("grub padding") << brick << qsizetype(u32At(readAll(sample(brick)), 0x8) - 1);
        QTest::newRow("meshset undescribed") << "frostbite/props/sample_crate.meshset" << qsizetype(0x80);
    }

    void diffReportsBytesNoFieldCovers() {
        QFETCH(QString, file);
        QFETCH(qsizetype, offset);
        const QString changed = changedCopy(file, [&](QByteArray& b) { b[offset] = '\x5a'; });
        auto r = runCli({"diff", sample(file), changed});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString::fromUtf8(r.out), "bytes @" + hex(offset) + "+1\n");
        r = runCli({"diff", "--json", sample(file), changed});
        const nlohmann::json o = parseJson(r.out);
        checkDiffSchema(o);
        QCOMPARE(o["changes"].size(), std::size_t{1});
        const nlohmann::json& c = o["changes"][0];
        QCOMPARE(c["kind"].get<std::string>(), std::string("bytes"));
        QCOMPARE(c["a"]["offset"].get<qsizetype>(), offset);
        QCOMPARE(c["a"]["size"].get<std::uint64_t>(), std::uint64_t{1});
        QCOMPARE(c["b"]["offset"].get<qsizetype>(), offset);
    }

    void diffOfTwoFormatsIsOneRootChange() {
        const QString brick = sample("media/materials/sample_brick_wall.materialbin");
        const QString cell = sample("scene/proc/cellsize/50/12_-3/c50_buildings_do.pgeo");
        auto r = runCli({"diff", brick, cell});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.out, QByteArray("changed .: \"materialbin\" @0x0 -> \"pgeo\" @0x0\n"));
        r = runCli({"diff", "--json", brick, cell});
        const nlohmann::json o = parseJson(r.out);
        checkDiffSchema(o);
        QCOMPARE(o["changes"].size(), std::size_t{1});
        QCOMPARE(o["changes"][0]["path"].get<std::string>(), std::string("."));
        QCOMPARE(o["changes"][0]["a"]["value"].get<std::string>(), std::string("materialbin"));
        QCOMPARE(o["changes"][0]["b"]["value"].get<std::string>(), std::string("pgeo"));
        QCOMPARE(o["changes"][0]["a"]["size"].get<qsizetype>(), readAll(brick).size());
    }

    void diffMaxTruncatesAndCounts() {
        const QString lod0 = sample("media/models/bld_sample_house_a_lod0.i.modelbin");
        const QString lod1 = sample("media/models/bld_sample_house_a_lod1.i.modelbin");
        const auto all = runCli({"diff", "--json", "--max", "1000000", lod0, lod1});
        QCOMPARE(all.exitCode, 1);
        const nlohmann::json whole = parseJson(all.out);
        checkDiffSchema(whole);
        const std::size_t total = whole["changes"].size();
        QVERIFY2(total > 3, all.out.constData());
        QCOMPARE(whole["truncated"].get<std::size_t>(), std::size_t{0});
        QCOMPARE(whole["same"].get<bool>(), false);

        const auto cut = runCli({"diff", "--json", "--max", "3", lod0, lod1});
        const nlohmann::json part = parseJson(cut.out);
        QCOMPARE(part["changes"].size(), std::size_t{3});
        QCOMPARE(part["truncated"].get<std::size_t>(), total - 3);
        for (std::size_t i = 0; i < 3; ++i)
            QVERIFY(part["changes"][i] == whole["changes"][i]);

        const auto text = runCli({"diff", "--max", "3", lod0, lod1});
        QCOMPARE(text.exitCode, 1);
        const QList<QByteArray> lines = text.out.split('\n');
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[3], "... " + QByteArray::number(qulonglong(total - 3)) + " more differences");
        // The default is 200 lines.
        const auto byDefault = runCli({"diff", lod0, lod1});
        QCOMPARE(byDefault.out.count('\n'), qsizetype(std::min<std::size_t>(total, 200) + (total > 200)));
    }

    void diffErrorsAreExit2() {
        const QString brick = sample("media/materials/sample_brick_wall.materialbin");
        auto r = runCli({"diff", brick, "/no/such/file.pgeo"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith("assetscope-cli: /no/such/file.pgeo: "));
        QVERIFY(r.out.isEmpty());
        r = runCli({"diff", brick});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, QByteArray("assetscope-cli: usage: diff [--json] [--max N] A B\n"));
        QCOMPARE(runCli({"diff", "--max", "x", brick, brick}).exitCode, 2);
    }

    // A large lazy array with one record changed: that record, found without building the rest.
    void diffOfALargeArrayFindsTheRecord() {
        const QString folder = m_dir.filePath(QString("large/") + assetscope::pgeo::kLargeFileFolder);
        QDir().mkpath(folder);
        const QString a = folder + "/" + assetscope::pgeo::kLargeFileName;
        const assetscope::Bytes bytes = assetscope::pgeo::makeLargeFile(150000);
        QVERIFY(
            writeAll(a, QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()))));

        // The second block's records (blocks of 100,000): record 100,000 + 12,345 of the file.
        auto opened = assetscope::openInput(a.toStdString());
        QVERIFY(opened.ok());
        const auto& tree = opened.parsed->tree();
        std::vector<assetscope::NodeId> arrays;
        for (assetscope::NodeId id = 0; id < tree.nodeCount(); ++id)
            if (tree.node(id).name == "instance_records") arrays.push_back(id);
        QCOMPARE(arrays.size(), std::size_t{2});
        const assetscope::Node& records = tree.node(arrays[1]);
        QCOMPARE(records.stride, std::uint64_t{80});
        QVERIFY(records.decoder != 0);
        const qsizetype at = qsizetype(records.offset + 12345 * 80 + 0x44);
        const QString arrayPath = QString::fromStdString(tree.path(arrays[1]));
        const QString path = arrayPath.mid(arrayPath.indexOf('/') + 1) + "/[12345]/random_value";

        QByteArray changed = readAll(a);
        const std::uint32_t before = u32At(changed, at);
        setU32(changed, at, before + 1);
        const QString folderB = m_dir.filePath(QString("large_b/") + assetscope::pgeo::kLargeFileFolder);
        QDir().mkpath(folderB);
        const QString b = folderB + "/" + assetscope::pgeo::kLargeFileName;
        QVERIFY(writeAll(b, changed));

        const auto r = runCli({"diff", a, b});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString::fromUtf8(r.out), "changed " + path + ": " + QString::number(before) + " @" +
                                               hex(at) + " -> " + QString::number(before + 1) + " @" +
                                               hex(at) + "\n");
        QCOMPARE(runCli({"diff", a, a}).exitCode, 0);

        // Through core: a byte of a record's zero bytes (+0x38, no value) changed leaves every
        // decoded node the same and is one byte range.
        QByteArray zeros = readAll(a);
        const qsizetype zeroAt = qsizetype(records.offset + 777 * 80 + 0x38);
        QCOMPARE(zeros[zeroAt], '\0');
        zeros[zeroAt] = '\1';
        QVERIFY(writeAll(b, zeros));
        auto openedB = assetscope::openInput(b.toStdString());
        QVERIFY(openedB.ok());
        const assetscope::TreeDiff d = assetscope::diffTrees(
            tree, opened.parsed->format(), openedB.parsed->tree(), openedB.parsed->format());
        QCOMPARE(d.total, std::uint64_t{1});
        QCOMPARE(d.changes.size(), std::size_t{1});
        QCOMPARE(d.changes[0].kind, assetscope::DiffKind::Bytes);
        QCOMPARE(d.changes[0].a->offset, std::uint64_t(zeroAt));
        QCOMPARE(d.changes[0].a->size, std::uint64_t{1});
        // The limit keeps the count.
        const assetscope::TreeDiff none =
            assetscope::diffTrees(tree, opened.parsed->format(), openedB.parsed->tree(),
                                  openedB.parsed->format(), {.maxChanges = 0});
        QVERIFY(none.changes.empty());
        QCOMPARE(none.truncated(), std::uint64_t{1});
        QVERIFY(!none.same());
    }
};

QTEST_GUILESS_MAIN(TestDiff)
#include "tst_diff.moc"
