#pragma once

// Fixture helpers shared by the model and decoder tests: models built by our own builder and
// writer, then edited in their typed form where a test needs a particular byte.

#include "contract/parsed_file.h"
#include "formats/grub/bundle_writer.h"
#include "formats/modelbin/model_builder.h"
#include "formats/modelbin/model_handler.h"
#include "formats/modelbin/model_writer.h"

#include <algorithm>
#include <memory>
#include <string>

namespace fixtures {

using namespace assetscope;
using namespace assetscope::modelbin;

inline std::unique_ptr<ParsedFile> parse(const Bytes& bytes, const std::string& name = "fixture.i.modelbin",
                                         bool recordNodes = true) {
    ParseSettings settings;
    settings.fileName = name;
    settings.recordNodes = recordNodes;
    return modelbinHandler().parse(shareBytes(bytes), settings);
}

inline const Model& modelOf(const ParsedFile& f) {
    return static_cast<const ParsedModel&>(f).model();
}

inline bool hasRule(const ParsedFile& f, const std::string& rule, Severity severity) {
    const auto& d = f.tree().diagnostics();
    return std::any_of(d.begin(), d.end(), [&](const LocatedDiagnostic& x) {
        return x.diagnostic.rule == rule && x.diagnostic.severity == severity;
    });
}

inline bool hasRule(const ParsedFile& f, const std::string& rule) {
    const auto& d = f.tree().diagnostics();
    return std::any_of(d.begin(), d.end(),
                       [&](const LocatedDiagnostic& x) { return x.diagnostic.rule == rule; });
}

inline std::string diagnosticsText(const ParsedFile& f) {
    std::string out;
    for (const auto& d : f.tree().diagnostics())
        out += std::string(severityName(d.diagnostic.severity)) + " " + d.diagnostic.rule + ": " +
               d.diagnostic.message + "\n";
    return out;
}

// One triangle or a unit box that fits in [-1, 1] (versions before 1.8 have no position scale).
inline BuildMesh smallBox(const Version& v, const std::string& name = "box") {
    BuildMesh m;
    m.name = name;
    m.version = v;
    m.materialGroups = {{-1, 1, -1, -1}};
    GeometryBuilder(m).box({-0.5f, -0.25f, -0.75f}, {0.5f, 0.75f, 0.25f}, 1.0f);
    return m;
}

inline BuildModel singleMeshModel(const BuildMesh& mesh, Version modl = {1, 5}) {
    BuildModel spec;
    spec.modlVersion = modl;
    spec.materials = {{1, "fixture_material", "media/materials/fixture.materialbin"}};
    spec.meshes = {mesh};
    if (modl.atLeast(1, 5)) spec.variants = {{0}};
    return spec;
}

// Replaces the payload of a buffer (header length and size follow).
inline void setPayload(Model& model, std::size_t bufferIndex, const Bytes& payload, std::uint16_t stride) {
    Buffer& b = model.buffers[bufferIndex];
    b.header.stride = stride;
    b.header.size = static_cast<std::int32_t>(payload.size());
    b.header.length = stride ? static_cast<std::int32_t>(payload.size() / stride) : 0;
    Bytes data = writeBufferHeader(b.header, b.version);
    b.payloadOffset = data.size();
    b.payloadSize = payload.size();
    data.insert(data.end(), payload.begin(), payload.end());
    model.bundle.blobs[b.blob].data = std::move(data);
}

inline std::size_t bufferIndex(const Model& model, std::uint32_t tag, std::size_t nth = 0) {
    for (std::size_t i = 0; i < model.buffers.size(); ++i)
        if (model.buffers[i].tag == tag && nth-- == 0) return i;
    return model.buffers.size();
}

} // namespace fixtures
