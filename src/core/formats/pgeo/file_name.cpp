#include "formats/pgeo/file_name.h"

#include "bytes/ascii_case.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace assetscope::pgeo {

namespace {

// Longest first, so that no category is taken for the start of a longer one.
constexpr std::array<std::string_view, 14> kCategories{
    "evolving_world", "infrastructure", "grasstemplate", "crowdtemplate", "smashables",
    "buildings",      "cwdspline",      "barriers",      "bridges",       "bushes",
    "props",          "rocks",          "signs",         "trees"};
constexpr std::array<std::string_view, 5> kLods{"ulc", "ulp", "cwd", "do", "so"};

bool startsWith(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}

bool allDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<int> parseInt(std::string_view s) {
    int v = 0;
    if (s.empty()) return std::nullopt;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

// A lod token at the start of `s` ("_ulc" followed by '_' or the end), consumed.
std::optional<std::string> takeLod(std::string_view& s) {
    for (std::string_view lod : kLods) {
        if (s.size() > lod.size() && s[0] == '_' && s.substr(1, lod.size()) == lod &&
            (s.size() == lod.size() + 1 || s[lod.size() + 1] == '_')) {
            s.remove_prefix(lod.size() + 1);
            return std::string(lod);
        }
    }
    return std::nullopt;
}

// One route part: optional 'x' (a '~') then digits. Returns its length in `s`, 0 if none.
std::size_t routePart(std::string_view s) {
    std::size_t i = s.size() > 0 && s[0] == 'x' ? 1 : 0;
    const std::size_t digitsFrom = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9')
        ++i;
    return i > digitsFrom ? i : 0;
}

// "_rt_<route>" at the start of `s`, consumed; parts after the first must start with x (a '~').
std::optional<std::string> takeRoute(std::string_view& s) {
    if (!startsWith(s, "_rt_")) return std::nullopt;
    std::string_view rest = s.substr(4);
    std::size_t n = routePart(rest);
    if (n == 0) return std::nullopt;
    std::string route;
    auto append = [&](std::string_view part) {
        std::string text(part);
        if (text[0] == 'x') text[0] = '~';
        route += text;
    };
    append(rest.substr(0, n));
    rest.remove_prefix(n);
    while (rest.size() > 2 && rest[0] == '_' && rest[1] == 'x') {
        const std::size_t m = routePart(rest.substr(1));
        if (m == 0 || (rest.size() > m + 1 && rest[m + 1] != '_')) break;
        route += ";";
        append(rest.substr(1, m));
        rest.remove_prefix(m + 1);
    }
    s = rest;
    return route;
}

} // namespace

bool isNameMask(unsigned value) {
    return value >= 17 && value <= 255 && value % 17 == 0;
}

std::string routeInName(std::string_view route) {
    std::string out(route);
    for (char& c : out) {
        if (c == '~')
            c = 'x';
        else if (c == ';')
            c = '_';
    }
    return asciiLower(out);
}

std::string tagInName(std::string_view tag) {
    if (tag.size() >= 2 && tag.front() == '[' && tag.back() == ']')
        return "__tag_" + asciiLower(tag.substr(1, tag.size() - 2)) + "_";
    std::string out(1, '_');
    out += asciiLower(tag);
    return out;
}

std::optional<FileName> parseFileName(std::string_view name, std::string* error) {
    auto fail = [&](std::string why) -> std::optional<FileName> {
        if (error) *error = std::move(why);
        return std::nullopt;
    };
    if (name.size() > 5 && endsWithNoCase(name, ".pgeo")) name.remove_suffix(5);
    FileName out;
    if (name.size() < 2 || name[0] != 'c') return fail("does not start with c<cell size>_");
    const std::size_t underscore = name.find('_');
    const auto cs = parseInt(name.substr(1, underscore == std::string_view::npos ? 0 : underscore - 1));
    if (!cs || !allDigits(name.substr(1, underscore - 1))) return fail("no cell size after the c");
    out.cellSize = *cs;
    std::string_view rest = name.substr(underscore + 1);

    if (startsWith(rest, "cwdspline_")) {
        std::string_view parts = rest.substr(10);
        int values[3];
        for (int k = 0; k < 3; ++k) {
            const std::size_t end = k < 2 ? parts.find('_') : parts.size();
            const auto v = parseInt(parts.substr(0, end));
            if (!v || (k < 2 && end == std::string_view::npos))
                return fail("a cwdspline name is c<cs>_cwdspline_<cx>_<cz>_<n>");
            values[k] = *v;
            parts.remove_prefix(k < 2 ? end + 1 : parts.size());
        }
        out.category = "cwdspline";
        out.cwdSpline = true;
        out.splineCx = values[0];
        out.splineCz = values[1];
        out.splineIndex = values[2];
        return out;
    }

    for (std::string_view c : kCategories)
        if (startsWith(rest, c) && (rest.size() == c.size() || rest[c.size()] == '_')) {
            out.category = std::string(c);
            break;
        }
    if (out.category.empty()) {
        // A category we do not know: everything up to the lod or the route.
        std::size_t at = 0;
        while ((at = rest.find('_', at + 1)) != std::string_view::npos) {
            std::string_view probe = rest.substr(at);
            std::string_view copy = probe;
            if (takeLod(copy) || startsWith(probe, "_rt_")) break;
        }
        if (at == std::string_view::npos) return fail("no lod suffix (_do, _ulc, _ulp, _so, _cwd)");
        out.category = std::string(rest.substr(0, at));
    }
    rest.remove_prefix(out.category.size());

    if (auto lod = takeLod(rest)) out.lod = *lod;
    if (auto route = takeRoute(rest)) out.route = *route;
    if (out.lod.empty()) {
        auto lod = takeLod(rest);
        if (!lod) return fail("no lod suffix (_do, _ulc, _ulp, _so, _cwd)");
        out.lod = *lod;
        out.lodAfterRoute = true;
    }
    // A trailing number that is a mask (both nibbles equal) is the season suffix.
    const std::size_t last = rest.rfind('_');
    if (last != std::string_view::npos) {
        std::string_view tail = rest.substr(last + 1);
        if (allDigits(tail) && tail[0] != '0' && tail.size() <= 3 &&
            isNameMask(static_cast<unsigned>(*parseInt(tail)))) {
            out.mask = static_cast<std::uint8_t>(*parseInt(tail));
            rest = rest.substr(0, last);
        }
    }
    if (rest.empty()) return out;
    if (startsWith(rest, "__tag_") && rest.size() > 7 && rest.back() == '_') {
        out.tag = std::string(1, '[') + asciiUpper(rest.substr(6, rest.size() - 7)) + "]";
        return out;
    }
    if (rest.size() > 1 && rest[0] == '_' && rest[1] != '_' && rest.back() != '_' &&
        rest.find("__") == std::string_view::npos) {
        out.tag = asciiUpper(rest.substr(1));
        return out;
    }
    return fail("cannot read '" + std::string(rest) + "' as a route, tag or season suffix");
}

std::string buildFileName(const FileName& n) {
    std::string out(1, 'c');
    out += std::to_string(n.cellSize);
    out += '_';
    if (n.cwdSpline) {
        out += "cwdspline_" + std::to_string(n.splineCx) + "_" + std::to_string(n.splineCz) + "_" +
               std::to_string(n.splineIndex);
        return out + ".pgeo";
    }
    out += asciiLower(n.category);
    if (!n.lodAfterRoute) out += "_" + n.lod;
    if (!n.route.empty()) out += "_rt_" + routeInName(n.route);
    if (n.lodAfterRoute) out += "_" + n.lod;
    if (!n.tag.empty()) out += tagInName(n.tag);
    if (n.mask != 0) out += "_" + std::to_string(n.mask);
    return out + ".pgeo";
}

std::optional<CellFolder> parseCellFolder(std::string_view folder) {
    const std::size_t split = folder.find('_', 1);
    if (split == std::string_view::npos) return std::nullopt;
    const auto cx = parseInt(folder.substr(0, split));
    const auto cz = parseInt(folder.substr(split + 1));
    if (!cx || !cz) return std::nullopt;
    return CellFolder{*cx, *cz};
}

Vec3d cellOrigin(const CellFolder& cell, int cellSize) {
    return {static_cast<double>(cell.cx) * cellSize, 0.0, static_cast<double>(cell.cz) * cellSize};
}

} // namespace assetscope::pgeo
