#pragma once

#include "bytes/guid_text.h"
#include "bytes/number_text.h"
#include "decode/texel_format.h"
#include "formats/texture/texture_file.h"
#include "tree/record_fields.h"

// The fixed fields of the TXCH payload described once (public-reader-notes.md, "Textures"): the
// parser's nodes and the writer walk this list; the parameter chain after them is read link by link.
namespace assetscope::texture::txch_layout {

inline void guid(Recorder& r, const TextureHeader& h, std::size_t) {
    r.describe([&] { return guidText(h.guid); });
}
inline void flags(Recorder& r, const TextureHeader& h, std::size_t) {
    r.describe([&] { return hexText(h.flags); });
}
inline void transcoding(Recorder& r, const TextureHeader& h, std::size_t) {
    r.describe([&] {
        if (h.transcoding < 2) return std::string("the encoding decides the format");
        const auto f = formatOfTranscoding(h.transcoding);
        return f ? "decides the format: " + std::string(decode::texelFormatInfo(*f).dxgiName)
                 : std::string("a value no reader names");
    });
}
inline void colourProfile(Recorder& r, const TextureHeader& h, std::size_t) {
    r.describe(h.colourProfile == 0 ? "linear" : "sRGB where the format has an sRGB form");
}

using record_fields::Field;
inline constexpr auto kLayout = record_fields::layout(
    Field<&TextureHeader::chainOffset>{"texture/txch/chain_offset"},
    Field<&TextureHeader::secondChainOffset>{"texture/txch/second_chain_offset"},
    Field<&TextureHeader::guid>{"texture/txch/guid", record_fields::Shown::AsBytes, {}, guid},
    Field<&TextureHeader::width>{"texture/txch/width"}, Field<&TextureHeader::height>{"texture/txch/height"},
    Field<&TextureHeader::depth>{"texture/txch/depth"},
    Field<&TextureHeader::slices>{"texture/txch/slice_count"},
    Field<&TextureHeader::mips>{"texture/txch/mip_count"},
    Field<&TextureHeader::flags>{"texture/txch/flags", {}, {}, flags},
    Field<&TextureHeader::transcoding>{"texture/txch/transcoding", {}, {}, transcoding},
    Field<&TextureHeader::secondColourProfile>{"texture/txch/second_colour_profile"},
    Field<&TextureHeader::colourProfile>{"texture/txch/colour_profile", {}, {}, colourProfile});
static_assert(kLayout.size == kHeaderBytes);

} // namespace assetscope::texture::txch_layout
