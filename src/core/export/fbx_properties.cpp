#include "export/fbx_properties.h"

#include "bytes/little_endian.h"

#include <zlib.h>

#include <cstring>

namespace assetscope::exporting {

namespace {

constexpr std::string_view kNameSeparator{"\x00\x01", 2};

std::size_t scalarSize(char type) {
    switch (type) {
    case 'C':
        return 1;
    case 'Y':
        return 2;
    case 'I':
    case 'F':
        return 4;
    case 'D':
    case 'L':
        return 8;
    default:
        return 0;
    }
}

std::size_t elementSize(char type) {
    switch (type) {
    case 'b':
        return 1;
    case 'i':
    case 'f':
        return 4;
    case 'd':
    case 'l':
        return 8;
    default:
        return 0;
    }
}

std::uint32_t u32At(std::string_view bytes, std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
}

// The array's elements as raw little-endian bytes, inflated when deflated.
std::optional<std::string> arrayBytes(const FbxProperty& p) {
    const std::size_t size = elementSize(p.type);
    if (size == 0 || p.data.size() < 12) return std::nullopt;
    const std::uint32_t count = u32At(p.data, 0);
    const std::uint32_t encoding = u32At(p.data, 4);
    const std::uint32_t length = u32At(p.data, 8);
    if (length != p.data.size() - 12) return std::nullopt;
    const std::uint64_t want = std::uint64_t(count) * size;
    if (encoding == 0) {
        if (want != length) return std::nullopt;
        return p.data.substr(12);
    }
    if (encoding != 1 || want > (std::uint64_t(1) << 31)) return std::nullopt;
    std::string out(std::size_t(want), '\0');
    uLongf outLength = uLongf(want);
    if (uncompress(reinterpret_cast<Bytef*>(out.data()), &outLength,
                   reinterpret_cast<const Bytef*>(p.data.data() + 12), uLong(length)) != Z_OK ||
        outLength != want)
        return std::nullopt;
    return out;
}

template <class T> FbxProperty arrayProperty(char type, const std::vector<T>& values) {
    FbxProperty p;
    p.type = type;
    const std::size_t bytes = values.size() * sizeof(T);
    appendU32(p.data, std::uint32_t(values.size()));
    appendU32(p.data, 0); // not deflated
    appendU32(p.data, std::uint32_t(bytes));
    p.data.append(reinterpret_cast<const char*>(values.data()), bytes);
    return p;
}

} // namespace

std::optional<std::vector<FbxProperty>> readProperties(const FbxNode& node) {
    std::vector<FbxProperty> list;
    const std::string_view bytes = node.properties;
    std::size_t at = 0;
    for (std::uint64_t i = 0; i < node.propertyCount; ++i) {
        if (at >= bytes.size()) return std::nullopt;
        FbxProperty p;
        p.type = bytes[at++];
        std::size_t length = scalarSize(p.type);
        if (length == 0) {
            if (at + 4 > bytes.size()) return std::nullopt;
            if (p.type == 'S' || p.type == 'R')
                length = 4 + std::size_t(u32At(bytes, at));
            else if (elementSize(p.type) != 0 && at + 12 <= bytes.size())
                length = 12 + std::size_t(u32At(bytes, at + 8));
            else
                return std::nullopt;
        }
        if (length > bytes.size() - at) return std::nullopt;
        p.data = std::string(bytes.substr(at, length));
        at += length;
        list.push_back(std::move(p));
    }
    if (at != bytes.size()) return std::nullopt;
    return list;
}

void setProperties(FbxNode& node, const std::vector<FbxProperty>& properties) {
    node.propertyCount = properties.size();
    node.properties.clear();
    for (const auto& p : properties) {
        node.properties.push_back(p.type);
        node.properties.append(p.data);
    }
}

std::optional<std::string> stringValue(const FbxProperty& p) {
    if ((p.type != 'S' && p.type != 'R') || p.data.size() < 4) return std::nullopt;
    return p.data.substr(4);
}

std::optional<std::int64_t> integerValue(const FbxProperty& p) {
    if (p.type == 'Y' && p.data.size() == 2) {
        std::int16_t v = 0;
        std::memcpy(&v, p.data.data(), 2);
        return v;
    }
    if (p.type == 'I' && p.data.size() == 4) {
        std::int32_t v = 0;
        std::memcpy(&v, p.data.data(), 4);
        return v;
    }
    if (p.type == 'L' && p.data.size() == 8) {
        std::int64_t v = 0;
        std::memcpy(&v, p.data.data(), 8);
        return v;
    }
    return std::nullopt;
}

std::optional<std::vector<double>> realArray(const FbxProperty& p) {
    if (p.type != 'd' && p.type != 'f') return std::nullopt;
    const auto bytes = arrayBytes(p);
    if (!bytes) return std::nullopt;
    std::vector<double> out;
    if (p.type == 'd') {
        out.resize(bytes->size() / 8);
        std::memcpy(out.data(), bytes->data(), out.size() * 8);
    } else {
        std::vector<float> narrow(bytes->size() / 4);
        std::memcpy(narrow.data(), bytes->data(), narrow.size() * 4);
        out.assign(narrow.begin(), narrow.end());
    }
    return out;
}

std::optional<std::vector<std::int32_t>> intArray(const FbxProperty& p) {
    if (p.type != 'i') return std::nullopt;
    const auto bytes = arrayBytes(p);
    if (!bytes) return std::nullopt;
    std::vector<std::int32_t> out(bytes->size() / 4);
    std::memcpy(out.data(), bytes->data(), out.size() * 4);
    return out;
}

FbxProperty stringProperty(std::string_view value) {
    FbxProperty p;
    p.type = 'S';
    appendU32(p.data, std::uint32_t(value.size()));
    p.data.append(value);
    return p;
}

FbxProperty doubleArrayProperty(const std::vector<double>& values) {
    return arrayProperty('d', values);
}

FbxProperty floatArrayProperty(const std::vector<float>& values) {
    return arrayProperty('f', values);
}

FbxProperty intArrayProperty(const std::vector<std::int32_t>& values) {
    return arrayProperty('i', values);
}

std::optional<FbxObjectName> splitObjectName(std::string_view text) {
    const auto at = text.find(kNameSeparator);
    if (at == std::string_view::npos) return std::nullopt;
    return FbxObjectName{std::string(text.substr(0, at)),
                         std::string(text.substr(at + kNameSeparator.size()))};
}

std::string joinObjectName(std::string_view name, std::string_view objectClass) {
    std::string text(name);
    text.append(kNameSeparator);
    text.append(objectClass);
    return text;
}

} // namespace assetscope::exporting
