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

// Each text of each column in the form a writer prints it, made once: rows name texts by index.
std::vector<std::vector<std::string>> spelled(const std::vector<PlacementColumn>& columns,
                                              std::string (*spell)(std::string_view)) {
    std::vector<std::vector<std::string>> out(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c)
        for (const std::string& text : columns[c].texts)
            out[c].push_back(spell(text));
    return out;
}

// A Text cell's spelled value; an index past the column's texts (the format's mistake) is empty.
std::string_view textOf(const std::vector<std::string>& texts, std::uint64_t index) {
    return index < texts.size() ? std::string_view(texts[index]) : std::string_view();
}

class CsvRows : public PlacementRowSink {
public:
    CsvRows(std::ostream& stream, std::string_view input) : m_file(csvField(input)), m_stream(stream) {}
    void begin(const std::vector<PlacementColumn>& columns, std::uint64_t) override {
        m_columns = &columns;
        m_texts = spelled(columns, csvField);
        m_out.emplace(m_stream);
        *m_out << kFileColumn;
        for (const PlacementColumn& c : columns)
            *m_out << ',' << c.name;
        *m_out << '\n';
    }
    void row(std::span<const PlacementCell> cells) override {
        *m_out << m_file;
        for (std::size_t c = 0; c < cells.size() && c < m_columns->size(); ++c) {
            *m_out << ',';
            switch ((*m_columns)[c].kind) {
            case PlacementKind::Text:
                *m_out << textOf(m_texts[c], cells[c].integer);
                break;
            case PlacementKind::Unsigned:
                *m_out << cells[c].integer;
                break;
            case PlacementKind::Real:
                m_out->number(cells[c].real);
                break;
            }
        }
        *m_out << '\n';
    }

private:
    std::string m_file;
    std::ostream& m_stream;
    const std::vector<PlacementColumn>* m_columns = nullptr;
    std::vector<std::vector<std::string>> m_texts;
    std::optional<TextOut> m_out; // made when the columns arrive: nothing is written before
};

class JsonRows : public PlacementRowSink {
public:
    JsonRows(std::ostream& stream, std::string_view input) : m_file(jsonText(input)), m_stream(stream) {}
    ~JsonRows() override {
        if (m_out) *m_out << (m_rows ? "\n]\n" : "]\n");
    }
    void begin(const std::vector<PlacementColumn>& columns, std::uint64_t) override {
        m_columns = &columns;
        m_texts = spelled(columns, jsonText);
        for (const PlacementColumn& c : columns)
            m_keys.push_back(",\"" + c.name + "\":");
        m_out.emplace(m_stream);
        *m_out << '[';
    }
    void row(std::span<const PlacementCell> cells) override {
        *m_out << (m_rows ? ",\n{\"" : "\n{\"") << kFileColumn << "\":" << m_file;
        for (std::size_t c = 0; c < cells.size() && c < m_columns->size(); ++c) {
            *m_out << m_keys[c];
            switch ((*m_columns)[c].kind) {
            case PlacementKind::Text:
                *m_out << textOf(m_texts[c], cells[c].integer);
                break;
            case PlacementKind::Unsigned:
                *m_out << cells[c].integer;
                break;
            case PlacementKind::Real:
                // NaN and infinity, which JSON lacks, become null.
                if (std::isfinite(cells[c].real))
                    m_out->number(cells[c].real);
                else
                    *m_out << "null";
                break;
            }
        }
        *m_out << '}';
        ++m_rows;
    }

private:
    std::string m_file;
    std::ostream& m_stream;
    const std::vector<PlacementColumn>* m_columns = nullptr;
    std::vector<std::vector<std::string>> m_texts;
    std::vector<std::string> m_keys;
    std::optional<TextOut> m_out;
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
