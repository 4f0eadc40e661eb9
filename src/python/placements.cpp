// Document.placements(): the rows of `placements --csv` as one numpy structured array, made in
// C++ with the GIL released. A first pass over the listing (ParsedFile::listPlacements) learns the
// rows' count, each column's kind and each text column's longest value; the array is then
// allocated once, with a dtype made once, and a second pass writes every cell straight into its
// memory: numbers as their binary values, text as numpy's fixed-width UCS-4 ('U'), each distinct
// text encoded once per run of equal values (the file's path, a block's template name).

#include "python_module.h"

#include "bytes/number_text.h"
#include "bytes/text_out.h"

#include <nlohmann/json.hpp>
#include <pybind11/numpy.h>

#include <algorithm>
#include <cstring>
#include <sstream>

namespace assetscope::python {

namespace {

enum class Kind : std::uint8_t { None, Integer, Real, Text };

// A column as the listing gave it: its kind over every row (an integer column that also holds a
// real is real, any column that holds a text is text, a column given nothing is real) and, for
// text, its longest value in code points; then where it lies in a row of the array.
struct Column {
    std::string name;
    Kind kind = Kind::None;
    bool mixed = false; // a text column given numbers too: their text counts for its width
    std::size_t width = 0;
    std::size_t offset = 0;
    std::size_t size = 0;
};

// Strict UTF-8, as Python's "strict" decoder reads it: false at the first sequence it refuses.
bool decodeUtf8(std::string_view s, std::u32string& out) {
    out.clear();
    for (std::size_t i = 0; i < s.size();) {
        const auto lead = static_cast<unsigned char>(s[i]);
        if (lead < 0x80) {
            out.push_back(lead);
            ++i;
            continue;
        }
        std::size_t length = 0;
        char32_t cp = 0;
        char32_t least = 0;
        if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2, cp = lead & 0x1Fu, least = 0x80;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3, cp = lead & 0x0Fu, least = 0x800;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4, cp = lead & 0x07u, least = 0x10000;
        } else {
            return false;
        }
        if (s.size() - i < length) return false;
        for (std::size_t k = 1; k < length; ++k) {
            const auto b = static_cast<unsigned char>(s[i + k]);
            if ((b & 0xC0u) != 0x80u) return false;
            cp = (cp << 6) | (b & 0x3Fu);
        }
        if (cp < least || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        out.push_back(cp);
        i += length;
    }
    return true;
}

// A text's code points as textObject makes its str: text that is not UTF-8 as dump --json's
// writer gives it (each invalid sequence replaced by U+FFFD), read back from that JSON.
void codePoints(std::string_view text, std::u32string& out) {
    if (decodeUtf8(text, out)) return;
    std::ostringstream json;
    TextOut(json).jsonString(text);
    const auto value = nlohmann::json::parse(json.str(), nullptr, false);
    if (!value.is_string() || !decodeUtf8(value.get_ref<const std::string&>(), out)) out.clear();
}

// The last text a column was given; in the second pass also the field it made (its code points,
// then zeros to the column's width). Rows repeat their texts.
struct LastText {
    bool set = false;
    std::string text;
    std::vector<char> field;
    bool same(std::string_view v) const { return set && v == text; }
};

// Cells past the named columns get a column of their own, as the listing gives them.
std::string extraName(std::size_t at) {
    return "column" + std::to_string(at);
}

// The first pass: how many rows, each column's kind and its longest text. With `measureNumbers`
// (a second survey, only when a text column was also given numbers) the kinds are known and a
// text column's numbers are measured as the text they become.
class Survey final : public PlacementRowSink {
public:
    Survey(std::string_view input, std::vector<Column>& columns, bool measureNumbers)
        : m_input(input), m_columns(columns), m_measureNumbers(measureNumbers) {
        if (!m_measureNumbers) {
            // The file: the same text in every row, measured once.
            m_columns.assign(1, Column{"file", Kind::Text});
            codePoints(m_input, m_scratch);
            m_columns[0].width = m_scratch.size();
        }
        m_last.assign(m_columns.size(), LastText{});
    }

    void columns(const std::vector<std::string>& names) override {
        if (!m_measureNumbers) {
            m_columns.resize(1);
            for (const auto& name : names)
                m_columns.push_back(Column{name});
        }
        m_last.assign(m_columns.size(), LastText{});
    }
    void beginRow() override { m_at = 1; }
    void text(std::string_view v) override {
        Column* c = next(Kind::Text);
        if (!c) return;
        LastText& last = m_last[m_at - 1];
        if (last.same(v)) return;
        last.set = true;
        last.text.assign(v);
        codePoints(v, m_scratch);
        c->width = std::max(c->width, m_scratch.size());
    }
    void integer(std::uint64_t v) override {
        Column* c = next(Kind::Integer);
        if (c && c->kind == Kind::Text && m_measureNumbers)
            c->width = std::max(c->width, std::to_string(v).size());
    }
    void real(double v) override {
        Column* c = next(Kind::Real);
        if (!c) return;
        if (c->kind == Kind::Integer) c->kind = Kind::Real;
        if (c->kind == Kind::Text && m_measureNumbers) {
            char text[kNumberTextMax];
            c->width = std::max(c->width, writeNumberText(text, v));
        }
    }
    void endRow() override { ++m_rows; }

    std::size_t rows() const { return m_rows; }

private:
    // The column of the next cell, its kind widened to hold KIND (the first survey only).
    Column* next(Kind kind) {
        if (m_at >= m_columns.size()) {
            // A second survey is given the columns the first one found.
            if (m_measureNumbers) return nullptr;
            m_columns.push_back(Column{extraName(m_at)});
            m_last.emplace_back();
        }
        Column& c = m_columns[m_at++];
        if (c.kind == kind || m_measureNumbers) return &c;
        if (c.kind == Kind::None) {
            c.kind = kind;
        } else if (kind == Kind::Text) {
            c.kind = Kind::Text;
            c.mixed = true;
        } else if (c.kind == Kind::Text) {
            c.mixed = true;
        }
        return &c;
    }

    std::string_view m_input;
    std::vector<Column>& m_columns;
    bool m_measureNumbers;
    std::vector<LastText> m_last;
    std::u32string m_scratch;
    std::size_t m_at = 0;
    std::size_t m_rows = 0;
};

// The second pass: each cell written into its row of the array, as its column's kind.
class Fill final : public PlacementRowSink {
public:
    Fill(std::string_view input, const std::vector<Column>& columns, char* data, std::size_t rows,
         std::size_t itemSize)
        : m_columns(columns), m_data(data), m_rows(rows), m_itemSize(itemSize), m_last(columns.size()),
          m_spare(itemSize) {
        encode(m_columns[0], m_last[0], input);
    }

    void columns(const std::vector<std::string>&) override {}
    void beginRow() override {
        // Rows past those the first pass counted (the listing gives the same rows each time) go
        // to a spare row.
        m_row = m_index < m_rows ? m_data + m_index * m_itemSize : m_spare.data();
        std::memcpy(m_row, m_last[0].field.data(), m_columns[0].size);
        m_at = 1;
    }
    void text(std::string_view v) override {
        const Column* c = next();
        if (!c) return;
        if (c->kind == Kind::Text)
            writeText(*c, v);
        else
            std::memset(m_row + c->offset, 0, c->size);
    }
    void integer(std::uint64_t v) override {
        const Column* c = next();
        if (!c) return;
        if (c->kind == Kind::Integer)
            std::memcpy(m_row + c->offset, &v, sizeof v);
        else if (c->kind == Kind::Text)
            writeText(*c, std::to_string(v));
        else
            writeReal(*c, static_cast<double>(v));
    }
    void real(double v) override {
        const Column* c = next();
        if (!c) return;
        if (c->kind == Kind::Real || c->kind == Kind::None) {
            writeReal(*c, v);
        } else if (c->kind == Kind::Text) {
            char text[kNumberTextMax];
            writeText(*c, std::string_view(text, writeNumberText(text, v)));
        } else {
            std::memset(m_row + c->offset, 0, c->size); // an integer column: not what the first pass saw
        }
    }
    void endRow() override {
        // Cells the row did not give: zero, an empty text.
        for (std::size_t at = m_at; at < m_columns.size(); ++at)
            std::memset(m_row + m_columns[at].offset, 0, m_columns[at].size);
        ++m_index;
    }

    // Rows the listing did not give this time: zeros.
    void finish() {
        if (m_index < m_rows) std::memset(m_data + m_index * m_itemSize, 0, (m_rows - m_index) * m_itemSize);
    }

private:
    const Column* next() { return m_at < m_columns.size() ? &m_columns[m_at++] : nullptr; }
    void writeReal(const Column& c, double v) { std::memcpy(m_row + c.offset, &v, sizeof v); }
    void writeText(const Column& c, std::string_view v) {
        LastText& last = m_last[m_at - 1];
        if (!last.same(v)) encode(c, last, v);
        std::memcpy(m_row + c.offset, last.field.data(), c.size);
    }
    // A text as numpy's 'U' holds it: its code points (cut to the column's width, which the
    // first pass made wide enough), then zeros.
    void encode(const Column& c, LastText& last, std::string_view v) {
        last.set = true;
        last.text.assign(v);
        codePoints(v, m_scratch);
        last.field.assign(c.size, 0);
        const std::size_t n = std::min(m_scratch.size(), c.width);
        std::memcpy(last.field.data(), m_scratch.data(), n * sizeof(char32_t));
    }

    const std::vector<Column>& m_columns;
    char* m_data;
    std::size_t m_rows;
    std::size_t m_itemSize;
    std::vector<LastText> m_last;
    std::vector<char> m_spare;
    std::u32string m_scratch;
    char* m_row = nullptr;
    std::size_t m_index = 0;
    std::size_t m_at = 0;
};

} // namespace

py::object placements(const Document& d) {
    const std::string& input = d.state->input;
    const ParsedFile& file = d.file();
    std::vector<Column> columns;
    std::size_t rows = 0;
    bool listed = false;
    {
        py::gil_scoped_release release;
        Survey survey(input, columns, false);
        listed = file.listPlacements(survey);
        rows = survey.rows();
        if (listed && std::any_of(columns.begin(), columns.end(),
                                  [](const Column& c) { return c.kind == Kind::Text && c.mixed; })) {
            Survey numbers(input, columns, true);
            file.listPlacements(numbers);
        }
    }
    if (!listed)
        raiseError(ErrorKind::Usage, input,
                   "not a .pgeo placement file (read as " + std::string(file.format()) + ")");
    // The dtype, packed in column order: numpy's own layout for a list of (name, format).
    py::list fields;
    std::size_t itemSize = 0;
    for (Column& c : columns) {
        std::string format;
        switch (c.kind) {
        case Kind::Integer:
            format = "u8", c.size = 8;
            break;
        case Kind::Text:
            c.width = std::max<std::size_t>(c.width, 1); // numpy's narrowest text: an empty column is U1
            format = "U" + std::to_string(c.width), c.size = 4 * c.width;
            break;
        case Kind::Real:
        case Kind::None:
            format = "f8", c.size = 8;
            break;
        }
        c.offset = itemSize;
        itemSize += c.size;
        fields.append(py::make_tuple(textObject(c.name), format));
    }
    const py::dtype dtype = py::dtype::from_args(fields);
    if (static_cast<std::size_t>(dtype.itemsize()) != itemSize)
        throw std::runtime_error("placements: the row layout differs from numpy's");
    py::array table(dtype, std::vector<py::ssize_t>{static_cast<py::ssize_t>(rows)});
    if (rows > 0) {
        char* data = static_cast<char*>(table.mutable_data());
        py::gil_scoped_release release;
        Fill fill(input, columns, data, rows, itemSize);
        file.listPlacements(fill);
        fill.finish();
    }
    return table;
}

} // namespace assetscope::python
