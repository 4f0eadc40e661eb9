#include "formats/grub/blob_versions.h"

#include "bytes/byte_view.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace assetscope::grub {

namespace {

// A tag and version as one number: the sorted list is searched with one comparison a step.
constexpr std::uint64_t versionKey(std::uint32_t tag, std::uint8_t major, std::uint8_t minor) {
    return std::uint64_t{tag} << 16 | std::uint64_t{major} << 8 | minor;
}

constexpr std::uint8_t numberOf(std::string_view digits) {
    unsigned n = 0;
    for (const char c : digits)
        n = n * 10 + static_cast<unsigned>(c - '0');
    return static_cast<std::uint8_t>(n);
}

// "Mesh 1.13", as the document lists it, read at compile time: a blob table of thousands of
// records is checked against numbers, not against text made per record.
constexpr std::uint64_t versionOf(std::string_view text) {
    const std::size_t dot = text.find('.');
    return versionKey(tagFromText(text), numberOf(text.substr(5, dot - 5)), numberOf(text.substr(dot + 1)));
}

constexpr auto kInstallVersions = [] {
    std::array list = {
        versionOf("Anim 1.0"),  versionOf("CBEX 1.0"),  versionOf("CBMP 3.1"),  versionOf("Clas 3.0"),
        versionOf("ClsL 1.0"),  versionOf("DBLS 1.10"), versionOf("DFPR 2.1"),  versionOf("ExtI 1.0"),
        versionOf("ILay 1.1"),  versionOf("IndB 1.0"),  versionOf("LSCE 1.10"), versionOf("MATI 1.0"),
        versionOf("MATL 1.2"),  versionOf("MBuf 1.1"),  versionOf("MNCL 2.0"),  versionOf("MTPR 2.0"),
        versionOf("MTUD 1.0"),  versionOf("MatI 1.0"),  versionOf("MdMt 1.0"),  versionOf("Mdls 1.0"),
        versionOf("Mesh 1.12"), versionOf("Mesh 1.13"), versionOf("Modl 1.0"),  versionOf("Modl 1.4"),
        versionOf("Modl 1.5"),  versionOf("Mrph 0.0"),  versionOf("MtOv 0.0"),  versionOf("MtlI 1.0"),
        versionOf("PARM 1.2"),  versionOf("RigI 1.0"),  versionOf("SHUD 1.0"),  versionOf("SPMP 3.1"),
        versionOf("Skel 1.0"),  versionOf("Skin 1.1"),  versionOf("Skls 1.0"),  versionOf("TRGT 1.1"),
        versionOf("TXCB 0.0"),  versionOf("TXCB 2.0"),  versionOf("TXMP 3.1"),  versionOf("TXRF 1.1"),
        versionOf("VARS 1.8"),  versionOf("VERS 1.2"),  versionOf("VERT 1.1"),  versionOf("VLay 1.1"),
        versionOf("VerB 1.1")};
    std::sort(list.begin(), list.end());
    return list;
}();
static_assert(versionOf("LSCE 1.10") == versionKey(0x4C534345, 1, 10) &&
              versionOf("Mesh 1.13") == versionKey(0x4D657368, 1, 13));

constexpr std::array kAlwaysBundleTags = {tagFromText("ClsL"), tagFromText("Clas"), tagFromText("Mdls"),
                                          tagFromText("MtlI"), tagFromText("Skls")};

} // namespace

bool installBlobVersion(std::uint32_t tag, std::uint8_t major, std::uint8_t minor) {
    return std::binary_search(kInstallVersions.begin(), kInstallVersions.end(),
                              versionKey(tag, major, minor));
}

bool alwaysBundleTag(std::uint32_t tag) {
    return std::find(kAlwaysBundleTags.begin(), kAlwaysBundleTags.end(), tag) != kAlwaysBundleTags.end();
}

} // namespace assetscope::grub
