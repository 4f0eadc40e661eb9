#pragma once

#include <cstdint>

namespace assetscope::grub {

// Whether a blob's tag and version are among the install's (grub-bundles.txt: "The blob versions
// over the install, nested bundles included", Proven): Anim 1.0 … VerB 1.1.
bool installBlobVersion(std::uint32_t tag, std::uint8_t major, std::uint8_t minor);

// A crowd's ClsL, Clas, Mdls, MtlI and Skls blobs, which are always bundles (Proven). A crowd's
// Modl is one too, but a model's Modl is its header: the tag alone does not say which.
bool alwaysBundleTag(std::uint32_t tag);

// The one tag whose metadata payloads can be 0xFFF bytes or more (Proven: only 16 VDCL records
// of shader bundles are that large).
inline constexpr std::uint32_t kLargeMetadataTag = 0x5644434C; // "VDCL"

} // namespace assetscope::grub
