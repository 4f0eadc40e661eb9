#pragma once

#include "archive/zip_archive.h"
#include "contract/parsed_file.h"
#include "materials/look_textures.h"
#include "resolve/resolver_pool.h"
#include "scene/export_scene.h"

#include <memory>
#include <string>
#include <vector>

namespace assetscope::exporting {

// How an export finds its materials' textures (cli-contract.md, "Materials": `--root DIR`...,
// `--no-textures`).
struct LookSettings {
    bool textures = true;           // false: materials keep their names and colours only
    std::vector<std::string> roots; // Game:\ roots tried before each input's own
    // The resolvers to share (the window's, so that an export reads what its panes read of an
    // install once between them); none: the export keeps its own.
    std::shared_ptr<resolve::ResolverPool> resolvers;
};

// The looks of one export (a single export, a placed scene, or a whole batch): each model's
// materials given the textures of its MatI slots' looks, each texture read and decoded once
// however many materials, models and files of the export use it (materials/look_textures.h), and
// each material and shader the looks' chains link to read once (materials/material_chain.h).
// Safe to share between threads.
class ExportLooks {
public:
    explicit ExportLooks(LookSettings settings = {}, archive::Limits limits = {});
    ExportLooks(const ExportLooks&) = delete;
    ExportLooks& operator=(const ExportLooks&) = delete;

    const LookSettings& settings() const { return m_settings; }

    // Gives the materials of `scene` (exported from `file`, read from `input`) their textures,
    // through the resolver of the roots for `input` (resolve::rootsFor: the given ones, then the
    // input's own), one per list of roots (resolve::ResolverPool): a batch's files under one
    // install share its listings. What was not found, "slot 3 (brick): Game:\… was not found (tried …)", is
    // returned as notes; the export goes on without those textures. An input under no root (no
    // install above it and no root given) is one note. Nothing when textures are off.
    std::vector<std::string> apply(ExportScene& scene, const ParsedFile& file, const std::string& input);

    // How many times a texture was read and decoded so far: once per texture, however many
    // materials, models and files use it (more only past the decoded images' budget, 256 MiB).
    std::size_t decoded() const { return m_images.decoded(); }
    // How many materials and shaders the looks' chains read so far: each once.
    std::size_t linkFilesRead() const { return m_links.reads(); }

private:
    LookSettings m_settings; // its resolvers set: the given ones, or the export's own
    materials::TextureImages m_images;
    materials::LinkLooks m_links; // the chains' materials and shaders, each read once
};

} // namespace assetscope::exporting
