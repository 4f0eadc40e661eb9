#include "shading/parameters.h"

#include "bytes/ascii_case.h"
#include "contract/info_list.h"

#include <zlib.h>

#include <algorithm>
#include <map>

namespace assetscope::shading {

std::uint32_t crc32Of(std::string_view text) {
    uLong crc = crc32(0L, Z_NULL, 0);
    // zlib takes a uInt length: a name or path is far shorter, but long text is fed in parts.
    while (!text.empty()) {
        const std::size_t n = std::min<std::size_t>(text.size(), 1u << 30);
        crc = crc32(crc, reinterpret_cast<const Bytef*>(text.data()), static_cast<uInt>(n));
        text.remove_prefix(n);
    }
    return static_cast<std::uint32_t>(crc);
}

std::uint32_t texturePathHash(std::string_view path) {
    return crc32Of(asciiLower(path));
}

MaterialParameter lookParameter(const ParameterRecord& record) {
    MaterialParameter p;
    p.hash = record.hash;
    p.type = static_cast<ParameterType>(record.type);
    p.node = record.node;
    switch (p.type) {
    case ParameterType::Int:
        for (const std::uint32_t w : record.words)
            p.numbers.push_back(static_cast<std::int32_t>(w));
        break;
    case ParameterType::Texture:
        p.path = record.path;
        p.pathHash = record.pathHash;
        break;
    default:
        p.numbers.assign(record.floats.begin(), record.floats.end());
        p.numbers.insert(p.numbers.end(), record.words.begin(), record.words.end());
        break;
    }
    return p;
}

std::vector<MaterialParameter> lookParameters(const ParameterBlob& blob) {
    std::vector<MaterialParameter> out;
    out.reserve(blob.records.size());
    for (const ParameterRecord& r : blob.records)
        out.push_back(lookParameter(r));
    return out;
}

ParameterRecord makeRecord(Version version, std::uint32_t hash, ParameterType type, std::vector<float> floats,
                           std::vector<std::uint32_t> words, std::string path) {
    ParameterRecord p;
    p.version = version;
    p.hash = hash;
    p.type = static_cast<std::uint8_t>(type);
    p.floats = std::move(floats);
    p.words = std::move(words);
    p.path = std::move(path);
    if (version.atLeast(3, 1)) p.unknownFlag = 0;
    if (version.atLeast(3, 0)) {
        // One parameter has one GUID in MTPR and DFPR alike: made from its hash, so a sample's
        // material and shader agree.
        Guid guid{};
        for (std::size_t i = 0; i < guid.size(); ++i)
            guid[i] = static_cast<std::uint8_t>(hash >> (8 * (i % 4)) ^ (i * 29));
        p.guid = guid;
    }
    if (type == ParameterType::Texture && version.atLeast(2, 0)) p.pathHash = texturePathHash(p.path);
    return p;
}

std::string parametersLine(const ParameterBlob& blob) {
    std::map<std::string, int> byType;
    for (const ParameterRecord& p : blob.records)
        ++byType[std::string(parameterTypeName(p.type).value_or("unknown"))];
    std::vector<std::string> kinds;
    for (const auto& [type, n] : byType)
        kinds.push_back(type + (n > 1 ? " ×" + std::to_string(n) : ""));
    std::string line = std::to_string(blob.records.size());
    if (!kinds.empty()) line += " (" + infoList(kinds) + ")";
    if (blob.count && *blob.count != blob.records.size())
        line += "; " + std::to_string(*blob.count) + " stored";
    return line;
}

} // namespace assetscope::shading
