#include "formats/grub/blob_versions.h"

#include "bytes/byte_view.h"

#include <algorithm>
#include <span>
#include <string>
#include <string_view>

namespace assetscope::grub {

namespace {
std::string key(std::uint32_t tag, std::uint8_t major, std::uint8_t minor) {
    return tagText(tag) + " " + std::to_string(major) + "." + std::to_string(minor);
}

bool listed(std::span<const std::string_view> list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}
} // namespace

bool installBlobVersion(std::uint32_t tag, std::uint8_t major, std::uint8_t minor) {
    static constexpr std::string_view versions[] = {
        "Anim 1.0", "CBEX 1.0", "CBMP 3.1",  "Clas 3.0", "ClsL 1.0",  "DBLS 1.10", "DFPR 2.1", "ExtI 1.0",
        "ILay 1.1", "IndB 1.0", "LSCE 1.10", "MATI 1.0", "MATL 1.2",  "MBuf 1.1",  "MNCL 2.0", "MTPR 2.0",
        "MTUD 1.0", "MatI 1.0", "MdMt 1.0",  "Mdls 1.0", "Mesh 1.12", "Mesh 1.13", "Modl 1.0", "Modl 1.4",
        "Modl 1.5", "Mrph 0.0", "MtOv 0.0",  "MtlI 1.0", "PARM 1.2",  "RigI 1.0",  "SHUD 1.0", "SPMP 3.1",
        "Skel 1.0", "Skin 1.1", "Skls 1.0",  "TRGT 1.1", "TXCB 0.0",  "TXCB 2.0",  "TXMP 3.1", "TXRF 1.1",
        "VARS 1.8", "VERS 1.2", "VERT 1.1",  "VLay 1.1", "VerB 1.1"};
    return listed(versions, key(tag, major, minor));
}

bool alwaysBundleTag(std::uint32_t tag) {
    static constexpr std::string_view tags[] = {"ClsL", "Clas", "Mdls", "MtlI", "Skls"};
    return listed(tags, tagText(tag));
}

} // namespace assetscope::grub
