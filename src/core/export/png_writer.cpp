#include "export/png_writer.h"

#include <png.h>

#include <cstdio>

namespace assetscope::exporting {

namespace {

struct PngErrors {
    char message[256] = "";
};

void onPngError(png_structp png, png_const_charp message) {
    auto* errors = static_cast<PngErrors*>(png_get_error_ptr(png));
    std::snprintf(errors->message, sizeof errors->message, "%s", message);
    png_longjmp(png, 1);
}
void onPngWarning(png_structp, png_const_charp) {}

void appendBytes(png_structp png, png_bytep data, png_size_t size) {
    auto* out = static_cast<Bytes*>(png_get_io_ptr(png));
    try {
        out->insert(out->end(), data, data + size);
    } catch (...) {
        png_error(png, "out of memory");
    }
}
void flushNothing(png_structp) {}

// Everything between setjmp and a longjmp back to it is libpng's; this frame holds nothing that a
// longjmp would have to destroy.
bool runPngWriter(Bytes& out, const std::uint8_t* rgba, std::uint32_t width, std::uint32_t height, bool srgb,
                  PngErrors& errors) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &errors, onPngError, onPngWarning);
    if (!png) return false;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, nullptr);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_set_write_fn(png, &out, appendBytes, flushNothing);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    // The sRGB chunk alone: the texels are the stored sRGB values, and the chunk says so.
    if (srgb) png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    const std::size_t stride = std::size_t(width) * 4;
    for (std::uint32_t y = 0; y < height; ++y)
        png_write_row(png, rgba + y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return true;
}

} // namespace

std::optional<Bytes> encodePng(ByteView rgba, std::uint32_t width, std::uint32_t height, bool srgb,
                               std::string& error) {
    if (width == 0 || height == 0 || rgba.size() / 4 / width != height ||
        rgba.size() % (std::size_t(width) * 4)) {
        error = "the texels are not " + std::to_string(width) + "x" + std::to_string(height) + " RGBA";
        return std::nullopt;
    }
    Bytes out;
    PngErrors errors;
    if (!runPngWriter(out, rgba.data(), width, height, srgb, errors)) {
        error = std::string("PNG: ") + (errors.message[0] ? errors.message : "libpng could not start");
        return std::nullopt;
    }
    return out;
}

} // namespace assetscope::exporting
