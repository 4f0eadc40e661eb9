#pragma once

#include "contract/material_look.h"
#include "contract/parsed_file.h"
#include "resolve/bounded_cache.h"
#include "resolve/game_resolver.h"

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::materials {

// One link of a look's chain (instance -> material -> shader): the file that says it and where it
// was found.
struct ChainLink {
    MaterialLook::Kind kind = MaterialLook::Kind::Material;
    std::optional<std::string> path;  // the Game:\ path naming it; nullopt for the input itself
    std::optional<std::string> found; // the INPUT it was read from; nullopt when not found
    std::string problem;              // why the chain stops at this link; empty when it goes on
};

// A parameter in effect, and the link it came from.
struct EffectiveParameter {
    MaterialParameter parameter;
    MaterialLook::Kind from = MaterialLook::Kind::Shader;
    std::string input; // the INPUT of the file that holds it (its node is in that file's tree)
};

// A texture the effective parameters name.
struct TextureUse {
    std::uint32_t hash = 0;           // the parameter's name hash
    std::string_view role;            // "base_color", "normal", … ; empty: no reader gives it one
    std::string path;                 // its Game:\ path
    std::optional<std::string> found; // the INPUT it resolved to
    std::string problem;              // why it was not found
};

// A look with its chain followed and its parameters merged.
struct ResolvedLook {
    std::optional<std::int32_t> slot;
    std::optional<std::uint32_t> part; // MaterialLook::part: a crowd's model
    std::string name;
    std::vector<ChainLink> chain; // the input's own look first
    // Shader defaults, overridden by the material's, overridden by the instance's, by name hash;
    // in the order each hash first appears from the chain's far end.
    std::vector<EffectiveParameter> parameters;
    std::vector<TextureUse> textures;

    // Every link and every texture found.
    bool complete() const;
    // "slot 3", "model 1 slot 3" for a slot of a container's nested model; empty for no slot.
    std::string slotLabel() const;
};

struct ChainLimits {
    // Links followed past the input's own. A real chain has two (material, shader); a chain made
    // to run on is cut here.
    std::size_t maxLinks = 8;
};

// The looks of the files chains link to (materials and shaders), each file read once however many
// chains name it: one export's models share them, so that a batch of a thousand models deriving
// from fifty materials reads each material, and the shader, once. The files are taken to stay as
// they were when first read (as the resolver takes the install). Past `maxFiles` the least
// recently used is let go (and read again if asked for). Safe to share between threads.
class LinkLooks {
public:
    explicit LinkLooks(std::size_t maxFiles = 4096) : m_cache(maxFiles) {}

    // The look the file at INPUT gives as a link of a chain; nullopt and `problem` when it cannot be
    // read, is refused by its reader, or is no material or shader.
    std::optional<MaterialLook> look(const std::string& input, std::string& problem);

    // How many files were read.
    std::size_t reads() const;

private:
    struct Entry {
        std::optional<MaterialLook> look;
        std::string problem;
    };
    mutable std::mutex m_mutex;
    resolve::BoundedCache<Entry> m_cache;
    std::size_t m_reads = 0;
};

// Each look `file` (read from `input`) gives, in the file's order, its chain followed through
// `resolver` and its parameters merged. A link that is not found, cannot be read, is refused by
// its reader (its first error said), is no material or shader, or names a file already in the
// chain ends the chain with its problem said. The links' files are read through `links` when
// given (shared with other calls), else once per call. Never throws on bad bytes.
std::vector<ResolvedLook> resolveLooks(const ParsedFile& file, const std::string& input,
                                       const resolve::GameResolver& resolver, ChainLimits limits = {},
                                       LinkLooks* links = nullptr);

} // namespace assetscope::materials
