#pragma once

#include <string>
#include <vector>

namespace assetscope {

// A supported format as a person sees it: for the window's start page and help texts, which
// must not name formats themselves.
struct KnownFormat {
    std::string name;       // "modelbin", as `census` counts it
    std::string title;      // "ForzaTech models"
    std::string extensions; // ".modelbin", space-separated; whole names too ("ManufacturerColors.bin")
    std::vector<std::string> names; // the same, one word each: an ending (".pgeo") or a whole name
};

// Every supported format, in the registry's order.
std::vector<KnownFormat> knownFormats();

// File name patterns of every format, for an open dialog: "*.modelbin *.pgeo … ManufacturerColors.bin".
std::string knownFilePatterns();

} // namespace assetscope
