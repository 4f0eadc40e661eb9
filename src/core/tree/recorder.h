#pragma once

#include "bytes/byte_reader.h"
#include "docs/doc_table.h"
#include "tree/field_tap.h"
#include "tree/structure_tree.h"

#include <array>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace assetscope {

// Text that only a recorded node or a broken statement needs: a string, or a function that makes
// one. Passing a function (`[&] { return "count " + std::to_string(n); }`) keeps batch reading,
// where nodes are off, and checks that hold from building any text.
template <typename T>
concept TextSource = std::is_convertible_v<T, std::string_view> || std::is_invocable_r_v<std::string, T>;

template <TextSource T> std::string textOf(T&& text) {
    if constexpr (std::is_invocable_r_v<std::string, T>)
        return text();
    else
        return std::string(std::string_view(text));
}

// The recording reader: each call reads one field once and returns its value for the typed
// result while appending a node (name, absolute offset, size, type, value, documented row) to
// the structure tree. A key with slashes ("grub/header/blob_count") names a row of the
// documented-field table, which gives the node its name and confidence; any other key is a
// plain node name for something the documents are silent about.
// The severity of a broken documented statement: Proven, or a statement with no row, is an error
// (a refusal); anything weaker a warning. The one place where strictness follows confidence.
Severity documentedSeverity(std::string_view docKey);

class Recorder {
public:
    // `view` is what the parser reads; `base` is its absolute offset in the tree's source bytes.
    Recorder(StructureTree& tree, ByteView view, std::uint64_t base, NodeId parent);

    StructureTree& tree() { return m_tree; }
    const StructureTree& tree() const { return m_tree; }
    ByteReader& reader() { return m_reader; }
    ByteView view() const { return m_reader.data(); }
    std::uint64_t pos() const { return m_reader.pos(); }
    std::uint64_t remaining() const { return m_reader.remaining(); }
    std::uint64_t absolute(std::uint64_t pos) const { return m_base + pos; }
    std::uint64_t base() const { return m_base; }
    void seek(std::uint64_t pos) { m_reader.seek(pos); }
    void require(std::uint64_t n) const { m_reader.require(n); }
    NodeId parent() const { return m_parent; }
    NodeId last() const { return m_last; }

    std::uint8_t u8(std::string_view key) { return number<std::uint8_t>(key, "u8"); }
    std::uint16_t u16(std::string_view key) { return number<std::uint16_t>(key, "u16"); }
    std::uint32_t u32(std::string_view key) { return number<std::uint32_t>(key, "u32"); }
    std::uint64_t u64(std::string_view key) { return number<std::uint64_t>(key, "u64"); }
    std::int8_t i8(std::string_view key) { return number<std::int8_t>(key, "i8"); }
    std::int16_t i16(std::string_view key) { return number<std::int16_t>(key, "i16"); }
    std::int32_t i32(std::string_view key) { return number<std::int32_t>(key, "i32"); }
    std::int64_t i64(std::string_view key) { return number<std::int64_t>(key, "i64"); }
    float f32(std::string_view key) { return number<float>(key, "f32"); }

    // A u32 tag, shown as it reads (big-endian bytes): "Modl", not "ldoM".
    std::uint32_t tag(std::string_view key);
    // Text of n bytes (no terminator).
    std::string text(std::string_view key, std::uint64_t n);
    // A run of bytes shown as bytes (no value beyond the first few, which the views show).
    ByteView bytes(std::string_view key, std::uint64_t n, NodeKind kind = NodeKind::Bytes);
    std::vector<float> f32s(std::string_view key, std::size_t n);
    // N floats without an allocation (vectors, transforms).
    template <std::size_t N> std::array<float, N> f32Array(std::string_view key) {
        const std::uint64_t at = m_reader.pos();
        m_reader.require(4 * N);
        std::array<float, N> values;
        for (auto& v : values)
            v = m_reader.f32();
        if (m_tree.recordsNodes())
            recordFloats(key, at, values);
        else
            tapField(key, at, [&] { return Value(std::vector<double>(values.begin(), values.end())); });
        return values;
    }
    std::vector<std::int16_t> i16s(std::string_view key, std::size_t n);
    std::vector<std::uint32_t> u32s(std::string_view key, std::size_t n);

    // A node for a value the tool computes (no bytes of its own).
    NodeId derived(std::string_view name, Value value, std::string_view type = "derived");
    // The same for a value a documented row describes ("pgeo/file_name/cell_size"): the node
    // points at the row, so the docs pane shows it, and stays Derived; field statistics see it.
    NodeId derivedDoc(std::string_view docKey, Value value, std::string_view type = "derived");
    // The value of a documented field a parser works out once its bytes are read (a
    // length-prefixed string read as a scope, a GUID read as bytes): set on the field's node,
    // or, while nodes are off, offered to the tap at `at` (the field's start), so field
    // statistics and finds see it as they see any field.
    void fieldValue(NodeId node, std::string_view docKey, std::uint64_t at, Value value);
    // A documented rule the parser checked, as a node of its own (no bytes): named and documented
    // by the rule's row, so the docs pane shows the statement; its value is whether it holds.
    NodeId rule(std::string_view docKey, bool holds);
    // Adds a readable form to the last node (flag names, enum names); made only when recorded.
    template <TextSource T> void describe(T&& display) {
        if (m_last != kNoNode) setDisplay(textOf(std::forward<T>(display)));
    }

    // An open container (struct, blob, bundle, ...). Ends itself, and sets its size, when it
    // goes out of scope, also when a ParseError unwinds through it.
    class Scope {
    public:
        Scope(Recorder& r, std::string_view key, NodeKind kind);
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;
        NodeId id() const { return m_id; }
        std::uint64_t start() const { return m_start; }

    private:
        Recorder& m_r;
        NodeId m_id;
        NodeId m_outer;
        std::uint64_t m_start;
    };
    Scope scope(std::string_view key, NodeKind kind = NodeKind::Struct) { return Scope(*this, key, kind); }
    // Element `index` of a list ("[3]"), named only when it is recorded.
    Scope item(std::uint64_t index, NodeKind kind = NodeKind::Struct) {
        return scope([index] { return indexName(index); }, kind);
    }
    // A container whose name is made only when it is recorded ("[12]", "TXCB metadata").
    template <typename F>
    requires std::is_invocable_r_v<std::string, F> Scope scope(F&& name, NodeKind kind = NodeKind::Struct) {
        return m_tree.recordsNodes() ? Scope(*this, std::string(name()), kind) : Scope(*this, {}, kind);
    }

    // Whether every element of an array records the same documented fields (fixed records), or
    // which ones depends on the element (metadata records: a Name's payload, an Id's).
    enum class ElementFields : std::uint8_t { Same, VaryByElement };
    // A fixed-stride array: one node with count and stride whose elements `decode` builds when a
    // view asks. The bytes are checked to be there before anything is allocated.
    NodeId array(std::string_view key, std::uint64_t count, std::uint64_t stride,
                 std::string_view elementType, ElementDecoder decode,
                 ElementFields fields = ElementFields::Same);

    // Diagnostics. `at` defaults to the current container.
    void report(Severity severity, std::string_view rule, std::string message, NodeId at = kNoNode);
    // A documented statement that must hold: the severity follows the row's confidence. The
    // message is made only when the statement is broken. The diagnostic goes to the node just
    // recorded (the field the statement is about), or to the container where nodes are off.
    template <TextSource T>
    bool check(bool holds, std::string_view rule, std::string_view docKey, T&& message) {
        return check(holds, rule, docKey, std::forward<T>(message), m_last);
    }
    // The same at `at`: parent() for the container, or a node kept from earlier.
    template <TextSource T>
    bool check(bool holds, std::string_view rule, std::string_view docKey, T&& message, NodeId at) {
        if (holds) return true;
        const auto severity = [docKey] { return documentedSeverity(docKey); };
        // A rule broken many times in one container (a hostile count) makes no text past the
        // occurrences that are listed.
        if (!m_tree.countRepeat(rule, m_base, severity))
            addDiagnostic(severity(), rule, textOf(std::forward<T>(message)), at);
        return false;
    }
    // A broken documented statement found at an absolute offset away from the reader (a record
    // deep in a run, a checked range): the severity follows the row's confidence.
    void flag(std::uint64_t offset, std::string_view rule, std::string_view docKey, std::string message,
              NodeId at = kNoNode);
    // A count the file gives, checked before anything is allocated for it: `count` elements of at
    // least `elementSize` bytes must fit in the bytes left. Throws ParseError(rule, "<count>
    // <what> cannot fit in the <n> bytes that remain") at `at` (a reader position, as ParseError
    // offsets are) when they do not.
    void requireCount(std::uint64_t count, std::uint64_t elementSize, std::string_view rule,
                      std::string_view what, std::uint64_t at) const;

    // Runs `body`; a ParseError inside becomes an error node and diagnostic at the place it
    // happened, and false is returned. What was recorded before stays.
    template <typename F> bool guard(F&& body) {
        try {
            body();
            return true;
        } catch (const ParseError& e) {
            recordError(e);
            return false;
        }
    }
    void recordError(const ParseError& e);
    void recordError(ParseError&& e);
    // Whether `n` bytes lie at `pos`. Where they do not, records the error that seek(pos) and
    // require(n) would throw, without throwing: for a loop over a table's records, where a hostile
    // table would otherwise throw once per record, and a throw (under ASan above all) costs far
    // more than the record.
    bool reachable(std::uint64_t pos, std::uint64_t n);

    const DocField* doc(std::string_view key) const;

private:
    // report() once it is known that the occurrence is not only counted.
    void addDiagnostic(Severity severity, std::string_view rule, std::string message, NodeId at);
    template <typename T> T number(std::string_view key, std::string_view type) {
        const std::uint64_t at = m_reader.pos();
        const T value = m_reader.read<T>();
        if (m_tree.recordsNodes())
            m_last = addField(key, NodeKind::Field, at, sizeof(T), type, numberValue(value));
        else
            tapField(key, at, [value] { return numberValue(value); });
        return value;
    }
    template <typename T> static Value numberValue(T value) {
        if constexpr (std::is_floating_point_v<T>)
            return static_cast<double>(value);
        else if constexpr (std::is_signed_v<T>)
            return static_cast<std::int64_t>(value);
        else
            return static_cast<std::uint64_t>(value);
    }
    // While nodes are off, a field the tree's tap wants goes to it; `make` builds the value only
    // then. Without a tap this is one pointer test, so a census reads as fast as before.
    template <typename MakeValue> void tapField(std::string_view key, std::uint64_t at, MakeValue&& make) {
        FieldTap* tap = m_tree.tap();
        if (!tap) [[likely]]
            return;
        const std::size_t wanted = tap->find(key);
        if (wanted != FieldTap::kNotWanted) tap->offer(wanted, absolute(at), make());
    }
    // A lazy array's elements read into the tap (nodes off, a tap set): see Recorder::array.
    void tapElements(std::uint64_t at, std::uint64_t count, std::uint64_t stride,
                     const ElementDecoder& decode, ElementFields fields);
    void setDisplay(std::string display);
    void recordFloats(std::string_view key, std::uint64_t at, std::span<const float> values);
    NodeId addField(std::string_view key, NodeKind kind, std::uint64_t at, std::uint64_t size,
                    std::string_view type, Value value);

    StructureTree& m_tree;
    ByteReader m_reader;
    std::uint64_t m_base;
    NodeId m_parent;
    NodeId m_last = kNoNode;
};

} // namespace assetscope
