#include "tree/recorder.h"
#include "bytes/joined_text.h"

#include <algorithm>

namespace assetscope {

Recorder::Recorder(StructureTree& tree, ByteView view, std::uint64_t base, NodeId parent)
    : m_tree(tree), m_reader(view), m_base(base), m_parent(parent) {}

const DocField* Recorder::doc(std::string_view key) const {
    if (key.find('/') == std::string_view::npos) return nullptr;
    return DocTable::instance().find(key);
}

NodeId Recorder::addField(std::string_view key, NodeKind kind, std::uint64_t at, std::uint64_t size,
                          std::string_view type, Value value) {
    const NodeId id = m_tree.append(m_parent);
    if (id == kNoNode) return id;
    Node& n = m_tree.node(id);
    n.kind = kind;
    n.offset = absolute(at);
    n.size = size;
    n.type.assign(type);
    n.value = std::move(value);
    const bool documented = key.find('/') != std::string_view::npos;
    if (const DocField* d = documented ? DocTable::instance().find(key) : nullptr) {
        n.name = d->name;
        n.doc = d;
        n.confidence = d->confidence;
    } else {
        n.name.assign(key.substr(key.rfind('/') + 1));
        if (documented)
            m_tree.report(id, absolute(at),
                          {Severity::Note, "doc.missing-row", "no documented-field row " + std::string(key)});
    }
    return id;
}

std::uint32_t Recorder::tag(std::string_view key) {
    const std::uint64_t at = m_reader.pos();
    const std::uint32_t value = m_reader.u32();
    if (m_tree.recordsNodes())
        m_last = addField(key, NodeKind::Field, at, 4, "tag", tagText(value));
    else
        tapField(key, at, [value] { return Value(tagText(value)); });
    return value;
}

std::string Recorder::text(std::string_view key, std::uint64_t n) {
    const std::uint64_t at = m_reader.pos();
    std::string value = m_reader.string(n);
    if (m_tree.recordsNodes())
        m_last = addField(key, NodeKind::Field, at, n, "str", value);
    else
        tapField(key, at, [&] { return Value(value); });
    return value;
}

ByteView Recorder::bytes(std::string_view key, std::uint64_t n, NodeKind kind) {
    const std::uint64_t at = m_reader.pos();
    ByteView value = m_reader.bytes(n);
    if (m_tree.recordsNodes()) m_last = addField(key, kind, at, n, "bytes", std::monostate{});
    return value;
}

std::vector<float> Recorder::f32s(std::string_view key, std::size_t n) {
    const std::uint64_t at = m_reader.pos();
    m_reader.require(4 * static_cast<std::uint64_t>(n));
    std::vector<float> values(n);
    for (auto& v : values)
        v = m_reader.f32();
    if (m_tree.recordsNodes())
        recordFloats(key, at, values);
    else
        tapField(key, at, [&] { return Value(std::vector<double>(values.begin(), values.end())); });
    return values;
}

void Recorder::recordFloats(std::string_view key, std::uint64_t at, std::span<const float> values) {
    m_last =
        addField(key, NodeKind::Field, at, 4 * values.size(), "f32[" + std::to_string(values.size()) + "]",
                 std::vector<double>(values.begin(), values.end()));
}

std::vector<std::int16_t> Recorder::i16s(std::string_view key, std::size_t n) {
    const std::uint64_t at = m_reader.pos();
    m_reader.require(2 * static_cast<std::uint64_t>(n));
    std::vector<std::int16_t> values(n);
    for (auto& v : values)
        v = m_reader.i16();
    if (m_tree.recordsNodes())
        m_last = addField(key, NodeKind::Field, at, 2 * n, "i16[" + std::to_string(n) + "]",
                          std::vector<double>(values.begin(), values.end()));
    else
        tapField(key, at, [&] { return Value(std::vector<double>(values.begin(), values.end())); });
    return values;
}

std::vector<std::uint32_t> Recorder::u32s(std::string_view key, std::size_t n) {
    const std::uint64_t at = m_reader.pos();
    m_reader.require(4 * static_cast<std::uint64_t>(n));
    std::vector<std::uint32_t> values(n);
    for (auto& v : values)
        v = m_reader.u32();
    if (m_tree.recordsNodes())
        m_last = addField(key, NodeKind::Field, at, 4 * n, "u32[" + std::to_string(n) + "]",
                          std::vector<double>(values.begin(), values.end()));
    else
        tapField(key, at, [&] { return Value(std::vector<double>(values.begin(), values.end())); });
    return values;
}

NodeId Recorder::derived(std::string_view name, Value value, std::string_view type) {
    const NodeId id = m_tree.append(m_parent);
    if (id == kNoNode) return id;
    Node& n = m_tree.node(id);
    n.kind = NodeKind::Field;
    n.name.assign(name);
    n.offset = absolute(m_reader.pos());
    n.size = 0;
    n.type.assign(type);
    n.value = std::move(value);
    n.confidence = Confidence::Derived;
    m_last = id;
    return id;
}

NodeId Recorder::derivedDoc(std::string_view docKey, Value value, std::string_view type) {
    if (!m_tree.recordsNodes()) {
        tapField(docKey, m_reader.pos(), [&] { return std::move(value); });
        return kNoNode;
    }
    const NodeId id = derived(docKey.substr(docKey.rfind('/') + 1), std::move(value), type);
    m_tree.edit(id, [&](Node& n) { n.doc = doc(docKey); });
    return id;
}

void Recorder::fieldValue(NodeId node, std::string_view docKey, std::uint64_t at, Value value) {
    if (m_tree.recordsNodes())
        m_tree.edit(node, [&](Node& n) { n.value = std::move(value); });
    else
        tapField(docKey, at, [&] { return std::move(value); });
}

NodeId Recorder::rule(std::string_view docKey, bool holds) {
    if (!m_tree.recordsNodes()) {
        tapField(docKey, m_reader.pos(), [holds] { return Value(holds); });
        return kNoNode;
    }
    const NodeId id = derived(docKey.substr(docKey.rfind('/') + 1), holds, "rule");
    m_tree.edit(id, [&](Node& n) {
        n.doc = doc(docKey);
        if (n.doc) {
            n.name = n.doc->name;
            n.confidence = n.doc->confidence;
        }
        n.display = holds ? "holds" : "broken";
    });
    return id;
}

void Recorder::setDisplay(std::string display) {
    m_tree.node(m_last).display = std::move(display);
}

Recorder::Scope::Scope(Recorder& r, std::string_view key, NodeKind kind)
    : m_r(r), m_outer(r.m_parent), m_start(r.m_reader.pos()) {
    m_id = r.m_tree.append(r.m_parent);
    if (m_id == kNoNode) return;
    Node& n = r.m_tree.node(m_id);
    n.kind = kind;
    n.offset = r.absolute(m_start);
    if (const DocField* d = r.doc(key)) {
        n.name = d->name;
        n.doc = d;
        n.confidence = d->confidence;
    } else {
        n.name.assign(key);
    }
    r.m_parent = m_id;
}

Recorder::Scope::~Scope() {
    const std::uint64_t end = std::max(m_r.m_reader.pos(), m_start);
    m_r.m_tree.setSize(m_id, end - m_start);
    m_r.m_parent = m_outer;
    m_r.m_last = m_id;
}

NodeId Recorder::array(std::string_view key, std::uint64_t count, std::uint64_t stride,
                       std::string_view elementType, ElementDecoder decode, ElementFields fields) {
    const std::uint64_t at = m_reader.pos();
    if (stride != 0 && count > m_reader.remaining() / stride)
        throw ParseError{"truncated",
                         joinedText(std::to_string(count), " elements of ", std::to_string(stride),
                                    " bytes need ", std::to_string(count * stride), " bytes but ",
                                    std::to_string(m_reader.remaining()), " remain"),
                         at};
    m_reader.skip(count * stride);
    if (!m_tree.recordsNodes()) {
        if (m_tree.tap()) [[unlikely]]
            tapElements(at, count, stride, decode, fields);
        return kNoNode;
    }
    m_last = addField(key, NodeKind::Array, at, count * stride, {}, std::monostate{});
    Node& n = m_tree.node(m_last);
    n.type = joinedText(elementType, "[", std::to_string(count), "]");
    n.count = count;
    n.stride = stride;
    n.decoder = m_tree.addDecoder(std::move(decode));
    return m_last;
}

void Recorder::tapElements(std::uint64_t at, std::uint64_t count, std::uint64_t stride,
                           const ElementDecoder& decode, ElementFields fields) {
    FieldTap& tap = *m_tree.tap();
    if (count == 0 || !decode) return;
    // Elements are read as a view builds them: from the tree's bytes at their absolute offset,
    // here with nodes off into a scratch tree whose diagnostics are dropped (the parser has
    // already judged these bytes, so verdicts and refusals stay exactly what a census counts).
    const std::uint64_t first = absolute(at);
    const ByteView all = m_tree.bytes();
    StructureTree scratch(m_tree.source(), false);
    scratch.setTap(&tap);
    const auto readElement = [&](std::uint64_t index) {
        Recorder r(scratch, all, 0, kNoNode);
        r.guard([&] {
            r.seek(first + index * stride);
            decode(r, index);
        });
    };
    // Where every element records the same fields, element 0 tells whether they hold a wanted
    // one at all; most arrays do not, and cost one element.
    if (fields == ElementFields::Same && !tap.probe([&] { readElement(0); })) return;
    for (std::uint64_t i = 0; i < count && !tap.stopped(); ++i)
        readElement(i);
}

void Recorder::report(Severity severity, std::string_view rule, std::string message, NodeId at) {
    if (m_tree.countRepeat(rule, m_base, severity)) return; // only counted: no rule text made
    addDiagnostic(severity, rule, std::move(message), at);
}

void Recorder::addDiagnostic(Severity severity, std::string_view rule, std::string message, NodeId at) {
    m_tree.report(at != kNoNode ? at : m_parent, absolute(m_reader.pos()),
                  {severity, std::string(rule), std::move(message)}, m_base);
}

Severity documentedSeverity(std::string_view docKey) {
    const DocField* d =
        docKey.find('/') == std::string_view::npos ? nullptr : DocTable::instance().find(docKey);
    return severityFor(d ? d->confidence : Confidence::Proven);
}

void Recorder::flag(std::uint64_t offset, std::string_view rule, std::string_view docKey, std::string message,
                    NodeId at) {
    const auto severity = [docKey] { return documentedSeverity(docKey); };
    if (m_tree.countRepeat(rule, 0, severity)) return; // only counted: no rule text made
    m_tree.report(at != kNoNode ? at : m_parent, offset, {severity(), std::string(rule), std::move(message)});
}

void Recorder::requireCount(std::uint64_t count, std::uint64_t elementSize, std::string_view rule,
                            std::string_view what, std::uint64_t at) const {
    const std::uint64_t left = m_reader.remaining();
    if (elementSize != 0 && count > left / elementSize)
        throw ParseError{std::string(rule),
                         std::to_string(count) + " " + std::string(what) + " cannot fit in the " +
                             std::to_string(left) + " bytes that remain",
                         at};
}

void Recorder::recordError(const ParseError& e) {
    recordError(ParseError(e));
}

void Recorder::recordError(ParseError&& e) {
    const std::uint64_t at = std::min<std::uint64_t>(e.offset, m_reader.size());
    const NodeId id = m_tree.append(m_parent);
    // Past its listed occurrences a rule is only counted: the message goes to the error node
    // alone, moved rather than copied (a hostile table makes thousands).
    const bool onlyCounted = m_tree.countRepeat(e.rule, m_base, Severity::Error);
    m_tree.edit(id, [&](Node& n) {
        n.kind = NodeKind::Error;
        n.name = "error";
        n.offset = absolute(at);
        n.type = "error";
        if (onlyCounted)
            n.value = std::move(e.message);
        else
            n.value = e.message;
    });
    if (onlyCounted) return;
    m_tree.report(id != kNoNode ? id : m_parent, absolute(at),
                  {Severity::Error, std::move(e.rule), std::move(e.message)}, m_base);
}

bool Recorder::reachable(std::uint64_t pos, std::uint64_t n) {
    const std::uint64_t size = m_reader.size();
    if (pos <= size && n <= size - pos) return true;
    // A hostile table puts thousands of records out of reach. Past the listed occurrences one is
    // only counted: no message and no error node, since each would say again that the data ends
    // where the ones listed say it does, and the record that points there still shows where.
    if (m_tree.countRepeat(ParseError::kTruncated, m_base, Severity::Error)) return false;
    recordError(ParseError::truncated(pos, pos > size ? 0 : n, size));
    return false;
}

} // namespace assetscope
