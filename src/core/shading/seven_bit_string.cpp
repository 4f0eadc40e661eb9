#include "shading/seven_bit_string.h"

#include "tree/recorder.h"

namespace assetscope::shading {

std::string readSevenBitString(Recorder& r, std::string_view key) {
    auto scope = r.scope(key);
    const std::uint64_t at = r.pos();
    const ByteView view = r.view();
    std::uint64_t length = 0;
    std::size_t n = 0;
    for (;;) {
        if (at + n >= view.size())
            throw ParseError{"materialbin.string.length", "the string's 7-bit length runs past the end", at};
        const std::uint8_t b = view[at + n];
        length |= std::uint64_t{b & 0x7Fu} << (7 * n);
        ++n;
        if (!(b & 0x80)) break;
        if (n == kMaxLengthBytes)
            throw ParseError{"materialbin.string.length", "a 7-bit length longer than five bytes", at};
    }
    r.bytes("materialbin/string/length", n, NodeKind::Field);
    r.tree().edit(r.last(), [](Node& node) { node.type = "7-bit int"; });
    r.fieldValue(r.last(), "materialbin/string/length", at, Value(length));
    if (length > r.remaining())
        throw ParseError{"materialbin.string.length",
                         "a string of " + std::to_string(length) + " bytes but only " +
                             std::to_string(r.remaining()) + " remain",
                         at};
    std::string text = r.text("materialbin/string/text", length);
    r.fieldValue(scope.id(), key, at, text);
    return text;
}

void writeSevenBitLength(ByteWriter& w, std::uint64_t length) {
    while (length >= 0x80) {
        w.u8(static_cast<std::uint8_t>(length | 0x80));
        length >>= 7;
    }
    w.u8(static_cast<std::uint8_t>(length));
}

void writeSevenBitString(ByteWriter& w, std::string_view text) {
    writeSevenBitLength(w, text.size());
    w.text(text);
}

} // namespace assetscope::shading
