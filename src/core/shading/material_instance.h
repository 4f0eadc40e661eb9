#pragma once

#include "formats/grub/bundle.h"
#include "shading/parameters.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {
class Recorder;
class StructureTree;
} // namespace assetscope

// A model's material instance (its MatI slot's nested bundle), read and written here because a
// model and a material both hold one: the MATI path of the material it derives from and its MTPR
// overrides (public-reader-notes.md, "Materials and shaders").
namespace assetscope::shading {

struct MaterialInstance {
    std::optional<std::size_t> matiBlob;
    std::string path;
    bool pathRead = false; // false: the MATI data did not hold a string, and matiRest is all of it
    Bytes matiRest;        // bytes after the MATI string
    std::optional<std::size_t> mtprBlob;
    std::optional<ParameterBlob> parameters;
};

// Reads a MatI slot's nested bundle; the MATI path's field is named `pathKey`.
MaterialInstance readMaterialInstance(StructureTree& tree, const grub::Bundle& bundle,
                                      std::string_view pathKey);

// `source` with the instance's MATI and MTPR data written back.
grub::Bundle instanceBundle(const grub::Bundle& source, const MaterialInstance& instance);

// A new instance bundle: MATI 1.0 naming `materialPath`, MTPR 2.0 of `records`.
grub::Bundle makeInstanceBundle(std::string materialPath, std::vector<ParameterRecord> records);

// What the readers of instances, materials and shaders share:
// whether the bundle parser reached a blob's data (one it could not has been reported there);
bool blobReached(const grub::Blob& blob);
// the bytes a blob's fields leave before its end, shown, warned about (`rule`) and kept for the writer;
Bytes keepTrailing(Recorder& r, std::string_view rule, std::string_view what);
// a made blob of `data`;
grub::Blob makeBlob(std::uint32_t tag, Version v, Bytes data, std::vector<grub::Metadata> metadata = {});
// an MTPR 2.0 blob of `records` with its trailer: the three CRCs the game stores are not known to
// be checked by any reader, so a made blob takes the CRC-32 of its parameters' hashes, of its
// texture paths and of its sampler words.
ParameterBlob mtprOf(std::vector<ParameterRecord> records);

} // namespace assetscope::shading
