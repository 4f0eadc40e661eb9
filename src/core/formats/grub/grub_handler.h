#pragma once

#include "document/parsed_file.h"
#include "formats/grub/bundle.h"

namespace assetscope::grub {

// A Grub bundle read as a container only (textures, materials, shaders ... and any bundle no
// more specific format claims).
// A bundle as a Subject: index the bundle in file order (the outer one 0, then nested ones
// depth first), row its blob.
inline constexpr std::uint32_t kBundleSubject = 1;

class ParsedBundle : public ParsedFile {
public:
    ParsedBundle(StructureTree tree, Bundle bundle)
        : ParsedFile(std::move(tree)), m_bundle(std::move(bundle)) {}
    std::string_view format() const override { return "grub"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;
    Subject subjectOf(NodeId node) const override;
    NodeId nodeOf(const Subject& subject) const override;
    SubjectTables tables(const Subject& subject) const override;

    const Bundle& bundle() const { return m_bundle; }

private:
    Bundle m_bundle;
};

// Container-level lines and counts, shared with formats built on bundles (models).
std::vector<InfoLine> bundleInfo(const Bundle& bundle);
void countBundle(const Bundle& bundle, CensusCounts& counts);

const FormatHandler& grubHandler();

} // namespace assetscope::grub
