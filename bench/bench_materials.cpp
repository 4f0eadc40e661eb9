// Materials' speed (issue 45, "Speed"), each a ratio of programs timed alternately in one run, so
// that both see the same page cache and machine load:
//   materials  `materials MODEL` ≤ 2× `info` on each file its chain reads (the model, its
//              materials, the shader; `materials` locates the textures, listing folders and zips'
//              central directories, but reads none), one `info` process per file, as a user would
//              run them; and the same in this process's CPU time, without the processes' starts:
//              the model opened, its looks resolved and their report written, beside each file
//              opened and its info lines made;
//   export     a textured glb export of a model ≤ 1.5× (its export with --no-textures + the PNG
//              encoding of its textures), the encoding timed in-process (the library's decoder
//              gives the texels, libpng's encoder the PNG: encodePng) and, for reference, as one
//              `export TEXTURE -o X.png` process per texture;
//   batch      `export MODELS -o DIR` of MODELS models sharing TEXTURES textures: each texture decoded
//              and encoded once (counted by the library: BatchResult, in a run of the batch in this
//              process) and the PNG files of a glTF batch written once (counted on disk); the
//              textured batch ≤ 1.3× (the batch with --no-textures + the textures' PNG encoding,
//              in-process), as glb and as glTF.
// The models are the sample set's (`make-samples`: the house, whose looks' textures are small) and
// a generated install laid out as the game's, made with the project's writers: MODELS models
// (default 1,000) of two slots each, deriving from 50 materials (half loose, half in a zip) of the
// sample shader, which name TEXTURES (default 50) textures of SIZE × SIZE (default 256), colour
// maps and normal maps, BC1 and BC7 in turn, with their mip chains, half loose and half in a zip.
// Each figure is the median of RUNS runs.
//
// usage: bench_materials [--cli PATH] [--runs K] [--models N] [--textures N] [--size S] [--jobs J]
//                        [--only materials|export|batch] [--keep DIR] [--profile N]
//        (--keep writes the install into DIR and leaves it there, or uses the one a run with the same
//        sizes left there; --profile N runs only the in-process `materials` of the first generated
//        model N times, for a profiler: perf record -g bench_materials --keep DIR --profile 3000)
#include "archive/time_zone.h"
#include "bench_run.h"
#include "decode/texel_blocks.h"
#include "decode/texel_format.h"
#include "export/batch_export.h"
#include "export/png_writer.h"
#include "formats/materialbin/material_writer.h"
#include "formats/modelbin/model_builder.h"
#include "formats/shaderbin/shaderbin_samples.h"
#include "formats/texture/sample_images.h"
#include "formats/texture/texture_samples.h"
#include "formats/texture/texture_writer.h"
#include "materials/look_textures.h"
#include "materials/material_chain.h"
#include "materials/material_report.h"
#include "open/open_input.h"
#include "resolve/game_resolver.h"
#include "resolve/game_root.h"
#include "shading/sample_library.h"
#include "shading/sample_parameters.h"

#include <nlohmann/json.hpp>

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace assetscope;
using namespace assetscope::bench;
namespace fs = std::filesystem;

namespace {

struct Settings {
    std::string cli = "assetscope-cli";
    int runs = 5;
    int models = 1000;
    int textures = 50;
    std::uint32_t size = 256;
    int jobs = 1;
    std::string only;
    int profile = 0; // --profile N: the in-process `materials` N times, nothing else
    fs::path work;
    bool keep = false;
};

bool wants(const Settings& s, const char* section) {
    return s.only.empty() || s.only == section;
}

void writeFile(const fs::path& path, const Bytes& bytes) {
    fs::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

// ---- The generated install ------------------------------------------------------------------

constexpr int kMaterials = 50;
namespace images = texture::sample_images;
using images::Image;
using images::Rgba;

// Texture i: the first half colour maps (sRGB), the second normal maps (linear); BC1 when i is even,
// BC7 when odd; loose under Game:\Media\Textures\Bench\ when its index in its half is even, else in
// Game:\Media\Textures\BenchPack\, which the install keeps as media/textures/benchpack.zip.
struct TextureName {
    std::string file;     // "colour_07.swatchbin"
    std::string gamePath; // "Game:\Media\Textures\BenchPack\colour_07.swatchbin"
    bool packed = false;
    bool normal = false;
    bool bc7 = false;
};

TextureName textureName(int i, int textures) {
    const int half = (textures + 1) / 2;
    TextureName t;
    t.normal = i >= half;
    const int k = t.normal ? i - half : i;
    char name[48];
    std::snprintf(name, sizeof name, "%s_%02d.swatchbin", t.normal ? "normal" : "colour", k);
    t.file = name;
    t.packed = k % 2 == 1;
    t.bc7 = i % 2 == 1;
    t.gamePath =
        std::string(t.packed ? "Game:\\Media\\Textures\\BenchPack\\" : "Game:\\Media\\Textures\\Bench\\") +
        t.file;
    return t;
}

// A picture of the sample set's, each texture's its own: the colour maps tinted by their index,
// the normal maps shifted along x.
Image picture(int i, int textures, std::uint32_t size) {
    const TextureName t = textureName(i, textures);
    const int k = i % ((textures + 1) / 2);
    if (t.normal) {
        const Image base = k % 2 ? images::roofTilesNormal(size) : images::brickWallNormal(size);
        Image out(size, size);
        const std::uint32_t shift = static_cast<std::uint32_t>(k) * 7u % size;
        for (std::uint32_t y = 0; y < size; ++y)
            for (std::uint32_t x = 0; x < size; ++x)
                out.at(x, y) = base.at((x + shift) % size, y);
        return out;
    }
    Image (*const kinds[])(std::uint32_t) = {images::brickWall,  images::roofTiles,   images::plaster,
                                             images::doorPlanks, images::oakSlats,    images::castIron,
                                             images::whitePaint, images::meadowGrass, images::snowField,
                                             images::tyreTread,  images::brushedAlloy};
    constexpr int kKinds = static_cast<int>(std::size(kinds));
    Image out = kinds[k % kKinds](size);
    const int tint = 70 + (k / kKinds) * 15 + (k % 3) * 5; // percent
    for (Rgba& texel : out.texels)
        for (int c = 0; c < 3; ++c)
            texel[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(
                std::min(255, texel[static_cast<std::size_t>(c)] * (tint + c * 3) / 100));
    return out;
}

// BC7 mode 6 blocks: per 4 × 4 block, the endpoints the texels with the least and the most of red +
// green + blue + alpha (7 bits each, p-bits 0 and 1), each texel the nearest of the 16 weights.
Bytes bc7Level(const Image& image) {
    Bytes out;
    const std::uint32_t bw = (image.width + 3) / 4, bh = (image.height + 3) / 4;
    out.reserve(std::size_t{bw} * bh * 16);
    for (std::uint32_t by = 0; by < bh; ++by)
        for (std::uint32_t bx = 0; bx < bw; ++bx) {
            Rgba block[16];
            for (int t = 0; t < 16; ++t)
                block[t] = image.at(std::min(image.width - 1, bx * 4 + static_cast<std::uint32_t>(t % 4)),
                                    std::min(image.height - 1, by * 4 + static_cast<std::uint32_t>(t / 4)));
            const auto sum = [](const Rgba& c) { return c[0] + c[1] + c[2] + c[3]; };
            const Rgba lo =
                *std::min_element(block, block + 16, [&](auto& a, auto& b) { return sum(a) < sum(b); });
            const Rgba hi =
                *std::max_element(block, block + 16, [&](auto& a, auto& b) { return sum(a) < sum(b); });
            std::array<std::uint8_t, 4> e0{}, e1{};
            for (std::size_t c = 0; c < 4; ++c) {
                e0[c] = static_cast<std::uint8_t>(lo[c] >> 1);
                e1[c] = static_cast<std::uint8_t>(hi[c] >> 1);
            }
            decode::blocks::TexelIndices indices{};
            double span = 0;
            for (std::size_t c = 0; c < 4; ++c)
                span += double(hi[c] - lo[c]) * double(hi[c] - lo[c]);
            for (int t = 0; t < 16; ++t) {
                double along = 0;
                for (std::size_t c = 0; c < 4; ++c)
                    along += double(block[t][c] - lo[c]) * double(hi[c] - lo[c]);
                const double w = span > 0 ? std::clamp(along / span, 0.0, 1.0) : 0.0;
                indices[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(std::lround(w * 15));
            }
            const auto b = decode::blocks::bc7Mode6(e0, e1, 0, 1, indices);
            out.insert(out.end(), b.begin(), b.end());
        }
    return out;
}

Bytes textureBytes(int i, int textures, std::uint32_t size) {
    const TextureName t = textureName(i, textures);
    const decode::TexelFormat format = t.bc7 ? decode::TexelFormat::BC7 : decode::TexelFormat::BC1;
    texture::TextureSpec s;
    s.header.width = s.header.height = static_cast<std::int32_t>(size);
    s.header.colourProfile = t.normal ? 0 : 1;
    for (std::size_t g = 0; g < s.header.guid.size(); ++g)
        s.header.guid[g] = static_cast<std::uint8_t>(i * 37 + static_cast<int>(g) * 11 + 1);
    const std::vector<Image> chain = images::mipChain(picture(i, textures, size));
    s.header.mips = static_cast<std::uint8_t>(chain.size());
    s.chainValues = {t.bc7 ? samples::kEncodingBC7 : samples::kEncodingBC1,
                     texture::pitchValue(format, size, size)};
    for (const Image& level : chain) {
        const Bytes bytes = t.bc7 ? bc7Level(level) : images::encodeLevel(format, level);
        s.data.insert(s.data.end(), bytes.begin(), bytes.end());
    }
    return texture::writeTextureBundle(s);
}

// Material m: loose under Game:\Media\Materials\Bench\ when m is even, else in
// Game:\Media\Materials\BenchPack\ (media/materials/benchpack.zip). Its base colour is colour map
// m, its normal map normal map 7m (both modulo their half), so that every texture is named.
std::string materialFile(int m) {
    return "bench_material_" + std::to_string(m) + ".materialbin";
}
std::string materialPath(int m) {
    return std::string(m % 2 ? "Game:\\Media\\Materials\\BenchPack\\" : "Game:\\Media\\Materials\\Bench\\") +
           materialFile(m);
}

Bytes materialBytes(int m, int textures) {
    using shading::makeRecord;
    using shading::sample_parameters::hashOf;
    const int half = (textures + 1) / 2, normals = textures - half;
    std::vector<shading::ParameterRecord> records{makeRecord({3, 1}, hashOf("DiffuseATexture"),
                                                             ParameterType::Texture, {}, {},
                                                             textureName(m % half, textures).gamePath)};
    if (normals > 0)
        records.push_back(makeRecord({3, 1}, hashOf("NormalTexture"), ParameterType::Texture, {}, {},
                                     textureName(half + (m * 7) % normals, textures).gamePath));
    return materialbin::writeMaterial(materialbin::makeMaterial("bench_material_" + std::to_string(m),
                                                                std::string(shading::sample_library::kShader),
                                                                std::move(records)));
}

// Model j: a box drawn with slot 1 and a post on it drawn with slot 2, deriving from materials j and
// 13 j + 7 (modulo 50).
std::string modelPath(int j) {
    char name[64];
    std::snprintf(name, sizeof name, "media/models/b%02d/bench_%04d.i.modelbin", j / 100, j);
    return name;
}

Bytes modelBytes(int j) {
    using namespace modelbin;
    const std::string name = "bench_" + std::to_string(j);
    const float w = 0.5f + static_cast<float>(j % 97) * 0.05f, h = 0.3f + static_cast<float>(j % 89) * 0.04f;
    BuildModel spec;
    spec.modlVersion = {1, 4};
    spec.materials = {{1, name + "_body", materialPath(j % kMaterials)},
                      {2, name + "_post", materialPath((13 * j + 7) % kMaterials)}};
    BuildMesh body;
    body.name = name + "_body";
    body.materialGroups = {{-1, 1, -1, -1}};
    GeometryBuilder(body).box({-w, 0, -w}, {w, h, w}, 0.5f);
    BuildMesh post;
    post.name = name + "_post";
    post.materialGroups = {{-1, 2, -1, -1}};
    GeometryBuilder(post).cylinder({0, h, 0}, 1, 0.3f * w, 0.5f, 12, true);
    spec.meshes = {body, post};
    return buildModelBytes(spec);
}

void writeInstall(const Settings& s, const fs::path& root) {
    for (const auto& f : samples::shaderbinSamples())
        writeFile(root / f.name, f.data);
    // The shader's defaults (white, black, a flat normal): the looks name them where the
    // materials do not override them, so the install holds them, as the sample set does.
    for (auto& f : samples::textureInstallSamples())
        if (f.name == "media/Textures.zip") writeFile(root / f.name, f.data);
    std::vector<archive::ZipInput> packedTextures, packedMaterials;
    for (int i = 0; i < s.textures; ++i) {
        const TextureName t = textureName(i, s.textures);
        Bytes bytes = textureBytes(i, s.textures, s.size);
        if (t.packed)
            packedTextures.push_back({t.file, std::move(bytes)});
        else
            writeFile(root / "media/textures/bench" / t.file, bytes);
    }
    writeFile(root / "media/textures/benchpack.zip", archive::writeZip(packedTextures, true));
    for (int m = 0; m < kMaterials; ++m) {
        Bytes bytes = materialBytes(m, s.textures);
        if (m % 2)
            packedMaterials.push_back({materialFile(m), std::move(bytes)});
        else
            writeFile(root / "media/materials/bench" / materialFile(m), bytes);
    }
    writeFile(root / "media/materials/benchpack.zip", archive::writeZip(packedMaterials, true));
    for (int j = 0; j < s.models; ++j)
        writeFile(root / modelPath(j), modelBytes(j));
}

// ---- Timing -----------------------------------------------------------------------------------

// A run that must succeed (exit 0, or 1 for `materials` of a look with a link not found).
Run checked(const std::vector<std::string>& argv, int allowed = 0) {
    const Run run = runProgram(argv);
    if (run.status != 0 && run.status != allowed) {
        std::string line;
        for (const auto& a : argv)
            line += a + " ";
        std::fprintf(stderr, "bench_materials: %sexited with %d\n", line.c_str(), run.status);
        std::exit(2);
    }
    return run;
}

double timed(const std::vector<std::string>& argv, int allowed = 0) {
    return checked(argv, allowed).seconds;
}

// What `materials --json MODEL` says the model's looks read and name.
struct Chain {
    std::vector<std::string> files;    // the materials and shaders read, each once, in order
    std::vector<std::string> textures; // the textures with a role, found, each once
    std::size_t looks = 0;
};

Chain chainOf(const Settings& s, const std::string& model) {
    const fs::path json = s.work / "materials.json";
    runProgram({s.cli, "materials", "--json", model}, json.string());
    std::ifstream in(json);
    const nlohmann::json doc = nlohmann::json::parse(in, nullptr, false);
    if (doc.is_discarded() || !doc.contains("materials")) {
        std::fprintf(stderr, "bench_materials: materials --json %s gave no report\n", model.c_str());
        std::exit(2);
    }
    Chain chain;
    std::set<std::string> seen;
    for (const auto& look : doc["materials"]) {
        ++chain.looks;
        for (const auto& link : look["chain"])
            if (link["kind"] != "instance" && link["found"].is_string() && seen.insert(link["found"]).second)
                chain.files.push_back(link["found"]);
        for (const auto& texture : look["textures"])
            if (!texture["role"].is_null() && texture["found"].is_string() &&
                seen.insert(texture["found"]).second)
                chain.textures.push_back(texture["found"]);
    }
    return chain;
}

// The textures' PNG encoding in this process: each decoded once by the library's decoder
// (materials::TextureImages, as an export decodes it), then encoded by encodePng (libpng, as an
// export encodes it) as often as asked, in the rounds that time the programs beside it.
class Encoder {
public:
    explicit Encoder(const std::vector<std::string>& textures) {
        materials::TextureImages cache;
        const auto start = std::chrono::steady_clock::now();
        for (const auto& t : textures) {
            std::string problem;
            auto image = cache.image(t, problem);
            if (!image) {
                std::fprintf(stderr, "bench_materials: %s: %s\n", t.c_str(), problem.c_str());
                std::exit(2);
            }
            m_images.push_back(std::move(image));
        }
        m_decoding = secondsSince(start);
    }

    // One encoding of every texture: its wall time (and in `cpu`, its CPU time).
    double encodeAll(double* cpu = nullptr) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuSeconds();
        m_pngBytes = 0;
        for (const auto& image : m_images) {
            std::string error;
            const auto png = exporting::encodePng(ByteView(image->rgba.data(), image->rgba.size()),
                                                  image->width, image->height, image->srgb, error);
            if (!png) {
                std::fprintf(stderr, "bench_materials: %s\n", error.c_str());
                std::exit(2);
            }
            m_pngBytes += png->size();
        }
        if (cpu) *cpu = cpuSeconds() - cpuStart;
        return secondsSince(start);
    }

    double decoding() const { return m_decoding; }
    std::size_t pngBytes() const { return m_pngBytes; }

private:
    std::vector<std::shared_ptr<const exporting::MaterialImage>> m_images;
    double m_decoding = 0;
    std::size_t m_pngBytes = 0;
};

std::string shortName(const std::string& input) {
    return fs::path(input.substr(input.rfind("::") == std::string::npos ? 0 : input.rfind("::") + 2))
        .filename()
        .string();
}

// ---- materials MODEL beside info on what its chain reads -------------------------------------

// In this process, what the two commands do beside starting: `materials` opens the model,
// follows its looks' chains and writes its report; `info` opens each file and lists its lines.
double inProcessMaterials(const std::string& model) {
    const double start = cpuSeconds();
    const OpenedInput opened = openInput(model);
    if (!opened.parsed) std::exit(2);
    const resolve::GameResolver resolver(resolve::rootsFor({}, model));
    std::ostringstream report;
    materials::writeLooksText(report, materials::resolveLooks(*opened.parsed, model, resolver));
    return cpuSeconds() - start;
}

double inProcessInfo(const std::vector<std::string>& files) {
    const double start = cpuSeconds();
    std::size_t lines = 0;
    for (const auto& f : files) {
        const OpenedInput opened = openInput(f);
        if (!opened.parsed) std::exit(2);
        lines += opened.parsed->info().size();
    }
    if (lines == 0) std::exit(2);
    return cpuSeconds() - start;
}

void materialsTarget(const Settings& s, const std::string& model, int runs) {
    const Chain chain = chainOf(s, model);
    std::vector<std::string> read{model};
    read.insert(read.end(), chain.files.begin(), chain.files.end());
    std::vector<double> materials, info, start, materialsHere, infoHere;
    constexpr int kRepeats = 20; // in-process, each run repeats both this often
    for (int r = 0; r < runs; ++r) {
        materials.push_back(timed({s.cli, "materials", model}, 1));
        double sum = 0;
        for (const auto& f : read)
            sum += timed({s.cli, "info", f}, 1);
        info.push_back(sum);
        start.push_back(timed({s.cli, "--version"}));
        double m = 0, i = 0;
        for (int k = 0; k < kRepeats; ++k) {
            m += inProcessMaterials(model);
            i += inProcessInfo(read);
        }
        materialsHere.push_back(m / kRepeats);
        infoHere.push_back(i / kRepeats);
    }
    const double m = median(materials), i = median(info), st = median(start);
    const double mh = median(materialsHere), ih = median(infoHere);
    std::printf("  %s: %zu looks; its chain reads %zu files (the model, %zu materials and shaders)\n",
                shortName(model).c_str(), chain.looks, read.size(), chain.files.size());
    std::printf(
        "    processes   materials %.4f s   info on each of the %zu files %.4f s   %.2fx   target <= 2: "
        "%s   (a process's start, --version: %.4f s)\n",
        m, read.size(), i, m / i, verdict(m <= 2 * i), st);
    std::printf("    in-process, CPU  materials %.2f ms   info's reading of the %zu files %.2f ms   %.2fx   "
                "target <= 2: "
                "%s\n",
                mh * 1e3, read.size(), ih * 1e3, mh / ih, verdict(mh <= 2 * ih));
}

// ---- A textured glb export beside the untextured one + PNG encoding ---------------------------

void exportTarget(const Settings& s, const std::string& model) {
    const Chain chain = chainOf(s, model);
    const fs::path out = s.work / "export";
    fs::create_directories(out);
    const std::string textured = (out / "textured.glb").string(), plain = (out / "plain.glb").string();
    Encoder encoder(chain.textures);
    std::vector<double> withTextures, without, processes, encoding;
    for (int r = 0; r < s.runs; ++r) {
        encoding.push_back(encoder.encodeAll());
        withTextures.push_back(timed({s.cli, "export", model, "-o", textured}));
        without.push_back(timed({s.cli, "export", model, "--no-textures", "-o", plain}));
        double sum = 0;
        for (std::size_t t = 0; t < chain.textures.size(); ++t) {
            const std::string png = "texture_" + std::to_string(t) + ".png";
            sum += timed({s.cli, "export", chain.textures[t], "-o", (out / png).string()});
        }
        processes.push_back(sum);
    }
    const double t = median(withTextures), u = median(without), p = median(processes), e = median(encoding);
    std::printf("  %s: %zu textures with a role, %.1f KiB of PNG; glb %.1f KiB textured, %.1f KiB without\n",
                shortName(model).c_str(), chain.textures.size(),
                static_cast<double>(encoder.pngBytes()) / 1024.0,
                static_cast<double>(fs::file_size(textured)) / 1024.0,
                static_cast<double>(fs::file_size(plain)) / 1024.0);
    std::printf("    textured %.4f s   --no-textures %.4f s + encoding in-process %.4f s (decoding %.4f s "
                "beside)   %.2fx   target <= 1.5: %s\n",
                t, u, e, encoder.decoding(), t / (u + e), verdict(t <= 1.5 * (u + e)));
    std::printf(
        "    for reference, the encoding as one `export TEXTURE -o X.png` process per texture: %.4f s   "
        "%.2fx\n",
        p, t / (u + p));
    fs::remove_all(out);
}

// ---- A batch of models sharing textures --------------------------------------------------------

std::size_t pngsUnder(const fs::path& dir) {
    std::size_t n = 0;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; it != end; it.increment(ec))
        if (it->is_regular_file() && it->path().extension() == ".png") ++n;
    return n;
}

void batchTarget(const Settings& s, const fs::path& root) {
    const std::string models = (root / "media" / "models").string();
    std::vector<std::string> textures;
    for (int i = 0; i < s.textures; ++i) {
        const TextureName t = textureName(i, s.textures);
        textures.push_back(t.packed ? (root / "media/textures/benchpack.zip").string() + "::" + t.file
                                    : (root / "media/textures/bench" / t.file).string());
    }
    std::printf("batch: %d models of 2 slots, %d materials, %d textures %ux%u (BC1 and BC7), --jobs %d\n",
                s.models, kMaterials, s.textures, s.size, s.size, s.jobs);

    // The counts, from a run of each batch in this process, with two workers at least: two asking
    // for one texture at once must share its decoding and encoding too.
    const int countingJobs = std::max(2, s.jobs);
    for (const exporting::Format format : {exporting::Format::Glb, exporting::Format::Gltf}) {
        const fs::path out = s.work / "counted";
        fs::remove_all(out);
        exporting::BatchOptions options;
        options.jobs = countingJobs;
        options.sceneFormat = format;
        const exporting::BatchResult r = exporting::exportBatch({models}, out, options);
        const std::size_t onDisk = pngsUnder(out);
        const bool once = r.texturesDecoded == static_cast<std::size_t>(s.textures) &&
                          r.imagesEncoded == static_cast<std::size_t>(s.textures) &&
                          (format == exporting::Format::Glb ||
                           (r.imageFilesWritten == r.imagesEncoded && onDisk == r.imageFilesWritten));
        std::printf(
            "  %-4s (in-process, --jobs %d) exported %llu of %llu; textures decoded %zu, encoded %zu, "
            "PNG files written %zu (%zu on disk), for %d textures; materials and shaders read %zu   "
            "target each once: %s\n",
            std::string(exporting::formatName(format)).c_str(), countingJobs,
            static_cast<unsigned long long>(r.exported), static_cast<unsigned long long>(r.files),
            r.texturesDecoded, r.imagesEncoded, r.imageFilesWritten, onDisk, s.textures, r.linkFilesRead,
            verdict(once));
        if (!r.skipped.empty())
            std::fprintf(stderr, "  %s: %s\n", r.skipped.front().input.c_str(),
                         r.skipped.front().message.c_str());
        fs::remove_all(out);
    }

    Encoder encoder(textures);
    std::printf("  the %d textures decoded in-process in %.3f s; their PNG encoding timed in each round\n",
                s.textures, encoder.decoding());
    for (const char* format : {"glb", "gltf"}) {
        const fs::path outTextured = s.work / "textured", outPlain = s.work / "plain";
        std::vector<double> withTextures, without, encoding, cpuTextured, cpuPlain, cpuEncoding;
        long peakTextured = 0, peakPlain = 0;
        std::uintmax_t bytesTextured = 0, bytesPlain = 0;
        const auto sizeOf = [](const fs::path& dir) {
            std::uintmax_t n = 0;
            for (const auto& f : fs::recursive_directory_iterator(dir))
                if (f.is_regular_file()) n += f.file_size();
            return n;
        };
        const auto batch = [&](const fs::path& out, bool textures) {
            // Into an empty folder, after what the run before wrote is on disk.
            fs::remove_all(out);
            ::sync();
            std::vector<std::string> argv{s.cli,  "export",     models,
                                          "-o",   out.string(), "--format",
                                          format, "--jobs",     std::to_string(s.jobs)};
            if (!textures) argv.push_back("--no-textures");
            const Run run = checked(argv);
            (textures ? withTextures : without).push_back(run.seconds);
            (textures ? cpuTextured : cpuPlain).push_back(run.cpuSeconds);
            long& peak = textures ? peakTextured : peakPlain;
            peak = std::max(peak, run.maxRssKiB);
            (textures ? bytesTextured : bytesPlain) = sizeOf(out);
        };
        for (int r = 0; r < s.runs; ++r) {
            double cpu = 0;
            encoding.push_back(encoder.encodeAll(&cpu));
            cpuEncoding.push_back(cpu);
            batch(outTextured, true);
            batch(outPlain, false);
        }
        fs::remove_all(outTextured);
        fs::remove_all(outPlain);
        const double t = median(withTextures), u = median(without), e = median(encoding);
        const double tc = median(cpuTextured), uc = median(cpuPlain), ec = median(cpuEncoding);
        std::printf(
            "  %-4s textured %.3f s (%.0f MiB written, peak %.0f MiB)   --no-textures %.3f s (%.0f MiB, "
            "peak %.0f MiB) + encoding %.3f s (%.1f MiB of PNG)   %.2fx   target <= 1.3: %s\n",
            format, t, static_cast<double>(bytesTextured) / 1048576.0, peakTextured / 1024.0, u,
            static_cast<double>(bytesPlain) / 1048576.0, peakPlain / 1024.0, e,
            static_cast<double>(encoder.pngBytes()) / 1048576.0, t / (u + e), verdict(t <= 1.3 * (u + e)));
        std::printf(
            "       CPU: textured %.3f s   --no-textures %.3f s + encoding %.3f s   %.2fx   (the rest of the "
            "wall time waits for the disk: each output is synced before it is moved into place)\n",
            tc, uc, ec, tc / (uc + ec));
    }
}

} // namespace

int main(int argc, char** argv) {
    archive::loadTimeZoneOnce(); // as assetscope-cli does, for the figures taken in this process
    Settings s;
    std::string keep;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool value = i + 1 < argc;
        if (a == "--cli" && value)
            s.cli = argv[++i];
        else if (a == "--runs" && value)
            s.runs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--models" && value)
            s.models = std::max(1, std::atoi(argv[++i]));
        else if (a == "--textures" && value)
            s.textures = std::clamp(std::atoi(argv[++i]), 1, 200);
        else if (a == "--size" && value)
            s.size = static_cast<std::uint32_t>(std::clamp(std::atoi(argv[++i]), 16, 4096));
        else if (a == "--jobs" && value)
            s.jobs = std::max(1, std::atoi(argv[++i]));
        else if (a == "--only" && value)
            s.only = argv[++i];
        else if (a == "--keep" && value)
            keep = argv[++i];
        else if (a == "--profile" && value)
            s.profile = std::max(1, std::atoi(argv[++i]));
        else {
            std::fprintf(
                stderr, "usage: bench_materials [--cli PATH] [--runs K] [--models N] [--textures N] "
                        "[--size S] [--jobs J] [--only materials|export|batch] [--keep DIR] [--profile N]\n");
            return 2;
        }
    }
    s.keep = !keep.empty();
    if (s.keep) {
        s.work = keep;
        fs::create_directories(s.work);
    } else {
        char pattern[] = "/tmp/bench_materials_XXXXXX";
        if (!mkdtemp(pattern)) {
            std::perror("mkdtemp");
            return 2;
        }
        s.work = pattern;
    }
    const fs::path samples = s.work / "samples";
    const fs::path root = s.work / ("install_" + std::to_string(s.models) + "_" + std::to_string(s.textures) +
                                    "_" + std::to_string(s.size));
    const auto writing = std::chrono::steady_clock::now();
    const bool reused = s.keep && fs::exists(root / "media" / "models") && fs::exists(samples / "media");
    if (!reused) {
        fs::remove_all(samples);
        fs::remove_all(root);
        timed({s.cli, "make-samples", samples.string()});
        inChild([&] { writeInstall(s, root); }, "the install");
    }
    std::printf(
        "the sample set and an install of %d models, %d materials and %d textures %s in %.1f s; medians of "
        "%d runs\n",
        s.models, kMaterials, s.textures, reused ? "found" : "written", secondsSince(writing), s.runs);
    const std::string house = (samples / "media/models/bld_sample_house_a_lod0.i.modelbin").string();
    const std::string benchModel = (root / modelPath(0)).string();
    ::sync();
    if (s.profile > 0) { // for a profiler: `materials` of the first generated model, in this process
        for (int k = 0; k < s.profile; ++k)
            inProcessMaterials(benchModel);
        return 0;
    }
    if (wants(s, "materials")) {
        const int runs = std::max(s.runs, 15); // the figures are milliseconds: more runs
        std::printf("materials MODEL beside info on each file its chain reads, medians of %d runs\n", runs);
        materialsTarget(s, house, runs);
        materialsTarget(s, benchModel, runs);
    }
    if (wants(s, "export")) {
        std::printf("a textured glb export beside --no-textures + the PNG encoding of its textures\n");
        exportTarget(s, house);
        exportTarget(s, benchModel);
    }
    if (wants(s, "batch")) batchTarget(s, root);
    fs::remove(s.work / "materials.json");
    if (!s.keep) fs::remove_all(s.work);
    return 0;
}
