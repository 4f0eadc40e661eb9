// Document.placements(): the rows of `placements --csv` as one numpy structured array, made in
// C++ in one pass over the listing with the GIL released. The listing gives its columns, their
// widths, its few distinct texts and its row count first, so the dtype is made and the array
// allocated once; each row is then written straight into the array's memory. Numbers keep the
// width the file stores them in; texts are numpy's 'U' (plain memory: a value is a str, and the
// array saves and maps without pickling), each distinct text encoded once.

#include "python_module.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <cstring>

namespace assetscope::python {

namespace {

constexpr std::size_t kNoCell = static_cast<std::size_t>(-1);

// How a cell is written into its row.
enum class Put : std::uint8_t { Text, U8, U16, U32, U64, F32, F64 };

struct Slot {
    std::size_t offset = 0;
    Put put = Put::F64;
    std::size_t cell = kNoCell; // the listing's column; kNoCell for `file`
    std::size_t texts = 0;      // Text: its encoded texts
};

// A text column's values as numpy's 'U' holds them, each encoded once: its code points (as the
// module makes its str, invalid UTF-8 replaced as dump --json replaces it), then zeros to the
// column's width, the longest value's. One more field, all zeros, for a cell naming no text.
struct EncodedTexts {
    std::size_t width = 1; // numpy's narrowest text is U1
    std::vector<char32_t> fields;
    const char32_t* field(std::uint64_t index) const {
        const std::size_t count = fields.size() / width - 1;
        return fields.data() + (index < count ? index : count) * width;
    }
};

EncodedTexts encodeTexts(const std::vector<std::string>& texts) {
    std::vector<std::u32string> decoded;
    EncodedTexts out;
    for (const std::string& text : texts) {
        const py::str object = textObject(text);
        Py_UCS4* points = PyUnicode_AsUCS4Copy(object.ptr());
        if (!points) throw py::error_already_set();
        decoded.emplace_back(reinterpret_cast<const char32_t*>(points),
                             static_cast<std::size_t>(PyUnicode_GetLength(object.ptr())));
        PyMem_Free(points);
        out.width = std::max(out.width, decoded.back().size());
    }
    out.fields.assign((decoded.size() + 1) * out.width, 0);
    for (std::size_t i = 0; i < decoded.size(); ++i)
        std::copy(decoded[i].begin(), decoded[i].end(), out.fields.begin() + i * out.width);
    return out;
}

template <typename T> void put(char* at, T value) {
    std::memcpy(at, &value, sizeof value);
}

// Fills the array as the listing arrives. begin() takes the GIL to make the dtype and the array;
// row() runs without it.
class TableRows final : public PlacementRowSink {
public:
    explicit TableRows(std::string_view input) : m_input(input) {}

    void begin(const std::vector<PlacementColumn>& columns, std::uint64_t rows) override {
        py::gil_scoped_acquire gil;
        py::list fields;
        const auto add = [&](std::string_view name, const std::string& format, Put how, std::size_t cell,
                             std::size_t size) {
            fields.append(py::make_tuple(textObject(name), format));
            m_slots.push_back(Slot{m_itemSize, how, cell, m_texts.size() - 1});
            m_itemSize += size;
        };
        const auto addTexts = [&](std::string_view name, std::size_t cell,
                                  const std::vector<std::string>& texts) {
            m_texts.push_back(encodeTexts(texts));
            const std::size_t width = m_texts.back().width;
            add(name, "U" + std::to_string(width), Put::Text, cell, width * sizeof(char32_t));
        };
        // The `file` column comes first: the input as given, the same in every row.
        addTexts("file", kNoCell, {std::string(m_input)});
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const PlacementColumn& column = columns[c];
            const std::string bytes = std::to_string(column.bytes);
            if (column.kind == PlacementKind::Text)
                addTexts(column.name, c, column.texts);
            else if (column.kind == PlacementKind::Real)
                add(column.name, "f" + bytes, column.bytes == 4 ? Put::F32 : Put::F64, c,
                    column.bytes == 4 ? 4 : 8);
            else if (column.bytes == 1 || column.bytes == 2 || column.bytes == 4)
                add(column.name, "u" + bytes,
                    column.bytes == 1   ? Put::U8
                    : column.bytes == 2 ? Put::U16
                                        : Put::U32,
                    c, column.bytes);
            else
                add(column.name, "u8", Put::U64, c, 8);
        }
        const py::dtype dtype = py::dtype::from_args(fields);
        if (static_cast<std::size_t>(dtype.itemsize()) != m_itemSize)
            throw std::runtime_error("placements: the row layout differs from numpy's");
        m_table = py::array(dtype, std::vector<py::ssize_t>{static_cast<py::ssize_t>(rows)});
        m_data = static_cast<char*>(m_table.mutable_data());
        m_rows = rows;
    }

    void row(std::span<const PlacementCell> cells) override {
        if (m_row >= m_rows) return; // rows past the count the listing gave
        char* at = m_data + m_row++ * m_itemSize;
        for (const Slot& slot : m_slots) {
            char* field = at + slot.offset;
            const PlacementCell cell = slot.cell < cells.size() ? cells[slot.cell] : PlacementCell{0};
            switch (slot.put) {
            case Put::Text: {
                // A text column's cell is the index of its text; `file` has one text and no cell.
                const EncodedTexts& texts = m_texts[slot.texts];
                std::memcpy(field, texts.field(cell.integer), texts.width * sizeof(char32_t));
                break;
            }
            case Put::U8:
                put(field, static_cast<std::uint8_t>(cell.integer));
                break;
            case Put::U16:
                put(field, static_cast<std::uint16_t>(cell.integer));
                break;
            case Put::U32:
                put(field, static_cast<std::uint32_t>(cell.integer));
                break;
            case Put::U64:
                put(field, cell.integer);
                break;
            case Put::F32:
                put(field, static_cast<float>(cell.real));
                break;
            case Put::F64:
                put(field, cell.real);
                break;
            }
        }
    }

    // The array; rows the listing promised and did not give are zeros.
    py::object table() {
        if (m_row < m_rows) std::memset(m_data + m_row * m_itemSize, 0, (m_rows - m_row) * m_itemSize);
        return std::move(m_table);
    }

private:
    std::string_view m_input;
    std::vector<Slot> m_slots;
    std::vector<EncodedTexts> m_texts;
    py::array m_table;
    char* m_data = nullptr;
    std::uint64_t m_rows = 0;
    std::uint64_t m_row = 0;
    std::size_t m_itemSize = 0;
};

} // namespace

py::object placements(const Document& d) {
    const std::string& input = d.state->input;
    const ParsedFile& file = d.file();
    TableRows table(input);
    bool listed = false;
    {
        py::gil_scoped_release release;
        listed = file.listPlacements(table);
    }
    if (!listed)
        raiseError(ErrorKind::Usage, input,
                   "not a .pgeo placement file (read as " + std::string(file.format()) + ")");
    return table.table();
}

} // namespace assetscope::python
