#include "contract/placement_writers.h"

#include "bytes/text_out.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace assetscope {

namespace {

constexpr std::string_view kFileColumn = "file";

class CsvRows : public PlacementRowSink {
public:
    CsvRows(std::ostream& stream, std::string_view input) : m_input(input), m_stream(stream) {}
    void columns(const std::vector<std::string>& names) override {
        m_out.emplace(m_stream);
        *m_out << kFileColumn;
        for (const std::string& name : names)
            *m_out << ',' << name;
        *m_out << '\n';
    }
    void beginRow() override {
        m_first = true;
        text(m_input);
    }
    void text(std::string_view s) override {
        separate();
        // A plain loop: find_first_of calls memchr once per character, every row.
        const bool plain = std::none_of(
            s.begin(), s.end(), [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; });
        if (plain) {
            *m_out << s;
            return;
        }
        *m_out << '"';
        for (const char c : s)
            c == '"' ? *m_out << "\"\"" : *m_out << c;
        *m_out << '"';
    }
    void integer(std::uint64_t v) override {
        separate();
        *m_out << v;
    }
    void real(double v) override {
        separate();
        m_out->number(v);
    }
    void endRow() override { *m_out << '\n'; }

private:
    void separate() {
        if (!m_first) *m_out << ',';
        m_first = false;
    }
    std::string_view m_input;
    std::ostream& m_stream;
    std::optional<TextOut> m_out; // made when the columns arrive: nothing is written before
    bool m_first = true;
};

class JsonRows : public PlacementRowSink {
public:
    JsonRows(std::ostream& stream, std::string_view input) : m_input(input), m_stream(stream) {}
    ~JsonRows() override {
        if (m_out) *m_out << (m_rows ? "\n]\n" : "]\n");
    }
    void columns(const std::vector<std::string>& names) override {
        m_columns.assign(1, std::string(kFileColumn));
        m_columns.insert(m_columns.end(), names.begin(), names.end());
        m_out.emplace(m_stream);
        *m_out << '[';
    }
    void beginRow() override {
        *m_out << (m_rows ? ",\n{" : "\n{");
        m_column = 0;
        text(m_input);
    }
    void text(std::string_view s) override { key().jsonString(s); }
    void integer(std::uint64_t v) override { key() << v; }
    void real(double v) override {
        if (std::isfinite(v))
            key().number(v);
        else
            key() << "null";
    }
    void endRow() override {
        *m_out << '}';
        ++m_rows;
    }

private:
    TextOut& key() {
        *m_out << (m_column ? ",\"" : "\"") << m_columns[m_column] << "\":";
        ++m_column;
        return *m_out;
    }
    std::string_view m_input;
    std::ostream& m_stream;
    std::optional<TextOut> m_out;
    std::vector<std::string> m_columns;
    std::size_t m_column = 0;
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
