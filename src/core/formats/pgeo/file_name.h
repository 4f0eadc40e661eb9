#pragma once

#include "formats/pgeo/instance_record.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace assetscope::pgeo {

// c<cs>_<category>_<lod>[_rt_<route>][__tag_<tag>_ | _<gameplay object id>][_<mask>].pgeo, and
// c<cs>_cwdspline_<cx>_<cz>_<n>.pgeo. Fields hold the header's spelling (route "~351;~8008",
// tag "[DRIFT_ZONE_17]" or "TAXIJOB", category "buildings" in lower case).
struct FileName {
    int cellSize = 0;
    std::string category;
    std::string lod;            // do, ulc, ulp, so, cwd; empty for cwdspline
    bool lodAfterRoute = false; // c125_trees_rt_1_ulc: the lod follows the route
    std::string route;
    std::string tag;
    std::uint8_t mask = 0;
    // cwdspline only
    bool cwdSpline = false;
    int splineCx = 0;
    int splineCz = 0;
    int splineIndex = 0;
};

// nullopt (and why, in `error`) when the name does not follow the grammar.
std::optional<FileName> parseFileName(std::string_view name, std::string* error = nullptr);
std::string buildFileName(const FileName& name);

// A header's route and tag as the file name writes them.
std::string routeInName(std::string_view route);
std::string tagInName(std::string_view tag);
// True for the masks a file name can carry: both nibbles equal and not zero (17, 34 ... 255).
bool isNameMask(unsigned value);

// The cell folder <cx>_<cz> ("12_-3").
struct CellFolder {
    int cx = 0;
    int cz = 0;
};
std::optional<CellFolder> parseCellFolder(std::string_view folder);
// A cell's world origin: (cx × cs, 0, cz × cs).
Vec3d cellOrigin(const CellFolder& cell, int cellSize);

} // namespace assetscope::pgeo
