#include "archive_fixtures.h"

#include <stdexcept>
#include <string>

namespace assetscope::test {

namespace {

std::uint16_t u16At(const Bytes& b, std::size_t at) {
    return static_cast<std::uint16_t>(b.at(at) | (b.at(at + 1) << 8));
}

void putU16(Bytes& b, std::size_t at, std::uint16_t v) {
    b.at(at) = static_cast<std::uint8_t>(v);
    b.at(at + 1) = static_cast<std::uint8_t>(v >> 8);
}

void putU32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.at(at + static_cast<std::size_t>(i)) = static_cast<std::uint8_t>(v >> (8 * i));
}

// Local header: name length at +26, name at +30. Central record: name length at +28, name at +46.
std::size_t findRecord(const Bytes& zip, std::string_view name, std::uint8_t kind, std::size_t lengthAt,
                       std::size_t nameAt) {
    for (std::size_t at = 0; at + nameAt <= zip.size(); ++at) {
        if (zip[at] != 'P' || zip[at + 1] != 'K' || zip[at + 2] != kind || zip[at + 3] != kind + 1) continue;
        if (u16At(zip, at + lengthAt) != name.size() || at + nameAt + name.size() > zip.size()) continue;
        if (std::string_view(reinterpret_cast<const char*>(zip.data() + at + nameAt), name.size()) == name)
            return at;
    }
    return SIZE_MAX;
}

std::pair<std::size_t, std::size_t> both(const Bytes& zip, std::string_view name) {
    const std::size_t local = localHeaderOffset(zip, name);
    const std::size_t central = centralRecordOffset(zip, name);
    if (local == SIZE_MAX || central == SIZE_MAX)
        throw std::runtime_error("fixture: no entry " + std::string(name));
    return {local, central};
}

} // namespace

Bytes bytesOf(std::string_view text) {
    return Bytes(text.begin(), text.end());
}

Bytes noiseBytes(std::size_t size, std::uint32_t seed) {
    Bytes out(size);
    std::uint32_t state = seed * 2654435761u + 1;
    for (auto& byte : out) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        byte = static_cast<std::uint8_t>(state >> 24);
    }
    return out;
}

std::size_t localHeaderOffset(const Bytes& zip, std::string_view name) {
    return findRecord(zip, name, 3, 26, 30);
}

std::size_t centralRecordOffset(const Bytes& zip, std::string_view name) {
    return findRecord(zip, name, 1, 28, 46);
}

void patchZipMethod(Bytes& zip, std::string_view name, std::uint16_t method) {
    const auto [local, central] = both(zip, name);
    putU16(zip, local + 8, method);
    putU16(zip, central + 10, method);
}

void patchZipFlags(Bytes& zip, std::string_view name, std::uint16_t flags) {
    const auto [local, central] = both(zip, name);
    putU16(zip, local + 6, static_cast<std::uint16_t>(u16At(zip, local + 6) | flags));
    putU16(zip, central + 8, static_cast<std::uint16_t>(u16At(zip, central + 8) | flags));
}

void patchZipSize(Bytes& zip, std::string_view name, std::uint32_t size) {
    const auto [local, central] = both(zip, name);
    putU32(zip, local + 22, size);
    putU32(zip, central + 24, size);
}

std::size_t entryDataOffset(const Bytes& zip, std::string_view name) {
    const std::size_t local = localHeaderOffset(zip, name);
    if (local == SIZE_MAX) throw std::runtime_error("fixture: no entry " + std::string(name));
    return local + 30 + u16At(zip, local + 26) + u16At(zip, local + 28);
}

} // namespace assetscope::test
