#pragma once

#include "contract/parsed_file.h"
#include "formats/grub/bundle.h"

#include <functional>
#include <memory>
#include <span>
#include <string_view>

namespace assetscope::grub {

// A format that reads a bundle nested in a container's blob as its own (a crowd's model bundles,
// read as .modelbin files are). Each such format adds itself to this table; the container never
// names the formats that nest in it.
struct NestedClaimant {
    std::string_view format; // the claiming format's name ("modelbin")
    // The part made of `bundle`, already read into `tree` (its fields appended under the bundle's
    // nodes), or nullptr when the format does not claim it. Never throws on bad bytes.
    std::function<std::unique_ptr<NestedPart>(StructureTree& tree, const Bundle& bundle)> claim;
    // A bundle of the format as a container nests it, for the sample set (the sample crowd's
    // model, its material); unset when the format has none to give.
    std::function<Bytes()> sample;
    // The tag of the blob a crowd holds such a bundle in ("Modl", "MtlI"): where the sample goes.
    std::string_view blobTag;
};

// Adds a claimant after the ones added before it; of two that claim a bundle, the first added
// keeps it. Call before any input is opened: the table is read from several threads without a
// lock.
void addNestedClaimant(NestedClaimant claimant);

// The claimants in the order they were added.
std::span<const NestedClaimant> nestedClaimants();

} // namespace assetscope::grub
