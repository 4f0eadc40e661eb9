#include "formats/registry.h"

#include "docs/doc_table.h"
#include "formats/grub/grub_handler.h"
#include "formats/grub/grub_samples.h"
#include "formats/materialbin/materialbin_handler.h"
#include "formats/materialbin/materialbin_samples.h"
#include "formats/meshset/meshset_handler.h"
#include "formats/meshset/meshset_samples.h"
#include "formats/modelbin/model_handler.h"
#include "formats/modelbin/model_samples.h"
#include "formats/pgeo/pgeo_handler.h"
#include "formats/pgeo/pgeo_samples.h"
#include "formats/shaderbin/shaderbin_handler.h"
#include "formats/shaderbin/shaderbin_samples.h"
#include "formats/texture/texture_handler.h"
#include "formats/texture/texture_samples.h"

namespace assetscope {

namespace {

struct Registry {
    std::vector<const FormatHandler*> handlers;
    std::vector<SampleSource> samples;
    std::vector<SampleSource> fuzzSeeds;

    void add(const FormatHandler& handler, SampleSource source, SampleSource seeds = nullptr) {
        handlers.push_back(&handler);
        samples.push_back(source);
        fuzzSeeds.push_back(seeds);
    }
};

Registry& registry() {
    // One line per format. A more specific reading of a bundle (a model, a texture, a material, a shader)
    // must outscore the plain bundle in sniff(); where two formats may claim the same bytes their scores
    // differ, so that the order here decides nothing but the order formats are listed in.
    static Registry r = [] {
        Registry formats;
        formats.add(grub::grubHandler(), samples::grubSamples);
        formats.add(texture::textureHandler(), samples::textureSampleSet, samples::textureFuzzSeeds);
        formats.add(materialbin::materialbinHandler(), samples::materialbinSamples,
                    samples::materialbinFuzzSeeds);
        formats.add(shaderbin::shaderbinHandler(), samples::shaderbinSamples, samples::shaderbinFuzzSeeds);
        formats.add(modelbin::modelbinHandler(), samples::modelSamples, samples::modelFuzzSeeds);
        formats.add(pgeo::pgeoHandler(), samples::pgeoSamples, samples::pgeoFuzzSeeds);
        formats.add(meshset::meshsetHandler(), samples::meshsetSamples);
        return formats;
    }();
    return r;
}

} // namespace

std::span<const FormatHandler* const> formatHandlers() {
    return registry().handlers;
}

std::span<const SampleSource> sampleSources() {
    return registry().samples;
}

std::span<const SampleSource> fuzzSeedSources() {
    return registry().fuzzSeeds;
}

void addFormatHandler(const FormatHandler& handler, SampleSource samples) {
    if (!handler.documentedFields().empty()) DocTable::addRows(handler.documentedFields());
    registry().add(handler, samples);
}

const FormatHandler* detectFormat(ByteView bytes, std::string_view fileName) {
    const FormatHandler* best = nullptr;
    int bestScore = 0;
    for (const FormatHandler* h : formatHandlers()) {
        const int score = h->sniff(bytes, fileName);
        if (score > bestScore) {
            best = h;
            bestScore = score;
        }
    }
    return best;
}

} // namespace assetscope
