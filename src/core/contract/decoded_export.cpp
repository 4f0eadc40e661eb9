#include "contract/decoded_export.h"

#include <algorithm>
#include <numeric>

namespace assetscope {

namespace {

using exporting::ExportMesh;
using exporting::Vec4;

// `list` (width floats per vertex) as n vectors, or nothing when it does not hold n.
template <typename Vec> std::vector<Vec> vectorsOf(const std::vector<float>& list, std::size_t n) {
    constexpr std::size_t width = std::tuple_size_v<Vec>;
    if (list.size() != n * width) return {};
    std::vector<Vec> out(n);
    for (std::size_t v = 0; v < n; ++v)
        std::copy_n(list.begin() + static_cast<std::ptrdiff_t>(v * width), width, out[v].begin());
    return out;
}

void strongestFour(const decode::DecodedMesh& d, std::size_t n, ExportMesh& em) {
    const std::uint32_t k = d.influences;
    if (k == 0 || d.weights.size() != n * k || d.bones.size() != n * k) return;
    em.joints.resize(n);
    em.weights.resize(n);
    std::vector<std::uint32_t> order(k);
    for (std::size_t v = 0; v < n; ++v) {
        const float* w = &d.weights[v * k];
        const std::uint16_t* b = &d.bones[v * k];
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::uint32_t x, std::uint32_t y) { return w[x] > w[y]; });
        std::array<std::uint16_t, 4> joints{0, 0, 0, 0};
        Vec4 weights{0, 0, 0, 0};
        float sum = 0;
        for (std::uint32_t j = 0; j < std::min<std::uint32_t>(4, k); ++j) {
            const float x = std::max(0.0f, w[order[j]]);
            joints[j] = x > 0 ? b[order[j]] : 0;
            weights[j] = x;
            sum += x;
        }
        if (sum > 0)
            for (float& x : weights)
                x /= sum;
        else
            weights = {1, 0, 0, 0};
        em.joints[v] = joints;
        em.weights[v] = weights;
    }
}

void asStored(const decode::DecodedMesh& d, std::size_t n, const ExportMeshOptions& options, ExportMesh& em) {
    if (n == 0 || d.blendIndices.size() != 4 * n || d.blendWeights.size() != 4 * n) return;
    em.joints.resize(n);
    em.weights.resize(n);
    for (std::size_t v = 0; v < n; ++v) {
        const float* w = &d.blendWeights[4 * v];
        const float sum = w[0] + w[1] + w[2] + w[3];
        for (std::size_t k = 0; k < 4; ++k) {
            em.weights[v][k] = sum > 0 ? w[k] / sum : (k == 0 ? 1.0f : 0.0f);
            const std::uint16_t stored = d.blendIndices[4 * v + k];
            em.joints[v][k] = options.joint ? options.joint(stored) : stored;
        }
    }
}

} // namespace

ExportMesh exportMeshFrom(const decode::DecodedMesh& d, const ExportMeshOptions& options) {
    ExportMesh em;
    const std::size_t n = d.positions.size() / 3;
    em.positions = vectorsOf<exporting::Vec3>(d.positions, n);
    em.normals = vectorsOf<exporting::Vec3>(d.normals, n);
    if (!options.tangentsNeedNormals || !em.normals.empty()) em.tangents = vectorsOf<Vec4>(d.tangents[0], n);
    std::size_t sets = 0; // how many sets go out
    for (std::size_t k = 0; k < d.uvs.size(); ++k) {
        const bool present = !d.uvs[k].empty() && d.uvs[k].size() == 2 * n;
        if (options.uvSets == ExportMeshOptions::UvSets::FromFirst && !present) break;
        if (!d.uvs[k].empty()) sets = k + 1;
    }
    for (std::size_t k = 0; k < sets; ++k) {
        auto uv = vectorsOf<exporting::Vec2>(d.uvs[k], n);
        em.uvs.push_back(uv.empty() ? std::vector<exporting::Vec2>(n, exporting::Vec2{0, 0}) : std::move(uv));
    }
    em.colors = vectorsOf<Vec4>(d.colors, n);
    em.colors1 = vectorsOf<Vec4>(d.colors1, n);
    if (options.skin == ExportMeshOptions::Skin::StrongestFour) strongestFour(d, n, em);
    if (options.skin == ExportMeshOptions::Skin::AsStored) asStored(d, n, options, em);
    for (const decode::MorphDeltas& m : d.morphs) {
        exporting::MorphTarget t;
        t.name = m.name;
        t.positionDeltas = vectorsOf<exporting::Vec3>(m.positions, n);
        t.normalDeltas = vectorsOf<exporting::Vec3>(m.normals, n);
        em.morphTargets.push_back(std::move(t));
    }
    return em;
}

} // namespace assetscope
