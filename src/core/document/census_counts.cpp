#include "document/census_counts.h"

#include <algorithm>

namespace assetscope {

namespace {

// Keeps the smallest examples in order, so the report does not depend on thread timing.
void keepExample(std::vector<std::string>& examples, const std::string& example) {
    auto at = std::lower_bound(examples.begin(), examples.end(), example);
    if (at != examples.end() && *at == example) return;
    examples.insert(at, example);
    if (examples.size() > CensusCounts::kExamplesPerRule) examples.pop_back();
}

} // namespace

void CensusCounts::addRefusal(const std::string& rule, const std::string& example,
                              std::uint64_t occurrences) {
    Refusal& r = refusals[rule];
    r.count += occurrences;
    keepExample(r.examples, example);
}

void CensusCounts::merge(const CensusCounts& o) {
    files += o.files;
    for (const auto& [k, v] : o.byFormat)
        byFormat[k] += v;
    bundles += o.bundles;
    nestedBundles += o.nestedBundles;
    for (const auto& [k, v] : o.blobs)
        blobs[k] += v;
    for (const auto& [k, v] : o.metadata)
        metadata[k] += v;
    meshes += o.meshes;
    indices += o.indices;
    vertices += o.vertices;
    placements += o.placements;
    for (const auto& [k, v] : o.textures)
        textures[k] += v;
    for (const auto& [rule, r] : o.refusals) {
        Refusal& mine = refusals[rule];
        mine.count += r.count;
        for (const auto& e : r.examples)
            keepExample(mine.examples, e);
    }
}

} // namespace assetscope
