#include "document/census_counts.h"

namespace assetscope {

void CensusCounts::addRefusal(const std::string& rule, const std::string& example) {
    Refusal& r = refusals[rule];
    ++r.count;
    if (r.examples.size() < kExamplesPerRule)
        r.examples.push_back(example);
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
    for (const auto& [rule, r] : o.refusals) {
        Refusal& mine = refusals[rule];
        mine.count += r.count;
        for (const auto& e : r.examples)
            if (mine.examples.size() < kExamplesPerRule)
                mine.examples.push_back(e);
    }
}

} // namespace assetscope
