#include "materials/material_chain.h"

#include "bytes/ascii_case.h"
#include "docs/parameter_names.h"
#include "open/open_input.h"

#include <algorithm>
#include <map>
#include <memory>
#include <unordered_map>

namespace assetscope::materials {

namespace {

using Kind = MaterialLook::Kind;

// What a link that was not read would have been, from its name: a .shaderbin ends a chain.
Kind kindByName(std::string_view path) {
    return endsWithNoCase(path, ".shaderbin") ? Kind::Shader : Kind::Material;
}

// "refused: [rule] message" of the file's first error, and how many more it has.
std::string refusalText(const StructureTree& tree) {
    std::string text = "refused";
    for (const LocatedDiagnostic& d : tree.diagnostics())
        if (d.diagnostic.severity == Severity::Error) {
            text += ": [" + d.diagnostic.rule + "] " + d.diagnostic.message;
            break;
        }
    if (const std::uint64_t more = tree.errorCount() - 1; more > 0)
        text += " (and " + std::to_string(more) + " more error" + (more > 1 ? "s" : "") + ")";
    return text;
}

// The look a followed link gives: the file's first, which for a material or shader is its only one.
// A file its reader refused (cut short, a count past its blob) gives none: what it would say,
// its next link or its parameters, is not to be trusted.
std::optional<MaterialLook> linkLook(const OpenedInput& opened, std::string& problem) {
    if (!opened.ok()) {
        problem = opened.error;
        return std::nullopt;
    }
    if (opened.parsed->tree().errorCount() > 0) {
        problem = refusalText(opened.parsed->tree());
        return std::nullopt;
    }
    std::vector<MaterialLook> looks = opened.parsed->materials();
    if (looks.empty() || looks.front().kind == Kind::Instance) {
        problem = "not a material or shader (read as " + std::string(opened.parsed->format()) + ")";
        return std::nullopt;
    }
    return std::move(looks.front());
}

struct Followed {
    std::vector<ChainLink> chain;
    std::vector<std::pair<MaterialLook, std::string>> looks; // each read look with its INPUT
};

Followed follow(const MaterialLook& start, const std::string& input, const resolve::GameResolver& resolver,
                LinkLooks& links, const ChainLimits& limits) {
    Followed out;
    out.chain.push_back({start.kind, std::nullopt, input, {}});
    out.looks.emplace_back(start, input);
    std::vector<std::string> seen{input};
    std::string next = start.derivesFrom;
    while (!next.empty()) {
        ChainLink link{kindByName(next), next, std::nullopt, {}};
        if (out.chain.size() > limits.maxLinks) {
            link.problem = next + ": the chain runs past " + std::to_string(limits.maxLinks) + " links";
            out.chain.push_back(std::move(link));
            break;
        }
        const resolve::Resolution found = resolver.resolve(next);
        if (!found.found) {
            link.problem = resolve::notFoundText(next, found);
            out.chain.push_back(std::move(link));
            break;
        }
        link.found = found.found;
        if (std::find(seen.begin(), seen.end(), *found.found) != seen.end()) {
            link.problem = next + ": the chain loops: " + *found.found + " is already in it";
            out.chain.push_back(std::move(link));
            break;
        }
        seen.push_back(*found.found);
        std::optional<MaterialLook> look = links.look(*found.found, link.problem);
        if (!look) {
            link.problem = *found.found + ": " + link.problem;
            out.chain.push_back(std::move(link));
            break;
        }
        link.kind = look->kind;
        out.chain.push_back(std::move(link));
        next = look->kind == Kind::Shader ? std::string() : look->derivesFrom;
        out.looks.emplace_back(std::move(*look), *found.found);
    }
    return out;
}

// Shader defaults < material < instance: the far end of the chain first, a later record with the
// same name hash replacing an earlier one whole, in the place the hash first took.
std::vector<EffectiveParameter> merge(const std::vector<std::pair<MaterialLook, std::string>>& looks) {
    std::vector<EffectiveParameter> merged;
    std::unordered_map<std::uint32_t, std::size_t> at;
    for (auto it = looks.rbegin(); it != looks.rend(); ++it)
        for (const MaterialParameter& p : it->first.parameters) {
            EffectiveParameter e{p, it->first.kind, it->second};
            if (const auto known = at.find(p.hash); known != at.end())
                merged[known->second] = std::move(e);
            else {
                at.emplace(p.hash, merged.size());
                merged.push_back(std::move(e));
            }
        }
    return merged;
}

std::vector<TextureUse> texturesOf(const std::vector<EffectiveParameter>& parameters,
                                   const resolve::GameResolver& resolver) {
    std::vector<TextureUse> textures;
    for (const EffectiveParameter& e : parameters) {
        if (e.parameter.type != ParameterType::Texture || e.parameter.path.empty()) continue;
        TextureUse use;
        use.hash = e.parameter.hash;
        if (const ParameterName* name = parameterName(e.parameter.hash)) use.role = name->role;
        use.path = e.parameter.path;
        const resolve::Resolution found = resolver.resolve(use.path);
        use.found = found.found;
        if (!found.found) use.problem = resolve::notFoundText(use.path, found);
        textures.push_back(std::move(use));
    }
    return textures;
}

} // namespace

bool ResolvedLook::complete() const {
    return std::all_of(chain.begin(), chain.end(), [](const ChainLink& l) { return l.problem.empty(); }) &&
           std::all_of(textures.begin(), textures.end(),
                       [](const TextureUse& t) { return t.found.has_value(); });
}

std::string ResolvedLook::slotLabel() const {
    if (!slot) return {};
    return (part ? "model " + std::to_string(*part) + " " : std::string()) + "slot " + std::to_string(*slot);
}

std::optional<MaterialLook> LinkLooks::look(const std::string& input, std::string& problem) {
    {
        const std::lock_guard lock(m_mutex);
        if (const Entry* kept = m_cache.find(input)) {
            problem = kept->problem;
            return kept->look;
        }
    }
    // Read outside the lock, so that other threads' links go on meanwhile; the look is kept, the
    // file's bytes and tree are not.
    Entry entry;
    entry.look = linkLook(openInput(input), entry.problem);
    problem = entry.problem;
    std::optional<MaterialLook> look = entry.look;
    const std::lock_guard lock(m_mutex);
    ++m_reads;
    m_cache.insert(input, std::move(entry), 1);
    return look;
}

std::size_t LinkLooks::reads() const {
    const std::lock_guard lock(m_mutex);
    return m_reads;
}

std::vector<ResolvedLook> resolveLooks(const ParsedFile& file, const std::string& input,
                                       const resolve::GameResolver& resolver, ChainLimits limits,
                                       LinkLooks* shared) {
    std::vector<ResolvedLook> resolved;
    LinkLooks own;
    LinkLooks& links = shared ? *shared : own;
    for (const MaterialLook& look : file.materials()) {
        ResolvedLook r;
        r.slot = look.slot;
        r.part = look.part;
        r.name = look.name;
        Followed followed = follow(look, input, resolver, links, limits);
        r.chain = std::move(followed.chain);
        r.parameters = merge(followed.looks);
        r.textures = texturesOf(r.parameters, resolver);
        resolved.push_back(std::move(r));
    }
    return resolved;
}

} // namespace assetscope::materials
