#include "cli_support.h"
#include "command.h"
#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/placements.h"
#include "options.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace assetscope::cli {

namespace {

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// JSON has no NaN or infinity: those become null.
std::string jsonNumber(const std::string& text) {
    return text.find_first_of("ni") != std::string::npos ? "null" : text;
}

// Values of one row in column order; numbers already as text.
std::vector<std::string> rowValues(const std::string& input, const pgeo::Placement& p) {
    const auto& r = p.instance;
    std::vector<std::string> v{
        input,          std::string(1, p.list),    std::to_string(p.block),   std::to_string(p.record),
        p.source->name, formatFloat(p.position.x), formatFloat(p.position.y), formatFloat(p.position.z)};
    for (float f : r.rotation)
        v.push_back(formatFloat(f));
    for (float f : r.scale)
        v.push_back(formatFloat(f));
    for (std::uint8_t b : r.variation)
        v.push_back(std::to_string(b));
    v.push_back(std::to_string(r.materialVariant));
    v.push_back(std::to_string(r.buildingId));
    v.push_back(std::to_string(r.random));
    v.push_back(p.curve ? "1" : "0");
    return v;
}

int placements(const std::string& input, bool json) {
    ParseSettings settings;
    settings.recordNodes = false; // rows come from the typed records; no tree needed
    auto file = openOrFail(input, settings);
    if (!file) return kExitUsage;
    const auto* pgeoFile = dynamic_cast<const pgeo::ParsedPgeo*>(file.get());
    if (!pgeoFile)
        return fail(input, "not a .pgeo placement file (read as " + std::string(file->format()) + ")",
                    kExitUsage);

    const auto& columns = pgeo::placementColumns();
    if (json) {
        // One object per row, streamed: a million rows never sit in memory at once.
        std::cout << "[";
        bool first = true;
        pgeo::forEachPlacement(pgeoFile->file(), [&](const pgeo::Placement& p) {
            const auto values = rowValues(input, p);
            std::cout << (first ? "\n{" : ",\n{");
            for (std::size_t i = 0; i < columns.size(); ++i) {
                std::cout << (i ? "," : "") << '"' << columns[i] << "\":";
                if (i == 0 || i == 1 || i == 4)
                    std::cout << nlohmann::json(values[i]).dump(-1, ' ', false,
                                                                nlohmann::json::error_handler_t::replace);
                else
                    std::cout << jsonNumber(values[i]);
            }
            std::cout << "}";
            first = false;
        });
        std::cout << (first ? "]\n" : "\n]\n");
    } else {
        for (std::size_t i = 0; i < columns.size(); ++i)
            std::cout << (i ? "," : "") << columns[i];
        std::cout << "\n";
        pgeo::forEachPlacement(pgeoFile->file(), [&](const pgeo::Placement& p) {
            const auto values = rowValues(input, p);
            for (std::size_t i = 0; i < values.size(); ++i)
                std::cout << (i ? "," : "") << (i == 0 || i == 4 ? csvField(values[i]) : values[i]);
            std::cout << "\n";
        });
    }
    std::size_t refusals = 0;
    for (const auto& d : file->tree().diagnostics()) {
        if (d.diagnostic.severity != Severity::Error) continue;
        char at[32];
        std::snprintf(at, sizeof at, "0x%llx", static_cast<unsigned long long>(d.offset));
        std::cerr << "assetscope-cli: " << input << ": refused @" << at << " [" << d.diagnostic.rule << "] "
                  << d.diagnostic.message << "\n";
        refusals += d.diagnostic.occurrences();
    }
    return refusals ? kExitRefused : kExitOk;
}

} // namespace

Run describePlacements(CLI::App& sub) {
    struct Arguments {
        bool json = false;
        std::string input;
    };
    auto a = std::make_shared<Arguments>();
    // CSV is the default: the flag only says so, and excludes --json.
    auto* csv = sub.add_flag("--csv")->description("prints CSV with a header row (the default)");
    sub.add_flag("--json", a->json, "prints a JSON array of one object per row")->excludes(csv);
    addInput(sub, a->input, "a .pgeo placement file, or a path to one in an archive");
    return [a] { return placements(a->input, a->json); };
}

} // namespace assetscope::cli
