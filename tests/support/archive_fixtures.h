#pragma once

#include "bytes/byte_view.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace assetscope::test {

Bytes bytesOf(std::string_view text);

// Deterministic bytes that deflate cannot shrink much.
Bytes noiseBytes(std::size_t size, std::uint32_t seed);

// Offsets of one entry's local header and central directory record in a zip we wrote
// (found by signature and name); SIZE_MAX when absent.
std::size_t localHeaderOffset(const Bytes& zip, std::string_view name);
std::size_t centralRecordOffset(const Bytes& zip, std::string_view name);

// Rewrites the compression method in both the local header and the central record, as an
// archive from a tool libzip cannot imitate (LZX 21, encrypted deflate 22) would have it.
void patchZipMethod(Bytes& zip, std::string_view name, std::uint16_t method);

// Sets general-purpose flag bits in both headers (bit 0: encrypted).
void patchZipFlags(Bytes& zip, std::string_view name, std::uint16_t flags);

// Rewrites the uncompressed size in both headers.
void patchZipSize(Bytes& zip, std::string_view name, std::uint32_t size);

// Where the entry's (compressed) data starts.
std::size_t entryDataOffset(const Bytes& zip, std::string_view name);

} // namespace assetscope::test
