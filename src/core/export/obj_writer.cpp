#include "export/obj_writer.h"

#include "export/output_files.h"
#include "input/atomic_file.h"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <set>

namespace assetscope::exporting {

namespace {

// Appends floats in their shortest round-trip form: fast, exact, and locale-free.
class TextOut {
public:
    TextOut& text(std::string_view s) {
        m_buf.append(s);
        return *this;
    }
    TextOut& num(float v) {
        char tmp[32];
        auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        m_buf.append(tmp, r.ptr);
        return *this;
    }
    TextOut& num(std::size_t v) {
        char tmp[32];
        auto r = std::to_chars(tmp, tmp + sizeof tmp, v);
        m_buf.append(tmp, r.ptr);
        return *this;
    }
    std::string& str() { return m_buf; }

private:
    std::string m_buf;
};

// MTL names must be unique single tokens.
std::vector<std::string> materialNames(const ExportScene& scene) {
    std::vector<std::string> names;
    std::set<std::string> used;
    for (const auto& m : scene.materials) {
        std::string name = tokenName(m.name);
        for (int k = 1; used.count(name); ++k)
            name = tokenName(m.name) + "_" + std::to_string(k);
        used.insert(name);
        names.push_back(std::move(name));
    }
    return names;
}

// The roles an MTL has a statement for, which Blender's OBJ importer reads.
constexpr TextureRole kObjRoles[] = {TextureRole::BaseColor, TextureRole::Normal, TextureRole::Emissive};

// A material's colour is multiplied by its texture (map_Kd by Kd, map_Ke by Ke): white where a
// texture gives it. The normal map goes out twice: `map_Bump`, which Blender's importer (and most
// others) read as the normal map, and `norm`, the statement other readers (tinyobjloader, the
// contract) name.
std::string mtlText(const ExportScene& scene, const std::vector<std::string>& names,
                    const MaterialFiles& files) {
    TextOut o;
    o.text("# assetscope ").text(ASSETSCOPE_VERSION).text("\n");
    for (std::size_t i = 0; i < scene.materials.size(); ++i) {
        const auto& file = [&](TextureRole role) -> const std::string& {
            return files[i][static_cast<std::size_t>(role)];
        };
        const std::string& colour = file(TextureRole::BaseColor);
        const std::string& normal = file(TextureRole::Normal);
        const std::string& emissive = file(TextureRole::Emissive);
        const Vec4& c = scene.materials[i].baseColor;
        o.text("\nnewmtl ").text(names[i]).text("\n");
        if (colour.empty())
            o.text("Kd ").num(c[0]).text(" ").num(c[1]).text(" ").num(c[2]).text("\n");
        else
            o.text("Kd 1 1 1\n");
        o.text("Ka 0 0 0\nKs 0 0 0\n");
        if (!emissive.empty()) o.text("Ke 1 1 1\n");
        o.text("d ").num(c[3]).text("\nillum 1\n");
        if (!colour.empty()) o.text("map_Kd ").text(colour).text("\n");
        if (!normal.empty()) o.text("map_Bump ").text(normal).text("\nnorm ").text(normal).text("\n");
        if (!emissive.empty()) o.text("map_Ke ").text(emissive).text("\n");
    }
    return std::move(o.str());
}

} // namespace

bool writeObj(const ExportScene& prepared, const std::filesystem::path& out, const ImageTarget& images,
              std::string& error, WriteReport& report) {
    const std::filesystem::path mtlPath = companionPath(out, ".mtl");
    const auto names = materialNames(prepared);
    TextOut o;
    o.text("# assetscope ").text(ASSETSCOPE_VERSION).text("\n");
    o.text("mtllib ").text(mtlPath.filename().string()).text("\n");
    // OBJ indices are 1-based and count over the whole file, separately for v, vt and vn.
    std::size_t baseV = 1, baseVt = 1, baseVn = 1;
    for (const auto& m : prepared.meshes) {
        const bool hasUv = !m.uvs.empty();
        const bool hasNormals = !m.normals.empty();
        const bool hasColors = !m.colors.empty();
        if (m.skin)
            report.warnings.push_back("OBJ holds no skins: '" + m.name +
                                      "' exported in its rest pose without weights");
        if (!m.morphTargets.empty())
            report.warnings.push_back("OBJ holds no morph targets: those of '" + m.name + "' dropped");
        if (m.uvs.size() > 1)
            report.warnings.push_back("OBJ holds one UV set: '" + m.name + "' keeps UV0 only");
        if (!m.colors1.empty())
            report.warnings.push_back("OBJ holds one colour set: '" + m.name + "' keeps its first");
        o.text("\no ").text(tokenName(m.name)).text("\n");
        for (std::size_t v = 0; v < m.positions.size(); ++v) {
            const Vec3& p = m.positions[v];
            o.text("v ").num(p[0]).text(" ").num(p[1]).text(" ").num(p[2]);
            if (hasColors) {
                const Vec4& c = m.colors[v];
                o.text(" ").num(c[0]).text(" ").num(c[1]).text(" ").num(c[2]);
            }
            o.text("\n");
        }
        if (hasUv)
            for (const Vec2& uv : m.uvs[0])
                o.text("vt ").num(uv[0]).text(" ").num(1.0f - uv[1]).text("\n");
        if (hasNormals)
            for (const Vec3& n : m.normals)
                o.text("vn ").num(n[0]).text(" ").num(n[1]).text(" ").num(n[2]).text("\n");
        for (const auto& p : m.primitives) {
            o.text("usemtl ").text(names[p.material < names.size() ? p.material : 0]).text("\n");
            for (std::size_t t = 0; t < p.indices.size(); t += 3) {
                o.text("f");
                for (std::size_t k = 0; k < 3; ++k) {
                    const std::size_t i = p.indices[t + k];
                    o.text(" ").num(baseV + i);
                    if (hasUv || hasNormals) {
                        o.text("/");
                        if (hasUv) o.num(baseVt + i);
                        if (hasNormals) o.text("/").num(baseVn + i);
                    }
                }
                o.text("\n");
            }
        }
        baseV += m.positions.size();
        baseVt += hasUv ? m.positions.size() : 0;
        baseVn += hasNormals ? m.positions.size() : 0;
    }
    for (const Material& m : prepared.materials)
        if (std::any_of(std::begin(kObjRoles), std::end(kObjRoles), [&](TextureRole role) {
                return m.texture(role).image && m.texture(role).uvSet != 0;
            }))
            report.warnings.push_back("OBJ holds one UV set: the textures of '" + m.name +
                                      "' are sampled with UV0");
    MaterialFiles files;
    std::vector<std::filesystem::path> imageFiles;
    if (!writeMaterialFiles(prepared, kObjRoles, out, images, files, imageFiles, error)) return false;
    if (!writeFileAtomically(mtlPath, mtlText(prepared, names, files), error)) return false;
    if (!writeFileAtomically(out, o.str(), error)) return false;
    report.files.push_back(out);
    report.files.push_back(mtlPath);
    report.files.insert(report.files.end(), imageFiles.begin(), imageFiles.end());
    return true;
}

} // namespace assetscope::exporting
