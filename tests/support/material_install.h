#pragma once

// Files of a small install written by the formats' writers, for the tests of what follows
// Game:\ paths (where a file is used): materials, a shader as little as the reader takes one
// for, and one-box models whose slots derive from given materials.
#include "formats/grub/bundle_writer.h"
#include "formats/materialbin/material_writer.h"
#include "formats/modelbin/model_builder.h"
#include "formats/modelbin/model_writer.h"
#include "shading/parameter_writer.h"
#include "shading/parameters.h"

#include <string>
#include <string_view>
#include <vector>

namespace assetscope::test {

inline std::uint32_t parameterHash(std::string_view name) {
    return shading::crc32Of(name);
}

// A texture parameter record (3.1) naming `path`.
inline shading::ParameterRecord textureParameter(std::string_view name, std::string path) {
    return shading::makeRecord({3, 1}, parameterHash(name), ParameterType::Texture, {}, {}, std::move(path));
}

// A material named `name` drawing with `shader`, with `records` as its parameters.
inline Bytes materialFile(const std::string& name, const std::string& shader,
                          std::vector<shading::ParameterRecord> records) {
    return materialbin::writeMaterial(materialbin::makeMaterial(name, shader, std::move(records)));
}

// A bundle whose one blob, named `name`, is DFPR 2.1 holding `defaults`.
inline Bytes shaderFile(const std::string& name, std::vector<shading::ParameterRecord> defaults) {
    shading::ParameterBlob dfpr;
    dfpr.version = {2, 1};
    dfpr.count = static_cast<std::uint32_t>(defaults.size());
    dfpr.records = std::move(defaults);
    grub::Blob blob;
    blob.tag = shading::kDfprTag;
    blob.versionMajor = 2;
    blob.versionMinor = 1;
    Bytes data = shading::writeParameterBlob(dfpr);
    blob.dataSizeAgain = static_cast<std::uint32_t>(data.size());
    blob.data = std::move(data);
    blob.metadata.push_back(grub::nameMetadata(name));
    grub::Bundle bundle;
    bundle.blobs.push_back(std::move(blob));
    return grub::writeBundle(bundle);
}

struct InstallSlot {
    std::uint32_t id;
    std::string name;
    std::string material;
    std::vector<shading::ParameterRecord> overrides; // empty: the builder's neutral tint
};

// A one-box model (drawn with the first slot) whose slots derive from the materials given.
inline Bytes modelFile(const std::vector<InstallSlot>& slotList) {
    modelbin::BuildMesh mesh;
    mesh.name = "box";
    mesh.materialGroups = {{-1, static_cast<std::int16_t>(slotList.front().id), -1, -1}};
    modelbin::GeometryBuilder(mesh).box({-0.5f, -0.5f, -0.5f}, {0.5f, 0.5f, 0.5f}, 1.0f);
    modelbin::BuildModel spec;
    spec.meshes = {mesh};
    spec.variants = {{0}};
    for (const InstallSlot& s : slotList)
        spec.materials.push_back({s.id, s.name, s.material});
    modelbin::Model model = modelbin::buildModel(spec);
    for (std::size_t i = 0; i < slotList.size(); ++i)
        if (!slotList[i].overrides.empty())
            *model.bundle.blobs[model.materials[i].blob].nested =
                shading::makeInstanceBundle(slotList[i].material, slotList[i].overrides);
    return modelbin::writeModel(model);
}

inline Bytes textBytes(std::string_view s) {
    return Bytes(s.begin(), s.end());
}

} // namespace assetscope::test
