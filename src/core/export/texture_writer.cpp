#include "export/texture_writer.h"

#include "decode/texel_decode.h"
#include "decode/texel_rgba8.h"
#include "export/dds_writer.h"
#include "export/output_files.h"
#include "export/png_writer.h"
#include "input/atomic_file.h"

#include <exception>
#include <string_view>

namespace assetscope::exporting {

namespace {

std::string count(std::uint32_t n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// "mip 4 is out of range: the texture has 3 mips (0 to 2)".
std::string outOfRange(std::string_view what, std::uint32_t chosen, std::uint32_t have) {
    std::string text = std::string(what) + " " + std::to_string(chosen) +
                       " is out of range: the texture has " + count(have, what, std::string(what) + "s");
    return text + (have == 1 ? " (0)" : " (0 to " + std::to_string(have - 1) + ")");
}

} // namespace

std::optional<std::string> textureRefusal(const TextureDescription& t, Format format,
                                          const TextureChoice& choice) {
    if (exportFormat(format).kind() != ExportKind::Texture)
        return std::string(formatName(format)) + " writes meshes, not textures";
    if (!t.format) return t.encodingText + " is an encoding no public reader names; it cannot be exported";
    if (t.width == 0 || t.height == 0 || t.mips == 0 || t.slices == 0)
        return "the texture's header gives no level to export (" + std::to_string(t.width) + "x" +
               std::to_string(t.height) + ", " + count(t.mips, "mip", "mips") + ", " +
               count(t.slices, "slice", "slices") + ")";
    if (format == Format::Dds) return std::nullopt;
    if (t.tiled)
        return "a tiled texture cannot be written as PNG: untiling needs the console's library (export it as "
               ".dds to keep its data as stored)";
    if (choice.mip >= t.mips) return outOfRange("mip", choice.mip, t.mips);
    if (choice.slice >= t.slices) return outOfRange("slice", choice.slice, t.slices);
    if (!t.level(choice.mip, choice.slice))
        return "mip " + std::to_string(choice.mip) + " of slice " + std::to_string(choice.slice) +
               " is not all in the file";
    return std::nullopt;
}

bool writeTexture(const TextureDescription& texture, ByteView input, Format format,
                  const TextureChoice& choice, const std::filesystem::path& out, std::string& error,
                  TextureWriteReport* report) {
    TextureWriteReport local;
    TextureWriteReport& r = report ? *report : local;
    r = TextureWriteReport{};
    try {
        if (out.filename().empty()) {
            error = "no output file name";
            return false;
        }
        if (auto refusal = textureRefusal(texture, format, choice)) {
            error = *refusal;
            return false;
        }
        return exportFormat(format).writeTexture(texture, input, choice, out, error, r);
    } catch (const std::exception& e) {
        error = std::string("export failed: ") + e.what();
        return false;
    } catch (...) {
        error = "export failed";
        return false;
    }
}

bool writePngTexture(const TextureDescription& t, ByteView input, const TextureChoice& choice,
                     const std::filesystem::path& out, std::string& error, TextureWriteReport& report) {
    const TextureLevel* level = t.level(choice.mip, choice.slice);
    if (!t.format || !level || level->offset > input.size() || level->size > input.size() - level->offset) {
        error = "mip " + std::to_string(choice.mip) + " of slice " + std::to_string(choice.slice) +
                " is not all in the file";
        return false;
    }
    std::string reason;
    const auto image = decode::decodeLevel(
        *t.format, level->width, level->height,
        input.subspan(static_cast<std::size_t>(level->offset), static_cast<std::size_t>(level->size)),
        reason);
    if (!image) {
        error = "mip " + std::to_string(choice.mip) + " cannot be decoded: " + reason;
        return false;
    }
    const Bytes texels = decode::rgba8Texels(*t.format, *image);
    if (texels.empty()) {
        error = "the decoder gave no texels for mip " + std::to_string(choice.mip);
        return false;
    }
    // The sRGB chunk only where the encoding really is sRGB: a format without that form stays linear.
    const bool srgb = t.srgb && decode::hasSrgbForm(*t.format);
    const auto png = encodePng(texels, image->width, image->height, srgb, error);
    if (!png || !writeFileAtomically(out, *png, error)) return false;
    report.files.push_back(out);
    report.width = image->width;
    report.height = image->height;
    report.levels = 1;
    return true;
}

bool writeDdsTexture(const TextureDescription& t, ByteView input, const TextureChoice&,
                     const std::filesystem::path& out, std::string& error, TextureWriteReport& report) {
    const auto dds = ddsFile(t, input, error);
    if (!dds || !writeFileAtomically(out, *dds, error)) return false;
    report.files.push_back(out);
    report.width = t.width;
    report.height = t.height;
    report.levels = t.mips * t.slices;
    if (t.tiled)
        report.notes.push_back(
            "the texture is tiled: the DDS holds its data as stored, which DDS readers show "
            "scrambled (untiling needs the console's library)");
    return true;
}

} // namespace assetscope::exporting
