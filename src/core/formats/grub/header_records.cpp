#include "formats/grub/header_records.h"

#include "bytes/joined_text.h"
#include "tree/record_fields.h"

namespace assetscope::grub {

namespace {

using record_fields::Field;
using record_fields::Shown;

// The checks between the header's fields, each made once the field it follows is read.
void checkHeaderTag(Recorder& r, const Header& h, std::size_t) {
    if (!r.check(h.tag == kGrubTag, "grub.header.tag", "grub/header/tag",
                 "not a Grub bundle: the first four bytes are not burG", r.parent()))
        throw ParseError{"grub.header.tag", "cannot read further without the bundle tag", 0};
}

void checkHeaderVersion(Recorder& r, const Header& h, std::size_t) {
    r.check(
        h.versionMajor == 1 && h.versionMinor == 1, "grub.header.version", "grub/header/version_major",
        [&] {
            return joinedText("version ", std::to_string(h.versionMajor), ".", std::to_string(h.versionMinor),
                              " (every documented bundle is 1.1)",
                              h.v10() ? "; read with the older 16-byte header" : "");
        },
        r.parent());
}

void checkHeaderReserved(Recorder& r, const Header& h, std::size_t) {
    r.check(h.reserved == 0, "grub.header.reserved", "grub/header/reserved",
            [&] { return joinedText("reserved is ", std::to_string(h.reserved), ", not 0"); });
}

// The header described once (grub-bundles.txt, "Header"): read raw, read as nodes and written by
// these lists. Every bundle starts with the tag and version; 1.1's fields or 1.0's follow.
constexpr auto kHeaderStart = record_fields::layout(
    Field<&Header::tag>{"grub/header/tag", Shown::AsTag, {}, checkHeaderTag},
    Field<&Header::versionMajor>{"grub/header/version_major"},
    Field<&Header::versionMinor>{"grub/header/version_minor", {}, {}, checkHeaderVersion});
constexpr auto kHeaderV11 = record_fields::continuing(
    kHeaderStart, Field<&Header::reserved>{"grub/header/reserved", {}, {}, checkHeaderReserved},
    Field<&Header::headerSize>{"grub/header/header_size"},
    Field<&Header::totalSize>{"grub/header/total_size"}, Field<&Header::blobCount>{"grub/header/blob_count"});
constexpr auto kHeaderV10 =
    record_fields::continuing(kHeaderStart, Field<&Header::blobCountV10>{"grub/header_v1_0/blob_count"},
                              Field<&Header::headerSize>{"grub/header_v1_0/header_size"},
                              Field<&Header::totalSize>{"grub/header_v1_0/total_size"});
static_assert(kHeaderV11.start() + kHeaderV11.size == kHeaderSize);
static_assert(kHeaderV10.start() + kHeaderV10.size == kHeaderSizeV10);

} // namespace

std::size_t headerLength(std::uint8_t versionMajor, std::uint8_t versionMinor) {
    return versionMajor == 1 && versionMinor == 0 ? kHeaderSizeV10 : kHeaderSize;
}

void recordHeader(Recorder& r, Header& h) {
    kHeaderStart.recordInto(r, h);
    const auto sizeText = [&] {
        return joinedText("total size ", std::to_string(h.totalSize), " but the bundle has ",
                          std::to_string(r.view().size()), " bytes");
    };
    if (h.v10()) {
        kHeaderV10.recordInto(r, h);
        r.check(h.totalSize == r.view().size(), "grub.header.total-size", "grub/header/tag", sizeText,
                r.parent());
    } else {
        decltype(kHeaderV11)::Nodes nodes{};
        kHeaderV11.recordInto(r, h, &nodes);
        r.check(h.totalSize == r.view().size(), "grub.header.total-size", "grub/header/total_size", sizeText,
                nodes[kHeaderV11.indexOf<&Header::totalSize>()]);
    }
}

Header headerAt(ByteView bytes) {
    Header h = kHeaderStart.decode(bytes.data());
    if (h.v10())
        kHeaderV10.decodeInto(bytes.data(), h);
    else
        kHeaderV11.decodeInto(bytes.data(), h);
    return h;
}

Bytes headerBytes(const Header& header) {
    Bytes bytes(headerLength(header.versionMajor, header.versionMinor));
    kHeaderStart.encode(header, bytes.data());
    if (header.v10())
        kHeaderV10.encode(header, bytes.data());
    else
        kHeaderV11.encode(header, bytes.data());
    return bytes;
}

} // namespace assetscope::grub
