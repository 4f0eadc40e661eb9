#include "formats/registry.h"

#include "formats/grub/grub_handler.h"
#include "formats/meshset/meshset_handler.h"
#include "formats/modelbin/model_handler.h"
#include "formats/pgeo/pgeo_handler.h"
#include "formats/texture/texture_handler.h"

#include <vector>

namespace assetscope {

namespace {
std::vector<const FormatHandler*>& handlerList() {
    // A more specific reading of a bundle (a model, a texture) must outscore the plain bundle in
    // sniff().
    static std::vector<const FormatHandler*> handlers = {
        &pgeo::pgeoHandler(),       &meshset::meshsetHandler(), &modelbin::modelbinHandler(),
        &texture::textureHandler(), &grub::grubHandler(),
    };
    return handlers;
}
} // namespace

std::span<const FormatHandler* const> formatHandlers() {
    return handlerList();
}

void addFormatHandler(const FormatHandler& handler) {
    handlerList().push_back(&handler);
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
