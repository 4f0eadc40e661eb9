#include "archive/zip_archive.h"

namespace assetscope::archive {

namespace {

// PKWARE APPNOTE method numbers, plus the two the game's media archives use (21, 22).
const char* methodLabel(std::uint16_t method) {
    switch (method) {
    case 0:
        return "stored";
    case 1:
        return "shrink";
    case 2:
    case 3:
    case 4:
    case 5:
        return "reduce";
    case 6:
        return "implode";
    case 8:
        return "deflate";
    case 9:
        return "deflate64";
    case 10:
        return "PKWARE DCL implode";
    case 12:
        return "bzip2";
    case 14:
        return "lzma";
    case 16:
        return "IBM z/OS CMPSC";
    case 18:
        return "IBM TERSE";
    case 19:
        return "IBM LZ77";
    case 20:
        return "zstd (deprecated number)";
    case 21:
        return "LZX";
    case 22:
        return "deflate with TransformIT encryption";
    case 93:
        return "zstd";
    case 94:
        return "MP3";
    case 95:
        return "xz";
    case 96:
        return "JPEG";
    case 97:
        return "WavPack";
    case 98:
        return "PPMd";
    case 99:
        return "AES encryption";
    default:
        return nullptr;
    }
}

} // namespace

std::string compressionMethodName(std::uint16_t method) {
    const char* label = methodLabel(method);
    return std::string(label ? label : "unknown") + " (" + std::to_string(method) + ")";
}

bool looksLikeZip(ByteView bytes) {
    if (bytes.size() < 4 || bytes[0] != 'P' || bytes[1] != 'K') return false;
    return (bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6);
}

} // namespace assetscope::archive
