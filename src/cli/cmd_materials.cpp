#include "cli_support.h"
#include "command.h"
#include "materials/material_chain.h"
#include "materials/material_report.h"
#include "options.h"
#include "resolve/game_resolver.h"
#include "resolve/game_root.h"

#include <iostream>

namespace assetscope::cli {

namespace {

int materialsOf(const std::string& input, const std::vector<std::string>& roots, bool json) {
    auto file = openOrFail(input);
    if (!file) return kExitUsage;
    const resolve::GameResolver resolver(resolve::rootsFor(roots, input));
    const std::vector<materials::ResolvedLook> looks = materials::resolveLooks(*file, input, resolver);
    if (json)
        materials::writeLooksJson(std::cout, looks);
    else
        materials::writeLooksText(std::cout, looks);
    // Every link and texture not found is named on stderr (each problem names its path); stdout
    // carries the report.
    bool complete = true;
    for (const materials::ResolvedLook& look : looks) {
        for (const materials::ChainLink& link : look.chain)
            if (!link.problem.empty()) fail(input, link.problem, kExitOk);
        for (const materials::TextureUse& texture : look.textures)
            if (!texture.found) fail(input, texture.problem, kExitOk);
        complete = complete && look.complete();
    }
    return complete ? kExitOk : kExitRefused;
}

} // namespace

Run describeMaterials(CLI::App& sub) {
    struct Arguments {
        bool json = false;
        std::vector<std::string> roots;
        std::string input;
    };
    auto a = std::make_shared<Arguments>();
    sub.add_flag("--json", a->json, "prints one JSON object {\"materials\": [...]}");
    sub.add_option("--root", a->roots,
                   "a folder Game:\\ paths resolve under (the one holding `media`), before the input's own; "
                   "repeatable")
        ->type_name("DIR");
    addInput(sub, a->input, "a model, a .materialbin or a .shaderbin, or a path to one in an archive");
    return [a] { return materialsOf(a->input, a->roots, a->json); };
}

} // namespace assetscope::cli
