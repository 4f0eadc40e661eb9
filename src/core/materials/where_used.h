#pragma once

#include "archive/zip_archive.h"
#include "contract/material_look.h"
#include "tree/structure_tree.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope {
struct CensusProgress;
}

namespace assetscope::materials {

// One place a file names the target by a `Game:\` path that resolves to it.
struct MaterialUse {
    std::string input; // the INPUT that names it ("ROOT/media/a.zip::b.modelbin")
    MaterialLook::Kind kind = MaterialLook::Kind::Instance; // the look: a model's slot, a material, a shader
    std::optional<std::int32_t> slot;                       // a model's slot: its MatI blob's Id
    std::string look;                                       // the look's name (the slot's, the material's)
    // The texture parameter whose path names the target, by name hash; nullopt: the look's own
    // link (the material a slot derives from, the shader a material draws with).
    std::optional<std::uint32_t> parameter;
    std::string path;      // the Game:\ path as the file writes it
    std::string key;       // the documented field holding it ("modelbin/mati/material_path"); empty if none
    NodeId node = kNoNode; // that field's node when the file is read with nodes on (openInput)
    std::uint64_t offset = 0; // its bytes in the INPUT
    std::uint64_t size = 0;
};

struct WhereUsedOptions {
    int jobs = 1;
    std::size_t maxUses = 10'000; // kept, the earliest in walk order; the rest are counted
    archive::Limits limits;
    CensusProgress* progress = nullptr;        // counted into when set, as the census counts
    const std::atomic<bool>* cancel = nullptr; // the walk stops handing out files once set
};

struct WhereUsedResult {
    std::vector<std::string> roots;   // the folders walked
    std::uint64_t files = 0;          // models, materials and shaders looked at
    std::vector<MaterialUse> uses;    // in walk order, then the file's looks' order
    std::uint64_t total = 0;          // every use, `uses` included
    std::vector<std::string> skipped; // "INPUT: reason": unreadable, or not read as its name says
    bool cancelled = false;
    std::string error; // set when nothing could be looked for (no root to walk)

    std::uint64_t truncated() const { return total - uses.size(); }
};

// Whether a file of this name is one whose looks can name another file: a model (its slots'
// materials and texture overrides), a material (its shader, its textures) or a shader (its
// textures' defaults). Only these are read.
bool namesGamePaths(std::string_view fileName);

// Where `target` (a file, or "a.zip::entry") is used in the install under `roots`
// (resolve::rootsFor): every model, material and shader under the roots (loose, in zips, in zips
// in zips; walked as the census walks, within `options.limits`) is read and each look whose
// derivesFrom path or texture parameter path resolves, through one resolve::GameResolver over
// `roots`, to the target is listed. Resolution decides, not the path's text: a path that differs
// from the file's in case, or names a zip's entry through the zip's folder, counts; a loose file
// that shadows the target's zip entry takes the path from it. Only paths whose last part is the
// target's name (without case) can resolve to it, so only those are resolved, and only files whose
// bytes hold that name are read. A file that cannot be read, or is not what its name says, is a
// skip; links are not followed further, so a loop costs nothing. Never throws.
WhereUsedResult whereUsed(const std::string& target, const std::vector<std::string>& roots,
                          const WhereUsedOptions& options = {});

} // namespace assetscope::materials
