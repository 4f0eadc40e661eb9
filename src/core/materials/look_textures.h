#pragma once

#include "archive/zip_archive.h"
#include "contract/parsed_file.h"
#include "materials/material_chain.h"
#include "resolve/game_resolver.h"
#include "scene/export_scene.h"

#include <condition_variable>
#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::materials {

// A glTF role from the name table's role ("base_color", …); nullopt for a role no reader gives.
std::optional<exporting::TextureRole> textureRole(std::string_view role);

// The textures looks name, each opened and decoded once however many looks, models, exports of a
// batch or views ask for it, and kept while it is among the most recently asked for: the decoded
// images are held up to a byte budget (default 256 MiB), the least recently asked for let go
// first, so that a window browsing many models holds a bounded amount. A texture let go is read
// and decoded again the next time it is asked for (a caller still holding its image keeps it).
// Safe to share between threads; two threads asking for the same new texture at once share one
// decoding.
class TextureImages {
public:
    static constexpr std::size_t kDefaultBudgetBytes = std::size_t{256} << 20;
    // What an entry costs beside its texels (its path, a problem's text, the bookkeeping): a
    // texture that fails to decode is kept too, at this cost, so that it is not read again.
    static constexpr std::size_t kEntryBytes = 256;

    explicit TextureImages(archive::Limits limits = {}, std::size_t budgetBytes = kDefaultBudgetBytes)
        : m_limits(limits), m_budget(budgetBytes) {}

    // The decoded image of the texture at INPUT (mip 0 of slice 0), read and decoded the first
    // time it is asked for (and again after it was let go); null and `problem` when it cannot be
    // read, is no texture, or does not decode.
    std::shared_ptr<const exporting::MaterialImage> image(const std::string& input, std::string& problem);

    // The budget: what the kept entries may cost together (width × height × 4 bytes of texels and
    // kEntryBytes each). Lowering it lets go of the least recently asked for at once. An image
    // that alone costs more than the budget is given to its asker but not kept.
    void setBudget(std::size_t bytes);
    std::size_t budget() const;
    // What the kept entries cost now, and how many there are.
    std::size_t bytes() const;
    std::size_t kept() const;
    // Whether the texture at INPUT is kept now (asking for it would not read it).
    bool holds(const std::string& input) const;

    // How many times a texture was read and decoded into an image: once per texture, however many
    // ask for it, and once more each time one that was let go is asked for again.
    std::size_t decoded() const;

    // What an entry of `image` (null: a texture that failed) costs against the budget.
    static std::size_t entryBytes(const exporting::MaterialImage* image);

private:
    struct Entry {
        std::shared_ptr<const exporting::MaterialImage> image;
        std::string problem;
        std::size_t bytes = 0;
        std::list<std::string>::iterator recent; // its place in m_recent
    };
    void keepWithinBudget(); // under m_mutex

    archive::Limits m_limits;
    mutable std::mutex m_mutex;
    std::condition_variable m_decodedOne; // a texture being decoded was decoded
    std::size_t m_budget;
    std::size_t m_bytes = 0;
    std::size_t m_decoded = 0;
    std::map<std::string, Entry> m_entries;
    std::list<std::string> m_recent;  // the kept entries' inputs, the most recently asked for first
    std::set<std::string> m_decoding; // inputs a thread is reading and decoding now
};

// What textures a scene's materials were given, and what was not found.
struct LookTextures {
    std::size_t textured = 0;       // materials that gained at least one texture
    std::vector<std::string> notes; // "slot 3 (bld_house_brick): Game:\… was not found (tried …)"
};

// Gives each material of `scene` that stands for a slot of `model` (read from `input`) the
// textures its look's effective parameters name, by role: the first texture parameter of each
// role, found through `resolver` and decoded through `images`. A link or texture not found, or a
// texture that does not decode, leaves that role empty and is named in the notes. The chains' files
// are read through `links` when given (shared by an export's models). Never throws on bad bytes.
LookTextures applyLookTextures(exporting::ExportScene& scene, const ParsedFile& model,
                               const std::string& input, const resolve::GameResolver& resolver,
                               TextureImages& images, LinkLooks* links = nullptr);

} // namespace assetscope::materials
