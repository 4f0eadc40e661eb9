#include "formats/pgeo/placement_writers.h"

#include "bytes/text_out.h"
#include "formats/pgeo/placements.h"

#include <algorithm>
#include <cmath>

namespace assetscope::pgeo {

namespace {

// Writes one row's values in column order; the format decides how each kind of value looks.
template <typename Format> void writeRow(Format& f, std::string_view input, const Placement& p) {
    const InstanceRecord& r = p.instance;
    f.text(input);
    f.text(std::string_view(&p.list, 1));
    f.integer(p.block);
    f.integer(p.record);
    f.text(p.source->name);
    f.real(p.position.x);
    f.real(p.position.y);
    f.real(p.position.z);
    for (const float v : r.rotation)
        f.real(v);
    for (const float v : r.scale)
        f.real(v);
    for (const std::uint8_t v : r.variation)
        f.integer(v);
    f.integer(r.materialVariant);
    f.integer(r.buildingId);
    f.integer(r.random);
    f.integer(p.curve ? 1 : 0);
}

class CsvRow {
public:
    explicit CsvRow(TextOut& out) : m_out(out) {}
    void begin() { m_first = true; }
    void text(std::string_view s) {
        separate();
        // A plain loop: find_first_of calls memchr once per character, every row.
        const bool plain = std::none_of(
            s.begin(), s.end(), [](char c) { return c == ',' || c == '"' || c == '\n' || c == '\r'; });
        if (plain) {
            m_out << s;
            return;
        }
        m_out << '"';
        for (const char c : s)
            c == '"' ? m_out << "\"\"" : m_out << c;
        m_out << '"';
    }
    void integer(std::uint64_t v) {
        separate();
        m_out << v;
    }
    void real(double v) {
        separate();
        m_out.number(v);
    }

private:
    void separate() {
        if (!m_first) m_out << ',';
        m_first = false;
    }
    TextOut& m_out;
    bool m_first = true;
};

class JsonRow {
public:
    explicit JsonRow(TextOut& out) : m_out(out), m_columns(placementColumns()) {}
    void begin() { m_column = 0; }
    void text(std::string_view s) { key().jsonString(s); }
    void integer(std::uint64_t v) { key() << v; }
    void real(double v) {
        if (std::isfinite(v))
            key().number(v);
        else
            key() << "null";
    }

private:
    TextOut& key() {
        m_out << (m_column ? ",\"" : "\"") << m_columns[m_column] << "\":";
        ++m_column;
        return m_out;
    }
    TextOut& m_out;
    const std::vector<std::string>& m_columns;
    std::size_t m_column = 0;
};

} // namespace

void writePlacementsCsv(std::ostream& stream, std::string_view input, const PgeoFile& file) {
    TextOut out(stream);
    const auto& columns = placementColumns();
    for (std::size_t i = 0; i < columns.size(); ++i)
        out << (i ? "," : "") << columns[i];
    out << '\n';
    CsvRow row(out);
    forEachPlacement(file, [&](const Placement& p) {
        row.begin();
        writeRow(row, input, p);
        out << '\n';
    });
}

void writePlacementsJson(std::ostream& stream, std::string_view input, const PgeoFile& file) {
    TextOut out(stream);
    out << '[';
    bool first = true;
    JsonRow row(out);
    forEachPlacement(file, [&](const Placement& p) {
        out << (first ? "\n{" : ",\n{");
        row.begin();
        writeRow(row, input, p);
        out << '}';
        first = false;
    });
    out << (first ? "]\n" : "\n]\n");
}

} // namespace assetscope::pgeo
