#pragma once

#include "formats/grub/bundle.h"

namespace assetscope::grub {

// Serialises a bundle from its typed form in the documented arrangement: header, blob records,
// each blob's metadata records then payloads, the header padded to 4 (unless the bundle is one
// of the documented unaligned swatch textures), blob data at 4-aligned offsets, zero gaps, the
// end padded to 4 (unless it ends short).
Bytes writeBundle(const Bundle& bundle);

// A blob whose data is the serialised nested bundle.
Blob nestedBlob(std::uint32_t tag, std::uint8_t major, std::uint8_t minor, const Bundle& nested,
                std::vector<Metadata> metadata = {});

Metadata nameMetadata(std::string_view name);
Metadata idMetadata(std::uint32_t id);

} // namespace assetscope::grub
