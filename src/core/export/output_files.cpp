#include "export/output_files.h"

namespace assetscope::exporting {

namespace {
bool plainChar(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
}
} // namespace

std::string plainFileName(std::string_view name, std::string_view fallback) {
    std::string out(name);
    for (char& c : out)
        if (!plainChar(static_cast<unsigned char>(c))) c = '_';
    if (out.empty() || out == "." || out == "..") out = fallback;
    return out;
}

std::filesystem::path companionPath(const std::filesystem::path& out, std::string_view extension) {
    const std::string stem = plainFileName(out.stem().string(), "export");
    std::filesystem::path p = out.parent_path() / (stem + std::string(extension));
    if (p.filename() == out.filename()) // "x.bin" exported as .gltf: keep the two apart
        p = out.parent_path() / (stem + "_data" + std::string(extension));
    return p;
}

std::string tokenName(std::string_view name) {
    std::string r(name);
    for (char& c : r)
        if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f) c = '_';
    return r.empty() ? "_" : r;
}

} // namespace assetscope::exporting
