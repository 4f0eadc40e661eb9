#pragma once

#include "bytes/little_endian.h"
#include "bytes/number_text.h"
#include "tree/recorder.h"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <tuple>
#include <type_traits>

// One description per fixed record: a record's fields in stored order (packed, little-endian),
// each naming the member of the typed struct that holds it and its documented key. The raw
// decoder, the writer and the node builder all walk that one list, so a field is added in one
// line. PatternLanguage's records and Wireshark's hf[] are the idea: a field declared once is
// read, shown and written by the same declaration.
namespace assetscope::record_fields {

template <typename T> struct MemberOf;
template <typename C, typename T> struct MemberOf<T C::*> {
    using Record = C;
    using Type = T;
};

// How a field's node is made, where its type alone does not say.
enum class Shown : std::uint8_t {
    AsType,  // by its type: u8/u16/u32/u64/i32/f32, an array of u32 or f32 as one list node
    AsTag,   // a u32 shown as its big-endian letters (Recorder::tag)
    AsBytes, // an array of u8 as one field of bytes
    AsRun,   // an array of u8 as a run of bytes (Recorder::bytes' own kind); without a key, bytes
             // no row describes, named undescribed_<where they start in the record, in hex>
    AsItems  // an array as one scope node, its key, holding a node per element named [0], [1], ...
             // (how an array of u16, u64 or i32 is shown where no element keys are given)
};

// A field: `Member` is the struct member (`&BlobRecord::dataSize`). `key` the documented row;
// `elementKeys`, for an array shown one node per element, a row per element instead.
// `after` runs once the field's node (or each element's) is made, r.last() being that node: a
// describe, a derived value, the check that follows the field, a display for a record's scope.
template <auto Member> struct Field {
    using Record = typename MemberOf<decltype(Member)>::Record;
    using Type = typename MemberOf<decltype(Member)>::Type;
    std::string_view key;
    Shown shown = Shown::AsType;
    std::span<const std::string_view> elementKeys = {};
    void (*after)(Recorder& r, const Record& record, std::size_t element) = nullptr;
};

template <typename T> struct IsArray : std::false_type {};
template <typename T, std::size_t N> struct IsArray<std::array<T, N>> : std::true_type {
    using Element = T;
    static constexpr std::size_t size = N;
};

// A field whose type is itself a fixed record (a range of three numbers inside a table entry): the
// format names that record's layout by specialising NestedLayout (`static constexpr const auto&
// layout = ...;`), and the field is read as one scope node, its key, holding the inner fields. An
// array of records is one scope node holding a scope per element, named [i] or by its element key.
template <typename T> struct NestedLayout {};
template <typename T>
concept Nested = requires {
    NestedLayout<T>::layout;
};

template <typename T> constexpr std::size_t storedSize() {
    if constexpr (IsArray<T>::value)
        return storedSize<typename IsArray<T>::Element>() * IsArray<T>::size;
    else if constexpr (Nested<T>)
        return std::remove_cvref_t<decltype(NestedLayout<T>::layout)>::size;
    else
        return sizeof(T);
}

template <typename T> T loadScalar(const std::uint8_t* p) {
    if constexpr (sizeof(T) == 1)
        return static_cast<T>(p[0]);
    else if constexpr (sizeof(T) == 2)
        return std::bit_cast<T>(loadU16(p));
    else if constexpr (sizeof(T) == 4)
        return std::bit_cast<T>(loadU32(p));
    else
        return std::bit_cast<T>(loadU64(p));
}

template <typename T> void storeScalar(std::uint8_t* p, T v) {
    if constexpr (sizeof(T) == 1)
        p[0] = static_cast<std::uint8_t>(v);
    else if constexpr (sizeof(T) == 2)
        storeU16(p, std::bit_cast<std::uint16_t>(v));
    else if constexpr (sizeof(T) == 4)
        storeU32(p, std::bit_cast<std::uint32_t>(v));
    else
        storeU64(p, std::bit_cast<std::uint64_t>(v));
}

template <typename T> void loadValue(const std::uint8_t* p, T& out) {
    if constexpr (IsArray<T>::value) {
        using E = typename IsArray<T>::Element;
        for (std::size_t i = 0; i < out.size(); ++i)
            loadValue(p + i * storedSize<E>(), out[i]);
    } else if constexpr (Nested<T>) {
        out = NestedLayout<T>::layout.decode(p);
    } else {
        out = loadScalar<T>(p);
    }
}

template <typename T> void storeValue(std::uint8_t* p, const T& value) {
    if constexpr (IsArray<T>::value) {
        using E = typename IsArray<T>::Element;
        for (std::size_t i = 0; i < value.size(); ++i)
            storeValue(p + i * storedSize<E>(), value[i]);
    } else if constexpr (Nested<T>) {
        NestedLayout<T>::layout.encode(value, p);
    } else {
        storeScalar<T>(p, value);
    }
}

template <typename T> T recordScalar(Recorder& r, std::string_view key, Shown shown) {
    if constexpr (std::is_same_v<T, std::uint8_t>)
        return r.u8(key);
    else if constexpr (std::is_same_v<T, std::uint16_t>)
        return r.u16(key);
    else if constexpr (std::is_same_v<T, std::uint32_t>)
        return shown == Shown::AsTag ? r.tag(key) : r.u32(key);
    else if constexpr (std::is_same_v<T, std::uint64_t>)
        return r.u64(key);
    else if constexpr (std::is_same_v<T, std::int32_t>)
        return r.i32(key);
    else {
        static_assert(std::is_same_v<T, float>,
                      "a record field is u8, u16, u32, u64, i32, f32, a record or an array");
        return r.f32(key);
    }
}

// Reads one field through the recorder into `record`, making its node(s); `node` gets the field's
// node (the last element's; a scope's own), before `after` adds any. `at`: where the field starts
// in the record.
template <auto Member>
void recordField(Recorder& r, const Field<Member>& f, typename Field<Member>::Record& record, NodeId& node,
                 std::size_t at) {
    using T = typename Field<Member>::Type;
    T& value = record.*Member;
    if constexpr (IsArray<T>::value) {
        using E = typename IsArray<T>::Element;
        constexpr std::size_t n = IsArray<T>::size;
        if constexpr (Nested<E>) {
            {
                auto scope = r.scope(f.key);
                for (std::size_t i = 0; i < n; ++i) {
                    {
                        auto element = f.elementKeys.empty() ? r.item(i) : r.scope(f.elementKeys[i]);
                        NestedLayout<E>::layout.recordInto(r, value[i]);
                    }
                    if (f.after) f.after(r, record, i);
                }
            }
            node = r.last();
            return;
        } else {
            if (!f.elementKeys.empty()) {
                for (std::size_t i = 0; i < n; ++i) {
                    value[i] = recordScalar<E>(r, f.elementKeys[i], f.shown);
                    node = r.last();
                    if (f.after) f.after(r, record, i);
                }
                return;
            }
            const auto items = [&] {
                {
                    auto scope = r.scope(f.key);
                    for (std::size_t i = 0; i < n; ++i) {
                        value[i] = recordScalar<E>(r, indexName(i), f.shown);
                        if (f.after) f.after(r, record, i);
                    }
                }
                node = r.last();
            };
            if (f.shown == Shown::AsItems) return items();
            if constexpr (std::is_same_v<E, float>) {
                value = r.f32Array<n>(f.key);
            } else if constexpr (std::is_same_v<E, std::uint32_t>) {
                const std::vector<std::uint32_t> read = r.u32s(f.key, n);
                std::copy(read.begin(), read.end(), value.begin());
            } else if constexpr (std::is_same_v<E, std::uint8_t>) {
                const auto undescribed = [at] {
                    std::string name = "undescribed_";
                    name += hexText(at);
                    return name;
                };
                const ByteView read = f.shown != Shown::AsRun ? r.bytes(f.key, n, NodeKind::Field)
                                      : f.key.empty()         ? r.bytes(undescribed(), n)
                                                              : r.bytes(f.key, n);
                std::copy(read.begin(), read.end(), value.begin());
            } else {
                return items();
            }
        }
    } else if constexpr (Nested<T>) {
        auto scope = r.scope(f.key);
        NestedLayout<T>::layout.recordInto(r, value);
    } else {
        value = recordScalar<T>(r, f.key, f.shown);
    }
    node = r.last();
    if (f.after) f.after(r, record, 0);
}

// A fixed record's layout: its fields in stored order. A tail (continuing()) holds the fields
// after another layout's: a version's or a variant's own.
template <typename Record, typename... Fields> class Layout {
public:
    constexpr explicit Layout(Fields... fields) : m_fields(fields...) {}
    constexpr Layout(std::size_t start, Fields... fields) : m_start(start), m_fields(fields...) {}

    static constexpr std::size_t size = (storedSize<typename Fields::Type>() + ...); // its own bytes
    using Nodes = std::array<NodeId, sizeof...(Fields)>; // each field's node, in order

    // Where the fields start in the record: 0, or for a tail where the fields before it end.
    constexpr std::size_t start() const { return m_start; }

    // Where `Member`'s field starts, from the record's start.
    template <auto Member> constexpr std::size_t offsetOf() const {
        static_assert((std::is_same_v<Fields, Field<Member>> || ...), "a field of this record");
        std::size_t at = m_start;
        bool found = false;
        ((found = found || std::is_same_v<Fields, Field<Member>>,
          at += found ? 0 : storedSize<typename Fields::Type>()),
         ...);
        return at;
    }
    // `Member`'s place in the list: its entry in Nodes.
    template <auto Member> static constexpr std::size_t indexOf() {
        static_assert((std::is_same_v<Fields, Field<Member>> || ...), "a field of this record");
        std::size_t index = 0;
        bool found = false;
        ((found = found || std::is_same_v<Fields, Field<Member>>, index += found ? 0 : 1), ...);
        return index;
    }

    // The record stored at `p`, the record's start (start() + size bytes there, checked by the
    // caller).
    Record decode(const std::uint8_t* p) const {
        Record record{};
        decodeInto(p, record);
        return record;
    }
    Record decode(ByteView view, std::uint64_t at) const { return decode(view.data() + at); }
    // The same into `record`, whose other members stay: a tail decodes into the record its head
    // was decoded into.
    void decodeInto(const std::uint8_t* p, Record& record) const {
        std::size_t at = m_start;
        std::apply([&](const auto&... f) { (decodeOne(f, p, at, record), ...); }, m_fields);
    }

    // `record` stored at `p`, the record's start.
    void encode(const Record& record, std::uint8_t* p) const { encodeOwn(record, p + m_start); }
    // The layout's own bytes.
    std::array<std::uint8_t, size> encode(const Record& record) const {
        std::array<std::uint8_t, size> bytes{};
        encodeOwn(record, bytes.data());
        return bytes;
    }

    // The record read through the recorder from its position (where the fields start), a node per
    // field; `nodes`, when given, gets each field's node in order (kNoNode while nodes are off).
    // Its bytes are required first: a record cut short is not read at all.
    Record record(Recorder& r, Nodes* nodes = nullptr) const {
        r.require(size);
        Record record{};
        recordInto(r, record, nodes);
        return record;
    }
    // The same field by field into `record`, whose other members stay (a tail reads into the
    // record its head was read into), as reading each field on its own: in a record cut short the
    // fields before the cut keep their nodes and values, and the error is at the field cut short.
    void recordInto(Recorder& r, Record& record, Nodes* nodes = nullptr) const {
        Nodes made{};
        std::size_t i = 0;
        std::size_t at = m_start;
        std::apply(
            [&](const auto&... f) {
                ((recordField(r, f, record, made[i++], at),
                  at += storedSize<typename std::remove_cvref_t<decltype(f)>::Type>()),
                 ...);
            },
            m_fields);
        if (nodes) *nodes = made;
    }

private:
    template <typename F>
    static void decodeOne(const F& f, const std::uint8_t* p, std::size_t& at, Record& record) {
        (void)f;
        loadValue(p + at, record.*memberOf(f));
        at += storedSize<typename F::Type>();
    }
    void encodeOwn(const Record& record, std::uint8_t* p) const {
        std::size_t at = 0;
        std::apply([&](const auto&... f) { (encodeOne(f, p, at, record), ...); }, m_fields);
    }
    template <typename F>
    static void encodeOne(const F& f, std::uint8_t* p, std::size_t& at, const Record& record) {
        storeValue(p + at, record.*memberOf(f));
        at += storedSize<typename F::Type>();
    }
    template <auto Member> static constexpr auto memberOf(const Field<Member>&) { return Member; }

    std::size_t m_start = 0;
    std::tuple<Fields...> m_fields;
};

template <typename... Fields> constexpr auto layout(Fields... fields) {
    using Record = typename std::tuple_element_t<0, std::tuple<Fields...>>::Record;
    static_assert((std::is_same_v<Record, typename Fields::Record> && ...), "one record's fields");
    return Layout<Record, Fields...>(fields...);
}

// A tail: fields that continue a record where `before`'s end (a version's or a variant's own
// fields after the ones they share). Its offsets, and the record start its decode and encode take,
// are the whole record's; the bytes encode returns are its own.
template <typename Before, typename... Fields>
constexpr auto continuing(const Before& before, Fields... fields) {
    using Record = typename std::tuple_element_t<0, std::tuple<Fields...>>::Record;
    static_assert((std::is_same_v<Record, typename Fields::Record> && ...), "one record's fields");
    return Layout<Record, Fields...>(before.start() + Before::size, fields...);
}

} // namespace assetscope::record_fields
