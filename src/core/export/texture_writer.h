#pragma once

#include "bytes/byte_view.h"
#include "contract/texture.h"
#include "export/export_formats.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::exporting {

// The one level a PNG holds (a DDS holds them all and ignores this).
struct TextureChoice {
    std::uint32_t mip = 0;
    std::uint32_t slice = 0;
};

struct TextureWriteReport {
    std::vector<std::filesystem::path> files; // every file written
    // What the reader of the file should know: a tiled texture's DDS holds its data still tiled.
    std::vector<std::string> notes;
    std::uint32_t width = 0; // of the level written (PNG) or of mip 0 (DDS)
    std::uint32_t height = 0;
    std::uint32_t levels = 0; // levels written (a tiled chain counts as its header says)
};

// Why `texture` cannot be written as `format` (a texture format) with `choice`: an encoding no
// reader names, a tiled texture as PNG, a mip or slice out of range, a level whose bytes are not
// all in the file. nullopt when it can be.
std::optional<std::string> textureRefusal(const TextureDescription& texture, Format format,
                                          const TextureChoice& choice);

// Writes `texture`, whose levels lie in `input` (the bytes TextureDescription's offsets count
// in), to `out` as `format`, replacing it. Never throws; false with `error` set when refused or
// on failure, and then nothing is written.
bool writeTexture(const TextureDescription& texture, ByteView input, Format format,
                  const TextureChoice& choice, const std::filesystem::path& out, std::string& error,
                  TextureWriteReport* report = nullptr);

// The two writers of the format list (export_formats.cpp); writeTexture checks before calling them.
bool writePngTexture(const TextureDescription& texture, ByteView input, const TextureChoice& choice,
                     const std::filesystem::path& out, std::string& error, TextureWriteReport& report);
bool writeDdsTexture(const TextureDescription& texture, ByteView input, const TextureChoice& choice,
                     const std::filesystem::path& out, std::string& error, TextureWriteReport& report);

} // namespace assetscope::exporting
