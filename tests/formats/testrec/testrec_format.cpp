#include "testrec_format.h"

#include "bytes/number_text.h"
#include "contract/file_tree.h"
#include "tree/recorder.h"

#include <bit>
#include <cstring>

namespace assetscope::testrec {

namespace {

constexpr std::uint64_t kHeaderSize = 8;
constexpr std::uint64_t kRecordSize = 8;

// The documented-field table of the format, as resources/docs/fields/*.json spell theirs.
constexpr std::string_view kFields = R"([
  {"format": "testrec", "structure": "header", "offset": "0x0", "size": "4", "type": "char[4]", "field": "magic", "confidence": "Proven", "note": "TRec.", "origin": "table"},
  {"format": "testrec", "structure": "header", "offset": "0x4", "size": "2", "type": "u16", "field": "version", "confidence": "Proven", "note": "1.", "origin": "table"},
  {"format": "testrec", "structure": "header", "offset": "0x6", "size": "2", "type": "u16", "field": "record count", "confidence": "Proven", "note": "Records that follow the header.", "origin": "table"},
  {"format": "testrec", "structure": "record", "offset": "0x0", "size": "4", "type": "u32", "field": "id", "confidence": "Observed", "note": "The record's id.", "origin": "table"},
  {"format": "testrec", "structure": "record", "offset": "0x4", "size": "4", "type": "f32", "field": "weight", "confidence": "Inferred", "note": "The record's weight.", "origin": "table"}
])";

class ParsedRecordFile : public ParsedFile {
public:
    ParsedRecordFile(StructureTree tree, RecordFile file)
        : ParsedFile(std::move(tree)), m_file(std::move(file)) {}

    std::string_view format() const override { return "testrec"; }
    std::vector<InfoLine> info() const override {
        double total = 0;
        for (const Record& r : m_file.records)
            total += r.weight;
        return {{"version", std::to_string(m_file.version)},
                {"records", std::to_string(m_file.records.size())},
                {"weight total", numberText(total)}};
    }
    void count(CensusCounts& counts) const override { counts.add("records", m_file.records.size()); }
    std::optional<Bytes> writeBack() const override { return writeRecordFile(m_file); }

private:
    RecordFile m_file;
};

RecordFile readRecords(StructureTree& tree, const ParseSettings& settings) {
    const ByteView all = tree.bytes();
    Recorder r(tree, all, 0, tree.root());
    RecordFile file;
    const bool ascending = settings.option("id-order") == "ascending";
    r.guard([&] {
        std::uint16_t count = 0;
        {
            auto header = r.scope("header");
            r.require(kHeaderSize);
            const bool magic = std::memcmp(all.data(), "TRec", 4) == 0;
            r.text("testrec/header/magic", 4);
            r.check(magic, "testrec.magic", "testrec/header/magic", "the file does not start with TRec");
            file.version = r.u16("testrec/header/version");
            r.check(file.version == 1, "testrec.version", "testrec/header/version",
                    [&] { return "version " + std::to_string(file.version) + ", not 1"; });
            count = r.u16("testrec/header/record_count");
        }
        auto records = r.scope("records");
        r.requireCount(count, kRecordSize, "testrec.record_count", "records", r.pos());
        file.records.reserve(count);
        for (std::uint16_t i = 0; i < count; ++i) {
            auto item = r.item(i);
            Record rec;
            rec.id = r.u32("testrec/record/id");
            // The option asks for more than the documents say: a refusal, not the row's warning.
            if (ascending && i > 0 && rec.id <= file.records.back().id)
                r.report(Severity::Error, "testrec.id.order",
                         "id " + std::to_string(rec.id) + " does not exceed the one before", r.last());
            rec.weight = r.f32("testrec/record/weight");
            file.records.push_back(rec);
        }
    });
    return file;
}

class RecordHandler : public FormatHandler {
public:
    std::string_view name() const override { return "testrec"; }
    std::string_view title() const override { return "Test records"; }
    std::string_view extensions() const override { return ".trec"; }
    int sniff(ByteView bytes, std::string_view) const override {
        return bytes.size() >= 4 && std::memcmp(bytes.data(), "TRec", 4) == 0 ? 40 : 0;
    }
    std::unique_ptr<ParsedFile> parse(SharedBytes bytes, const ParseSettings& settings) const override {
        StructureTree tree = makeFileTree(std::move(bytes), settings);
        RecordFile file = readRecords(tree, settings);
        return std::make_unique<ParsedRecordFile>(std::move(tree), std::move(file));
    }
    std::vector<FormatOption> options() const override {
        return {{"id-order", "ascending: every record's id must exceed the one before"}};
    }
    std::string_view documentedFields() const override { return kFields; }
};

void put(Bytes& out, std::uint32_t v, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

} // namespace

Bytes writeRecordFile(const RecordFile& file) {
    Bytes out = {'T', 'R', 'e', 'c'};
    put(out, file.version, 2);
    put(out, static_cast<std::uint32_t>(file.records.size()), 2);
    for (const Record& r : file.records) {
        put(out, r.id, 4);
        put(out, std::bit_cast<std::uint32_t>(r.weight), 4);
    }
    return out;
}

const FormatHandler& recordHandler() {
    static const RecordHandler handler;
    return handler;
}

samples::SampleFiles recordSamples() {
    const RecordFile sample{1, {{7, 0.5f}, {19, 1.25f}, {42, 2.0f}}};
    return {{"testrec/sample_weights.trec", writeRecordFile(sample)}};
}

} // namespace assetscope::testrec
