#include "formats/texture/texture_data.h"

#include "bytes/number_text.h"
#include "tree/recorder.h"

namespace assetscope::texture {

namespace {

std::string sizeText(std::uint32_t width, std::uint32_t height) {
    return std::to_string(width) + "×" + std::to_string(height);
}

// One slice's levels from the recorder's position, as nodes named "mip N".
void recordSliceLevels(Recorder& r, decode::TexelFormat format, std::uint32_t width, std::uint32_t height,
                       std::uint32_t mips, std::vector<NodeId>* nodes) {
    for (std::uint32_t m = 0; m < mips; ++m) {
        const std::uint32_t w = mipExtent(width, m);
        const std::uint32_t h = mipExtent(height, m);
        const std::uint64_t size = decode::levelByteSize(format, w, h).value_or(0);
        if (size > r.remaining()) return;
        r.bytes("texture/data/level", size);
        r.tree().edit(r.last(), [&](Node& n) {
            n.name = "mip " + std::to_string(m);
            n.display = sizeText(w, h);
        });
        if (nodes) nodes->push_back(r.last());
    }
}

class DataReader {
public:
    DataReader(StructureTree& tree, TextureFile& file)
        : m_file(file), m_blob(*file.txcb()),
          m_r(tree, ByteView(m_blob.data), m_blob.dataOffset, m_blob.node) {}

    void read() {
        if (m_file.tiled) {
            m_r.bytes("texture/data/tiled_data", m_r.view().size());
            m_file.dataNode = m_r.last();
            m_r.report(
                Severity::Note, "texture.data.tiled",
                "TXCB 2.0: the data is in the Xbox One tiled layout; untiling needs the console's tiling "
                "library, which is not public",
                m_file.dataNode);
            return;
        }
        if (!m_file.header || !m_file.format.format) return; // reported with the header
        const TextureHeader& h = *m_file.header;
        if (h.width <= 0 || h.height <= 0) {
            m_r.report(Severity::Error, "texture.header.size",
                       "width " + std::to_string(h.width) + " and height " + std::to_string(h.height) +
                           ": no mip chain can be laid out",
                       m_file.headerNode);
            return;
        }
        checkCounts(h);
        layOut(h);
    }

private:
    std::uint32_t slices() const { return m_file.header->slices == 0 ? 1 : m_file.header->slices; }
    std::uint32_t mips() const { return m_file.header->mips == 0 ? 1 : m_file.header->mips; }

    void checkCounts(const TextureHeader& h) {
        if (h.slices == 0)
            m_r.report(Severity::Warning, "texture.header.slice-count",
                       "slice count 0; the data is read as one slice", m_file.headerNode);
        if (h.mips == 0)
            m_r.report(Severity::Warning, "texture.header.mip-count",
                       "mip count 0; the data is read as one level", m_file.headerNode);
        if (h.depth > 1)
            m_r.report(Severity::Note, "texture.header.depth",
                       "depth " + std::to_string(h.depth) +
                           ": the readers lay out flat levels only, and so is this data read",
                       m_file.headerNode);
    }

    void layOut(const TextureHeader& h) {
        const decode::TexelFormat format = *m_file.format.format;
        const auto width = static_cast<std::uint32_t>(h.width);
        const auto height = static_cast<std::uint32_t>(h.height);
        const std::uint64_t size = m_r.view().size();
        // Sizes first, in 64 bits with overflow checked: nothing is made for what the header
        // claims until the bytes are known to be there.
        const auto perSlice = sliceChainBytes(format, width, height, mips());
        const bool overflow = !perSlice || (*perSlice != 0 && slices() > UINT64_MAX / *perSlice);
        m_file.chainBytes = overflow ? 0 : *perSlice * slices();
        m_file.chainFits = !overflow && m_file.chainBytes <= size;
        if (!m_file.chainFits)
            m_r.report(Severity::Error, "texture.data.chain-too-large",
                       std::to_string(width) + "×" + std::to_string(height) + " " + m_file.format.text +
                           ", " + std::to_string(mips()) + " mips, " + std::to_string(slices()) +
                           " slices need " +
                           (overflow ? std::string("more than 2^64") : std::to_string(m_file.chainBytes)) +
                           " bytes but the TXCB blob holds " + std::to_string(size),
                       m_blob.node);
        collectLevels(format, width, height);
        recordLevels(format, width, height, perSlice.value_or(0));
        if (m_file.chainFits && m_file.chainBytes < size) {
            m_r.seek(m_file.chainBytes);
            m_r.report(Severity::Note, "texture.data.trailing",
                       std::to_string(size - m_file.chainBytes) + " bytes after the mip chain, at " +
                           hexText(m_blob.dataOffset + m_file.chainBytes) + ", belong to no level",
                       m_blob.node);
        }
    }

    // The levels whose bytes are all there, in stored order: at most one per byte of data.
    void collectLevels(decode::TexelFormat format, std::uint32_t width, std::uint32_t height) {
        const std::uint64_t size = m_r.view().size();
        std::uint64_t at = 0;
        for (std::uint32_t s = 0; s < slices(); ++s)
            for (std::uint32_t m = 0; m < mips(); ++m) {
                const std::uint32_t w = mipExtent(width, m);
                const std::uint32_t h = mipExtent(height, m);
                const std::uint64_t bytes = decode::levelByteSize(format, w, h).value_or(UINT64_MAX);
                if (bytes > size - at) return;
                m_file.levels.push_back({m, s, w, h, m_blob.dataOffset + at, bytes});
                at += bytes;
            }
    }

    void recordLevels(decode::TexelFormat format, std::uint32_t width, std::uint32_t height,
                      std::uint64_t perSlice) {
        if (m_file.levels.empty()) return;
        const TextureLevel& last = m_file.levels.back();
        const std::uint64_t end = last.offset + last.size - m_blob.dataOffset;
        m_r.seek(0);
        auto chain = m_r.scope("texture/data/mip_chain");
        m_file.dataNode = chain.id();
        m_r.tree().edit(chain.id(), [&](Node& n) {
            n.display = m_file.format.text + ", " + std::to_string(mips()) + " mips, " +
                        std::to_string(slices()) + (slices() == 1 ? " slice" : " slices");
        });
        const std::uint32_t mipCount = mips();
        if (m_file.levels.size() <= kMaxLevelNodes) {
            for (std::uint32_t s = 0; s <= last.slice; ++s) {
                auto slice = m_r.item(s);
                m_r.tree().edit(slice.id(), [&](Node& n) { n.display = "slice " + std::to_string(s); });
                recordSliceLevels(m_r, format, width, height, mipCount, &m_file.levelNodes);
            }
        } else {
            // Whole slices only: each element holds one slice's levels, made when a view asks.
            const std::uint64_t whole = perSlice == 0 ? 0 : end / perSlice;
            m_file.sliceArray = m_r.array("slices", whole, perSlice, "slice",
                                          [format, width, height, mipCount](Recorder& er, std::uint64_t) {
                                              recordSliceLevels(er, format, width, height, mipCount, nullptr);
                                          });
        }
        m_r.seek(end);
    }

    TextureFile& m_file;
    const grub::Blob& m_blob;
    Recorder m_r;
};

} // namespace

void readTextureData(StructureTree& tree, TextureFile& file) {
    if (!file.txcb()) return;
    DataReader reader(tree, file);
    reader.read();
}

} // namespace assetscope::texture
