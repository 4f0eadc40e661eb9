#include "bytes/sha256.h"

#include <openssl/evp.h>

#include <array>

namespace assetscope {

std::string sha256Hex(ByteView bytes) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    // EVP_Digest fails only when the library cannot allocate its context: the key is then
    // empty, and a file without a key has no stored bookmarks rather than another file's.
    if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1) return {};
    static constexpr char kHex[] = "0123456789abcdef";
    std::string hex;
    hex.reserve(2 * length);
    for (unsigned int i = 0; i < length; ++i) {
        hex += kHex[digest[i] >> 4];
        hex += kHex[digest[i] & 0xF];
    }
    return hex;
}

} // namespace assetscope
