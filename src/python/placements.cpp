// Document.placements(): the rows of `placements --csv` as one numpy structured array, made in
// C++ in one pass over the listing with the GIL released. The listing gives its columns, their
// widths, its few distinct texts and its row count first, so the dtype is made and the array
// allocated once; each row is then written straight into the array's memory. Numbers keep the
// width the file stores them in; texts are numpy's 'U' (a value is a str) or, asked for, 'S' (the
// bytes as stored: one byte an ASCII character where 'U' takes four), each distinct text encoded
// once. Either way the array is plain memory: it saves and maps without pickling.

#include "python_module.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include <sys/mman.h>
#include <unistd.h>

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

// A text column's values as its numpy field holds them, each encoded once, then zeros to the
// column's width, the longest value's. One more field, all zeros, for a cell naming no text.
struct EncodedTexts {
    std::size_t width = 1; // in characters; numpy's narrowest text is U1 or S1
    std::size_t fieldBytes = 0;
    std::vector<char> fields;
    const char* field(std::uint64_t index) const {
        const std::size_t count = fields.size() / fieldBytes - 1;
        return fields.data() + (index < count ? index : count) * fieldBytes;
    }
};

// Lays out values of `Unit`s, each field as wide as the longest value.
template <typename Unit> EncodedTexts layOut(const std::vector<std::basic_string<Unit>>& values) {
    EncodedTexts out;
    for (const auto& value : values)
        out.width = std::max(out.width, value.size());
    out.fieldBytes = out.width * sizeof(Unit);
    out.fields.assign((values.size() + 1) * out.fieldBytes, 0);
    for (std::size_t i = 0; i < values.size(); ++i)
        std::memcpy(out.fields.data() + i * out.fieldBytes, values[i].data(),
                    values[i].size() * sizeof(Unit));
    return out;
}

// 'U': code points, as the module makes its str (invalid UTF-8 replaced as dump --json replaces
// it). 'S': the bytes as the listing gives them.
EncodedTexts encodeTexts(const std::vector<std::string>& texts, bool asBytes) {
    if (asBytes) return layOut(texts);
    std::vector<std::u32string> decoded;
    for (const std::string& text : texts) {
        const py::str object = textObject(text);
        Py_UCS4* points = PyUnicode_AsUCS4Copy(object.ptr());
        if (!points) throw py::error_already_set();
        decoded.emplace_back(reinterpret_cast<const char32_t*>(points),
                             static_cast<std::size_t>(PyUnicode_GetLength(object.ptr())));
        PyMem_Free(points);
    }
    return layOut(decoded);
}

// Has the kernel give the array's pages in one call (Linux 5.14's MADV_POPULATE_WRITE) rather
// than fault them in one at a time as the rows arrive: the fresh memory is most of the call's
// time, and on a virtual machine each fault is dear (docs/benchmarks.md: 0.78 s become 0.42 s).
// Where the kernel does not know the advice, the rows fault the pages in as before.
void populatePages(char* data, std::size_t bytes) {
#ifdef MADV_POPULATE_WRITE
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(data) + page - 1) & ~(page - 1);
    const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(page - 1);
    if (end > first) ::madvise(reinterpret_cast<void*>(first), end - first, MADV_POPULATE_WRITE);
#else
    (void)data;
    (void)bytes;
#endif
}

template <typename T> void put(char* at, T value) {
    std::memcpy(at, &value, sizeof value);
}

// Fills the array as the listing arrives. begin() takes the GIL to make the dtype and the array;
// row() runs without it.
class TableRows final : public PlacementRowSink {
public:
    TableRows(std::string_view input, bool textAsBytes) : m_input(input), m_textAsBytes(textAsBytes) {}

    void begin(const std::vector<PlacementColumn>& columns, std::uint64_t rows) override {
        makeTable(columns, rows);
        populatePages(m_data, rows * m_itemSize); // without the GIL, as the rows are written
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
                std::memcpy(field, texts.field(cell.integer), texts.fieldBytes);
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
    // The dtype and the array, with the GIL.
    void makeTable(const std::vector<PlacementColumn>& columns, std::uint64_t rows) {
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
            m_texts.push_back(encodeTexts(texts, m_textAsBytes));
            const EncodedTexts& encoded = m_texts.back();
            add(name, (m_textAsBytes ? "S" : "U") + std::to_string(encoded.width), Put::Text, cell,
                encoded.fieldBytes);
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

    std::string_view m_input;
    bool m_textAsBytes = false;
    std::vector<Slot> m_slots;
    std::vector<EncodedTexts> m_texts;
    py::array m_table;
    char* m_data = nullptr;
    std::uint64_t m_rows = 0;
    std::uint64_t m_row = 0;
    std::size_t m_itemSize = 0;
};

} // namespace

py::object placements(const Document& d, const std::string& text) {
    const std::string& input = d.state->input;
    if (text != "str" && text != "bytes")
        raiseError(ErrorKind::Usage, input, "text must be \"str\" or \"bytes\", not \"" + text + "\"");
    const ParsedFile& file = d.file();
    TableRows table(input, text == "bytes");
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
