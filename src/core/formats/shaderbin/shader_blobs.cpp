#include "formats/shaderbin/shader_blobs.h"

#include "bytes/number_text.h"
#include "docs/parameter_names.h"
#include "shading/seven_bit_string.h"
#include "tree/recorder.h"

namespace assetscope::shaderbin {

namespace {

// The newest LSCE the public readers lay out (T, to 1.8); FH6 stores 1.10.
constexpr Version kNewestScenarios{1, 8};

Bytes restFrom(Recorder& r, std::uint64_t from) {
    const ByteView view = r.view();
    from = std::min<std::uint64_t>(from, view.size());
    r.seek(view.size());
    return Bytes(view.begin() + static_cast<std::ptrdiff_t>(from), view.end());
}

} // namespace

Bytes keepTrailing(Recorder& r, std::string_view rule, std::string_view what) {
    if (r.remaining() == 0) return {};
    const std::uint64_t at = r.pos();
    const std::uint64_t n = r.remaining();
    r.bytes("trailing bytes", n);
    r.report(Severity::Warning, rule,
             std::string(what) + " fields end " + std::to_string(n) + " byte(s) before the data does",
             r.last());
    return restFrom(r, at);
}

MappingBlob readMapping(Recorder& r, Version v) {
    MappingBlob m;
    m.version = v;
    // T and C read a u16 count from 3.1; B reads a u8 at every version.
    const std::string_view countKey =
        v.atLeast(3, 1) ? "shaderbin/mapping/count_u16" : "shaderbin/mapping/count";
    if (!r.guard([&] { m.count = v.atLeast(3, 1) ? r.u16(countKey) : r.u8(countKey); })) {
        m.rest = restFrom(r, 0);
        return m;
    }
    const std::uint64_t minEntry = v.atLeast(3, 0) ? 22 : v.atLeast(2, 0) ? 6 : 2;
    r.check(*m.count * minEntry <= r.remaining(), "shaderbin.mapping.count", countKey, [&] {
        return std::to_string(*m.count) + " entries of at least " + std::to_string(minEntry) +
               " bytes cannot fit in the " + std::to_string(r.remaining()) + " bytes that remain";
    });
    {
        auto list = r.scope("entries");
        for (std::uint32_t i = 0; i < *m.count; ++i) {
            const std::uint64_t start = r.pos();
            MappingEntry e;
            const bool ok = r.guard([&] {
                auto item = r.item(i);
                e.node = item.id();
                if (v.atLeast(2, 0)) {
                    e.hash = r.u32("shaderbin/mapping/name_hash");
                    r.describe([&] { return parameterLabel(e.hash); });
                    r.tree().edit(item.id(), [&](Node& n) { n.name = parameterLabel(e.hash); });
                    e.slot = r.u16("shaderbin/mapping/slot");
                    if (v.atLeast(3, 0)) {
                        Guid guid{};
                        const ByteView b = r.bytes("shaderbin/mapping/guid", guid.size(), NodeKind::Field);
                        std::copy(b.begin(), b.end(), guid.begin());
                        r.describe([&] { return guidText(guid); });
                        e.guid = guid;
                    }
                } else {
                    e.name = shading::readSevenBitString(r, "shaderbin/mapping/name");
                    r.tree().edit(item.id(), [&](Node& n) { n.name = e.name; });
                    e.index = r.u8("shaderbin/mapping/index");
                }
            });
            if (!ok) {
                m.rest = restFrom(r, start);
                return m;
            }
            m.entries.push_back(std::move(e));
        }
    }
    m.rest = keepTrailing(r, "shaderbin.mapping.trailing", "the mapping's");
    return m;
}

LightScenarios readLightScenarios(Recorder& r, Version v) {
    LightScenarios s;
    s.version = v;
    std::uint64_t read = 0; // where the complete fields end
    const bool ok = r.guard([&] {
        if (v.atLeast(1, 1)) {
            s.isInline = r.u8("shaderbin/light_scenarios/is_inline");
            read = r.pos();
        }
        s.count = r.u8("shaderbin/light_scenarios/count");
        read = r.pos();
        if (*s.count == 0) return;
        auto first = r.scope("first scenario");
        s.firstName = shading::readSevenBitString(r, "shaderbin/light_scenarios/name");
        s.firstVersion = r.u32("shaderbin/light_scenarios/scenario_version");
        read = r.pos();
    });
    if (!ok) {
        // A scenario cut short keeps nothing of itself: the writer puts back the bytes from where
        // the complete fields end.
        if (!s.firstVersion) s.firstName.reset();
        s.rest = restFrom(r, read);
        return s;
    }
    if (r.remaining() > 0) {
        const std::uint64_t at = r.pos();
        r.bytes("shaderbin/light_scenarios/unread", r.remaining());
        if (!kNewestScenarios.atLeast(v.major, v.minor))
            r.report(Severity::Warning, "shaderbin.light-scenarios.past-readers",
                     "light scenarios " + v.text() + " are past every public reader (they lay out to " +
                         kNewestScenarios.text() + "): the rest is not read",
                     r.last());
        else
            r.report(Severity::Note, "shaderbin.light-scenarios.not-laid-out",
                     "the per-shader paths after the first scenario's version are not laid out", r.last());
        s.rest = restFrom(r, at);
    }
    return s;
}

VersionBlob readVers(Recorder& r) {
    VersionBlob b;
    std::uint64_t read = 0;
    r.guard([&] {
        b.value = r.u32("shaderbin/vers/value");
        read = r.pos();
        b.path = shading::readSevenBitString(r, "shaderbin/vers/path");
        read = r.pos();
    });
    if (b.value && !b.path) {
        b.rest = restFrom(r, read);
        return b;
    }
    if (!b.value) {
        b.rest = restFrom(r, 0);
        return b;
    }
    b.rest = keepTrailing(r, "shaderbin.vers.trailing", "VERS");
    return b;
}

bool readVertexDeclaration(Recorder& r, std::uint8_t version, VertexDeclaration& out) {
    auto scope = r.scope("VDCL payload");
    if (version != 3) {
        r.report(Severity::Note, "shaderbin.vdcl.version",
                 "VDCL version " + std::to_string(version) + ": the readers lay out version 3 only");
        return false;
    }
    // T reads groups (a count, each a length and pairs); C one count of flat pairs. One reader
    // each: docs/format-readings.md says why T's is taken.
    const bool ok = r.guard([&] {
        const std::uint64_t at = r.pos();
        const std::int32_t groups = r.i32("shaderbin/vdcl/group_count");
        if (groups < 0) throw ParseError{"shaderbin.vdcl.count", "a negative group count", at};
        r.requireCount(static_cast<std::uint32_t>(groups), 4, "shaderbin.vdcl.count", "groups", at);
        for (std::int32_t g = 0; g < groups; ++g) {
            auto item = r.item(static_cast<std::uint64_t>(g));
            const std::uint64_t lengthAt = r.pos();
            const std::int32_t pairs = r.i32("shaderbin/vdcl/pair_count");
            if (pairs < 0) throw ParseError{"shaderbin.vdcl.count", "a negative pair count", lengthAt};
            r.requireCount(static_cast<std::uint32_t>(pairs), 8, "shaderbin.vdcl.count", "pairs", lengthAt);
            const std::uint64_t first = r.pos();
            r.array("pairs", static_cast<std::uint64_t>(pairs), 8, "(u32, u32)",
                    [](Recorder& er, std::uint64_t) {
                        er.u32("shaderbin/vdcl/scenario_hash");
                        const std::uint32_t flags = er.u32("shaderbin/vdcl/flags");
                        er.describe([&] { return vertexInputText(flags); });
                    });
            auto& group = out.groups.emplace_back();
            ByteReader pairsReader(r.view(), first);
            for (std::int32_t p = 0; p < pairs; ++p) {
                const std::uint32_t hash = pairsReader.u32();
                group.emplace_back(hash, pairsReader.u32());
            }
        }
    });
    if (!ok) return false;
    return r.check(
        r.remaining() == 0, "shaderbin.vdcl.end", "shaderbin/vdcl/group_count",
        [&] { return "the groups end " + std::to_string(r.remaining()) + " byte(s) before the payload"; },
        r.parent());
}

bool readBlend(Recorder& r, std::uint8_t version, Blend& out) {
    auto scope = r.scope("BLEN payload");
    if (version != 1) {
        r.report(Severity::Note, "shaderbin.blen.version",
                 "BLEN version " + std::to_string(version) + ": the readers lay out version 1 only");
        return false;
    }
    return r.guard([&] {
        out.transparent = r.u8("shaderbin/blen/transparent") != 0;
        out.alphaTested = r.u8("shaderbin/blen/alpha_tested") != 0;
        r.check(r.remaining() == 0, "shaderbin.blen.size", "shaderbin/blen/alpha_tested",
                [&] { return std::to_string(r.remaining()) + " byte(s) after BLEN's two bools"; });
    });
}

std::string vertexInputText(std::uint32_t flags) {
    std::string text;
    const auto add = [&](std::string name) { text += (text.empty() ? "" : " | ") + name; };
    for (int i = 0; i < 5; ++i)
        if (flags & (1u << i)) add("TEXCOORD" + std::to_string(i));
    for (int i = 0; i < 5; ++i)
        if (flags & (0x20u << i)) add("TANGENT" + std::to_string(i));
    if (flags & 0x400) add("COLOR0");
    if (flags & ~0x7FFu) add(hexText(flags & ~0x7FFu));
    return text.empty() ? "none" : text;
}

} // namespace assetscope::shaderbin
