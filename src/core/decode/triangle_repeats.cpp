#include "decode/mesh_decoder.h"

#include "decode/vertex_formats.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace assetscope::decode {

using namespace vertex;

namespace {

struct TripleHash {
    std::size_t operator()(const std::array<std::uint32_t, 3>& t) const {
        std::uint64_t h = 1469598103934665603ull;
        for (std::uint32_t v : t)
            h = (h ^ v) * 1099511628211ull;
        return static_cast<std::size_t>(h);
    }
};

// Gives each distinct key a small id, so triangles compare as id triples.
template <typename Key> class Interner {
public:
    std::uint32_t id(Key key) {
        auto [it, inserted] = m_ids.try_emplace(std::move(key), static_cast<std::uint32_t>(m_ids.size()));
        return it->second;
    }

private:
    std::unordered_map<Key, std::uint32_t> m_ids;
};

} // namespace

TriangleRepeats countRepeats(const MeshSource& s, const DecodedMesh& d) {
    TriangleRepeats out;
    const std::uint64_t n = s.vertexCount;
    if (d.indices.size() < 3 || n == 0) return out;
    // A vertex's full identity is its bytes in every stream; its position identity the decoded
    // position's bits.
    std::vector<std::uint32_t> fullId(n), positionId(n);
    Interner<std::string> full;
    Interner<std::string> position;
    std::string key;
    for (std::uint64_t i = 0; i < n; ++i) {
        key.clear();
        for (const ElementSource& e : s.elements) {
            const std::uint8_t* p = e.stream.data() + e.base + (s.firstVertex + i) * e.stride + e.offset;
            key.append(reinterpret_cast<const char*>(p), e.bytes());
        }
        fullId[i] = full.id(key);
        key.assign(reinterpret_cast<const char*>(&d.positions[3 * i]), 3 * sizeof(float));
        positionId[i] = position.id(key);
    }
    std::unordered_set<std::array<std::uint32_t, 3>, TripleHash> fullSeen, positionSeen;
    for (std::size_t t = 0; t + 2 < d.indices.size(); t += 3) {
        std::array<std::uint32_t, 3> f{fullId[d.indices[t]], fullId[d.indices[t + 1]],
                                       fullId[d.indices[t + 2]]};
        // Same winding: any rotation of the corners is the same triangle.
        const auto smallest = std::min_element(f.begin(), f.end()) - f.begin();
        std::rotate(f.begin(), f.begin() + smallest, f.end());
        std::array<std::uint32_t, 3> p{positionId[d.indices[t]], positionId[d.indices[t + 1]],
                                       positionId[d.indices[t + 2]]};
        std::sort(p.begin(), p.end());
        const bool fullRepeat = !fullSeen.insert(f).second;
        const bool positionRepeat = !positionSeen.insert(p).second;
        if (fullRepeat)
            ++out.full;
        else if (positionRepeat)
            ++out.positionOnly;
    }
    return out;
}

} // namespace assetscope::decode
