#include "contract/sample_sources.h"
#include "formats/grub/bundle_writer.h"
#include "formats/grub/nested_claimants.h"

namespace assetscope::samples {

namespace {

using grub::Blob;
using grub::Bundle;
using grub::Metadata;

Bytes pattern(std::size_t n, std::uint8_t seed) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(seed + i * 7);
    return b;
}

Blob blob(std::string_view tag, std::uint8_t major, std::uint8_t minor, Bytes data,
          std::vector<Metadata> meta = {}) {
    Blob b;
    b.tag = tagFromText(tag);
    b.versionMajor = major;
    b.versionMinor = minor;
    b.data = std::move(data);
    b.dataSizeAgain = static_cast<std::uint32_t>(b.data.size());
    b.metadata = std::move(meta);
    return b;
}

// A crowd: bundles nested in blobs, some holding bundles in turn.
Bundle crowd() {
    // A class is a bundle too (Proven for ClsL, Clas, Mdls, MtlI and Skls); this one holds the
    // class's extra info.
    Bundle pedestrian;
    pedestrian.blobs.push_back(blob("ExtI", 1, 0, pattern(40, 1)));
    Bundle cls;
    cls.blobs.push_back(
        grub::nestedBlob(tagFromText("Clas"), 3, 0, pedestrian, {grub::nameMetadata("pedestrian_a")}));
    // A crowd's models (Modl blobs) and materials (MtlI blobs) hold bundles as the formats that
    // read nested bundles make them: the models' reader gives the sample bench with a Modl 1.0
    // header, the materials' reader the sample brick wall.
    Bundle models;
    for (const std::string_view tag : {"Modl", "MtlI"})
        for (const grub::NestedClaimant& claimant : grub::nestedClaimants())
            if (Bytes nested = claimant.blobTag == tag && claimant.sample ? claimant.sample() : Bytes{};
                !nested.empty())
                models.blobs.push_back(blob(tag, 1, 0, std::move(nested)));
    models.blobs.push_back(blob("MdMt", 1, 0, pattern(20, 5)));
    Bundle b;
    b.blobs.push_back(grub::nestedBlob(tagFromText("ClsL"), 1, 0, cls, {grub::nameMetadata("classes")}));
    b.blobs.push_back(grub::nestedBlob(tagFromText("Mdls"), 1, 0, models));
    b.blobs.push_back(blob("Anim", 1, 0, pattern(128, 8)));
    return b;
}

} // namespace

SampleFiles grubSamples() {
    return {
        {"media/crowds/sample_crowd.crowdbin", grub::writeBundle(crowd())},
    };
}

} // namespace assetscope::samples
