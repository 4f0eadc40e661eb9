#pragma once

#include "bytes/byte_view.h"
#include "export/export_formats.h"
#include "scene/export_scene.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace assetscope::exporting {

// The PNGs of one export's material images (a single export, a placed scene, or a whole batch):
// each image, known by its source, is encoded once however many materials, models or outputs use
// it, and written as a file once. Safe to share between threads.
//
// Files go beside each output (a single export or scene: "brick_diffuse.png" next to the .gltf,
// .obj or .fbx, a second source of the same name "brick_diffuse_2.png"), or, for a batch, into one
// shared folder, named by the texture's path below its install's root ("media/textures/brick.png"),
// so that every output of the batch refers to the one file.
class MaterialImages {
public:
    MaterialImages() = default;
    explicit MaterialImages(std::filesystem::path sharedFolder) : m_shared(std::move(sharedFolder)) {}
    MaterialImages(const MaterialImages&) = delete;
    MaterialImages& operator=(const MaterialImages&) = delete;

    // The image as a PNG (an sRGB chunk when its texels are sRGB), encoded the first time it is
    // asked for; null and `error` when it cannot be encoded.
    std::shared_ptr<const Bytes> png(const MaterialImage& image, std::string& error);

    // How an output refers to the image as a file: a relative URI ('/' between parts, nothing to
    // escape), from `placedFolder`, the folder the output lies in once written. The file is written
    // the first time it is asked for: beside `out` (the path the output is written to now, which
    // may be a staging folder) and listed in `written`, or into the shared folder. nullopt and
    // `error` when it cannot be written.
    std::optional<std::string> file(const MaterialImage& image, const std::filesystem::path& out,
                                    const std::filesystem::path& placedFolder,
                                    std::vector<std::filesystem::path>& written, std::string& error);

    bool shared() const { return !m_shared.empty(); }
    std::size_t encoded() const { return m_encoded.load(); }      // PNGs encoded
    std::size_t filesWritten() const { return m_written.load(); } // PNG files written
    // The files written into the shared folder, in the order they were written.
    std::vector<std::filesystem::path> sharedFiles() const;

private:
    struct Encoded {
        std::mutex mutex; // held while the first asker encodes
        std::shared_ptr<const Bytes> png;
        std::string error;
        bool done = false;
    };
    struct SharedFile {
        std::mutex mutex; // held while the first asker writes
        std::filesystem::path path;
        std::string error;
        bool done = false;
    };
    std::shared_ptr<Encoded> encodedEntry(const std::string& source);
    std::optional<std::string> besideFile(const MaterialImage& image, const std::filesystem::path& out,
                                          std::vector<std::filesystem::path>& written, std::string& error);
    std::optional<std::string> sharedFile(const MaterialImage& image,
                                          const std::filesystem::path& placedFolder, std::string& error);
    std::filesystem::path sharedName(const MaterialImage& image); // below the shared folder; under m_mutex

    std::filesystem::path m_shared;
    mutable std::mutex m_mutex;
    std::map<std::string, std::shared_ptr<Encoded>> m_encodings; // by source
    std::map<std::string, std::shared_ptr<SharedFile>> m_files;  // by source
    std::set<std::string> m_sharedNames;                         // relative paths taken in the shared folder
    std::vector<std::filesystem::path> m_sharedWritten;
    // Beside an output: (output, source) -> file name, and the names each output has taken.
    std::map<std::pair<std::string, std::string>, std::string> m_beside;
    std::set<std::pair<std::string, std::string>> m_besideNames;
    std::atomic<std::size_t> m_encoded{0};
    std::atomic<std::size_t> m_written{0};
};

// Where a writer puts one output's material images.
struct ImageTarget {
    MaterialImages* images = nullptr;   // null: images of this output alone, beside it
    std::filesystem::path placedFolder; // where the output lies once written; empty: out's own folder
};

// Per material of a scene, per TextureRole: the URI by which an output names that image's file
// (empty: the material has no image in that role, or the format keeps none).
using MaterialFiles = std::vector<std::array<std::string, kTextureRoles>>;

// Writes the image files of every material's textures in `roles` for the output `out` (through
// `target`, as MaterialImages::file does) and says how the output names each. False and `error`
// when one cannot be written.
bool writeMaterialFiles(const ExportScene& prepared, std::span<const TextureRole> roles,
                        const std::filesystem::path& out, const ImageTarget& target, MaterialFiles& files,
                        std::vector<std::filesystem::path>& written, std::string& error);

// The PNG files a single export of `scene` as `format` writes beside `out` (none for a .glb),
// named as MaterialImages names them: what a dialog asks about before replacing files.
std::vector<std::filesystem::path> imageFilesBeside(const ExportScene& scene, Format format,
                                                    const std::filesystem::path& out);

// The texture roles `format` writes (its FormatKeeps::textures), in TextureRole order.
std::vector<TextureRole> keptTextureRoles(Format format);

} // namespace assetscope::exporting
