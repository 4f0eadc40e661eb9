#include "shading/parameter_reader.h"

#include "bytes/number_text.h"
#include "docs/parameter_names.h"
#include "shading/seven_bit_string.h"
#include "tree/recorder.h"

#include <algorithm>

namespace assetscope::shading {

namespace {

// A record's smallest size: version, hash and type.
constexpr std::uint64_t kMinRecordBytes = 2 + 4 + 1;
constexpr std::uint64_t kTrailerBytes = 12;

std::string_view fourFloatKey(std::uint8_t type) {
    switch (static_cast<ParameterType>(type)) {
    case ParameterType::Color:
        return "materialbin/parameter/color";
    case ParameterType::Swizzle:
        return "materialbin/parameter/swizzle";
    case ParameterType::FunctionRange:
        return "materialbin/parameter/function_range";
    default:
        return "materialbin/parameter/vector";
    }
}

// Sampler address modes as the readers name them (T L584-590).
std::string addressText(std::uint32_t mode) {
    static constexpr std::string_view names[] = {"", "Wrap", "Mirror", "Clamp", "Border", "MirrorOnce"};
    return mode >= 1 && mode <= 5 ? std::string(names[mode]) : "mode " + std::to_string(mode);
}

std::string samplerKindText(std::uint32_t kind) {
    static constexpr std::string_view names[] = {"SamplerStates0", "TextureState",        "SamplerStates1",
                                                 "SamplerStates",  "SamplerStatesLivery", "",
                                                 "pgSamplerStates"};
    return kind <= 6 && kind != 5 ? std::string(names[kind]) : "kind " + std::to_string(kind);
}

class BlobReader {
public:
    BlobReader(Recorder& r, Version version, Trailer trailer) : m_r(r), m_trailer(trailer) {
        m_blob.version = version;
        m_blob.node = r.parent();
    }

    ParameterBlob read() {
        const Version v = m_blob.version;
        const std::string_view countKey =
            v.atLeast(2, 1) ? "materialbin/parameter_blob/count_u16" : "materialbin/parameter_blob/count";
        if (!m_r.guard([&] { m_blob.count = v.atLeast(2, 1) ? m_r.u16(countKey) : m_r.u8(countKey); }))
            return keepRest(0);
        const std::uint32_t count = *m_blob.count;
        if (!v.atLeast(2, 0)) {
            m_r.report(Severity::Note, "materialbin.parameters.old-blob",
                       "the readers decode the records of blobs from 2.0; this blob is " + v.text());
            return keepRest(m_r.pos(), "undecoded records");
        }
        m_r.check(count * kMinRecordBytes <= m_r.remaining(), "materialbin.parameters.count", countKey, [&] {
            return std::to_string(count) + " records of at least " + std::to_string(kMinRecordBytes) +
                   " bytes cannot fit in the " + std::to_string(m_r.remaining()) + " bytes that remain";
        });
        {
            auto list = m_r.scope("parameters");
            for (std::uint32_t i = 0; i < count; ++i) {
                const std::uint64_t start = m_r.pos();
                ParameterRecord record;
                bool known = true;
                if (!m_r.guard([&] { known = readRecord(record, i); }) || !known) {
                    if (!known && m_r.remaining() > 0) m_r.bytes("unread parameters", m_r.remaining());
                    return keepRest(start);
                }
                m_blob.records.push_back(std::move(record));
            }
        }
        readTrailer(count);
        if (m_r.remaining() > 0) {
            const std::uint64_t at = m_r.pos();
            m_r.bytes("trailing bytes", m_r.remaining());
            m_r.report(Severity::Warning, "materialbin.parameters.trailing",
                       std::to_string(m_r.view().size() - at) + " byte(s) after the parameters' fields",
                       m_r.last());
            return keepRest(at);
        }
        return std::move(m_blob);
    }

private:
    // The bytes from `from` to the blob's end, kept for the writer; with `what`, shown as a range.
    ParameterBlob keepRest(std::uint64_t from, std::string_view what = {}) {
        const ByteView view = m_r.view();
        from = std::min<std::uint64_t>(from, view.size());
        m_blob.rest.assign(view.begin() + static_cast<std::ptrdiff_t>(from), view.end());
        if (!what.empty() && from < view.size()) {
            m_r.seek(from);
            m_r.bytes(what, view.size() - from);
        }
        m_r.seek(view.size());
        return std::move(m_blob);
    }

    // Readers that disagree on count 0 (T and B read no trailer, C always, C' when 12 bytes
    // remain): read where 12 bytes remain, which every one of them agrees with on the bytes it
    // accounts for (docs/format-readings.md, "Materials and shaders").
    void readTrailer(std::uint32_t count) {
        if (m_trailer != Trailer::Mtpr || !m_blob.version.atLeast(2, 0)) return;
        if (m_r.remaining() < kTrailerBytes) {
            if (count > 0)
                m_r.check(
                    false, "materialbin.parameters.trailer", "materialbin/parameter_blob/parameter_crc",
                    [&] {
                        return "an MTPR blob from 2.0 ends in three u32; " + std::to_string(m_r.remaining()) +
                               " byte(s) remain";
                    },
                    m_r.parent());
            return;
        }
        std::array<std::uint32_t, 3> t{};
        t[0] = m_r.u32("materialbin/parameter_blob/parameter_crc");
        m_r.describe([&] { return hexText(t[0]); });
        t[1] = m_r.u32("materialbin/parameter_blob/texture_crc");
        m_r.describe([&] { return hexText(t[1]); });
        t[2] = m_r.u32("materialbin/parameter_blob/sampler_crc");
        m_r.describe([&] { return hexText(t[2]); });
        m_blob.trailer = t;
    }

    // One record; false (with a diagnostic) for a type code no reader lays out, after which the
    // rest of the blob cannot be read.
    bool readRecord(ParameterRecord& p, std::uint32_t index) {
        auto scope = m_r.item(index);
        p.node = scope.id();
        p.version.major = m_r.u8("materialbin/parameter/version_major");
        p.version.minor = m_r.u8("materialbin/parameter/version_minor");
        const Version v = p.version;
        if (!m_versionNoted && (!v.atLeast(2, 0) || v.atLeast(3, 2))) {
            m_versionNoted = true;
            m_r.report(Severity::Note, "materialbin.parameter.version",
                       "record version " + v.text() +
                           ": the readers decode 2.0 to 3.1; read by the notes' version conditions",
                       m_r.last());
        }
        p.hash = m_r.u32("materialbin/parameter/name_hash");
        m_r.describe([&] { return parameterLabel(p.hash); });
        m_r.tree().edit(scope.id(), [&](Node& n) { n.name = parameterLabel(p.hash); });
        if (v.atLeast(3, 1)) {
            p.unknownFlag = m_r.u8("materialbin/parameter/unknown_flag");
            if (*p.unknownFlag != 0) p.unknownValue = m_r.u32("materialbin/parameter/unknown_value");
        }
        p.type = m_r.u8("materialbin/parameter/type");
        const auto typeName = parameterTypeName(p.type);
        if (typeName) {
            m_r.describe(*typeName);
            m_r.tree().edit(scope.id(), [&](Node& n) { n.display = std::string(*typeName); });
        }
        const NodeId typeNode = m_r.last();
        if (v.atLeast(3, 0)) {
            Guid guid{};
            const ByteView bytes = m_r.bytes("materialbin/parameter/guid", guid.size(), NodeKind::Field);
            std::copy(bytes.begin(), bytes.end(), guid.begin());
            m_r.describe([&] { return guidText(guid); });
            p.guid = guid;
        }
        if (!typeName) {
            m_r.check(
                false, "materialbin.parameter.type", "materialbin/parameter/type",
                [&] {
                    return "type code " + std::to_string(p.type) +
                           " is none the readers lay out: the record's size is unknown and the rest of "
                           "the blob is not read";
                },
                typeNode);
            return false;
        }
        readValue(p);
        return true;
    }

    void readValue(ParameterRecord& p) {
        const Version v = p.version;
        switch (static_cast<ParameterType>(p.type)) {
        case ParameterType::Vector:
        case ParameterType::Color:
        case ParameterType::Swizzle:
        case ParameterType::FunctionRange: {
            const auto f = m_r.f32Array<4>(fourFloatKey(p.type));
            p.floats.assign(f.begin(), f.end());
            break;
        }
        case ParameterType::Float:
            p.floats = {m_r.f32("materialbin/parameter/float")};
            break;
        case ParameterType::Bool: {
            const std::uint32_t b = m_r.u32("materialbin/parameter/bool");
            m_r.check(b <= 1, "materialbin.parameter.bool", "materialbin/parameter/bool",
                      [&] { return "a bool of " + std::to_string(b) + ", not 0 or 1"; });
            p.words = {b};
            break;
        }
        case ParameterType::Int:
            p.words = {static_cast<std::uint32_t>(m_r.i32("materialbin/parameter/int"))};
            break;
        case ParameterType::Texture:
            p.path = readSevenBitString(m_r, "materialbin/parameter/texture_path");
            if (v.atLeast(2, 0)) {
                p.pathHash = m_r.u32("materialbin/parameter/texture_path_crc");
                m_r.describe([&] { return hexText(*p.pathHash); });
            }
            break;
        case ParameterType::Sampler: {
            const std::uint32_t u = m_r.u32("materialbin/parameter/sampler_address_u");
            m_r.describe([&] { return addressText(u); });
            const std::uint32_t w = m_r.u32("materialbin/parameter/sampler_address_v");
            m_r.describe([&] { return addressText(w); });
            p.words = {u, w};
            // T, B and D read the kind from 1.1; C and C' only when the minor version is not 0.
            if (v.atLeast(1, 1)) {
                const std::uint32_t kind = m_r.u32("materialbin/parameter/sampler_kind");
                m_r.describe([&] { return samplerKindText(kind); });
                p.words.push_back(kind);
            }
            break;
        }
        case ParameterType::ColorGradient: {
            const std::uint64_t at = m_r.pos();
            const std::uint32_t n = m_r.u32("materialbin/parameter/gradient_count");
            // T and D read n RGBA8 words; C' n × 16 bytes.
            m_r.requireCount(n, 4, "materialbin.parameter.gradient-count", "gradient colours", at);
            p.words = m_r.u32s("materialbin/parameter/gradient_colors", n);
            break;
        }
        case ParameterType::Vector2: {
            const auto f = m_r.f32Array<2>("materialbin/parameter/vector2");
            p.floats.assign(f.begin(), f.end());
            if (!v.atLeast(2, 0)) {
                const ByteView pad = m_r.bytes("materialbin/parameter/vector2_padding", p.padding.size());
                std::copy(pad.begin(), pad.end(), p.padding.begin());
            }
            break;
        }
        }
    }

    Recorder& m_r;
    Trailer m_trailer;
    ParameterBlob m_blob;
    bool m_versionNoted = false;
};

} // namespace

ParameterBlob readParameterBlob(Recorder& r, Version version, Trailer trailer) {
    return BlobReader(r, version, trailer).read();
}

} // namespace assetscope::shading
