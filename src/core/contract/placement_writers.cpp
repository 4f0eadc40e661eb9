#include "contract/placement_writers.h"

#include "bytes/text_out.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace assetscope {

namespace {

constexpr std::string_view kFileColumn = "file";

// A CSV field: as it is, or quoted with its quotes doubled when it holds a separator.
std::string csvField(std::string_view s) {
    if (std::none_of(s.begin(), s.end(),
                     [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; }))
        return std::string(s);
    std::string quoted = "\"";
    for (const char c : s)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + '"';
}

std::string jsonText(std::string_view s) {
    std::ostringstream out;
    TextOut(out).jsonString(s);
    return out.str();
}

// What the CSV and JSON rows share: each column's texts spelled once in the writer's form (rows
// name texts by index), and a row's cells written each after its column's prefix (a separator,
// a key), numbers as number_text spells them.
class SpelledRows : public PlacementRowSink {
public:
    using Spell = std::string (*)(std::string_view);
    // `nonFinite`: how a real that is NaN or infinite is written; empty to spell it as a number.
    SpelledRows(std::ostream& stream, std::string_view input, Spell spell, std::string_view nonFinite)
        : m_file(spell(input)), m_spell(spell), m_nonFinite(nonFinite), m_stream(stream) {}

protected:
    // Takes the columns; `prefix` gives what goes before a column's cell.
    void take(const std::vector<PlacementColumn>& columns, std::string (*prefix)(const PlacementColumn&)) {
        m_columns = &columns;
        for (const PlacementColumn& c : columns) {
            m_texts.emplace_back();
            for (const std::string& text : c.texts)
                m_texts.back().push_back(m_spell(text));
            m_prefixes.push_back(prefix(c));
        }
        m_out.emplace(m_stream);
    }
    void writeCells(std::span<const PlacementCell> cells) {
        for (std::size_t c = 0; c < cells.size() && c < m_columns->size(); ++c) {
            *m_out << m_prefixes[c];
            const PlacementCell cell = cells[c];
            switch ((*m_columns)[c].kind) {
            case PlacementKind::Text:
                // An index past the column's texts (the format's mistake) is an empty text.
                if (cell.integer < m_texts[c].size()) *m_out << m_texts[c][cell.integer];
                break;
            case PlacementKind::Unsigned:
                *m_out << cell.integer;
                break;
            case PlacementKind::Real:
                if (!m_nonFinite.empty() && !std::isfinite(cell.real))
                    *m_out << m_nonFinite;
                else
                    m_out->number(cell.real);
                break;
            }
        }
    }

    std::string m_file;           // the input, spelled
    std::optional<TextOut> m_out; // made when the columns arrive: nothing is written before

private:
    Spell m_spell;
    std::string_view m_nonFinite;
    std::ostream& m_stream;
    const std::vector<PlacementColumn>* m_columns = nullptr;
    std::vector<std::vector<std::string>> m_texts;
    std::vector<std::string> m_prefixes;
};

class CsvRows : public SpelledRows {
public:
    CsvRows(std::ostream& stream, std::string_view input) : SpelledRows(stream, input, csvField, {}) {}
    void begin(const std::vector<PlacementColumn>& columns, std::uint64_t) override {
        take(columns, [](const PlacementColumn&) { return std::string(","); });
        *m_out << kFileColumn;
        for (const PlacementColumn& c : columns)
            *m_out << ',' << c.name;
        *m_out << '\n';
    }
    void row(std::span<const PlacementCell> cells) override {
        *m_out << m_file;
        writeCells(cells);
        *m_out << '\n';
    }
};

// NaN and infinity, which JSON lacks, become null.
class JsonRows : public SpelledRows {
public:
    JsonRows(std::ostream& stream, std::string_view input) : SpelledRows(stream, input, jsonText, "null") {}
    ~JsonRows() override {
        if (m_out) *m_out << (m_rows ? "\n]\n" : "]\n");
    }
    void begin(const std::vector<PlacementColumn>& columns, std::uint64_t) override {
        take(columns, [](const PlacementColumn& c) { return ",\"" + c.name + "\":"; });
        *m_out << '[';
    }
    void row(std::span<const PlacementCell> cells) override {
        *m_out << (m_rows ? ",\n{\"" : "\n{\"") << kFileColumn << "\":" << m_file;
        writeCells(cells);
        *m_out << '}';
        ++m_rows;
    }

private:
    std::uint64_t m_rows = 0;
};

} // namespace

bool writePlacementsCsv(std::ostream& out, std::string_view input, const ParsedFile& file) {
    CsvRows rows(out, input);
    return file.listPlacements(rows);
}

bool writePlacementsJson(std::ostream& out, std::string_view input, const ParsedFile& file) {
    JsonRows rows(out, input);
    return file.listPlacements(rows);
}

} // namespace assetscope
