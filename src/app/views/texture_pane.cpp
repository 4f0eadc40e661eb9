#include "views/texture_pane.h"

#include "views/texture_view.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFutureWatcher>
#include <QLabel>
#include <QToolBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace assetscope::app {

namespace {
// Signed encodings that decode to -1..1 (a normal map's channels) rather than to light: shown
// as 0..1 with no exposure.
bool signedNormalised(TexelFormat format) {
    return format == TexelFormat::BC4Signed || format == TexelFormat::BC5Signed;
}
} // namespace

TexturePane::TexturePane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    m_controls = new QToolBar(this);
    m_controls->setObjectName(QStringLiteral("textureControls"));
    layout->addWidget(m_controls);
    m_view = new TextureView(this);
    m_view->setObjectName(QStringLiteral("textureView"));
    layout->addWidget(m_view, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("textureStatus"));
    m_status->setContentsMargins(6, 2, 6, 2);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    buildControls();
    connect(m_view, &TextureView::texelHovered, this, &TexturePane::onHovered);
    connect(m_view, &TextureView::texelClicked, this, &TexturePane::onClicked);
    connect(m_view, &TextureView::hoverLeft, this, [this] {
        m_hover.clear();
        updateStatus();
        emit hoverLeft();
    });
    connect(m_view, &TextureView::zoomChanged, this, [this](double zoom) {
        m_zoomLabel->setText(QStringLiteral(" %1% ").arg(zoom * 100, 0, 'g', 4));
    });
    setTexture({}, nullptr);
}

TexturePane::~TexturePane() = default;

void TexturePane::buildControls() {
    m_fit = m_controls->addAction(tr("Fit"), m_view, &TextureView::fit);
    m_fit->setToolTip(tr("Fit the picture to the pane"));
    m_actual = m_controls->addAction(tr("1:1"), m_view, &TextureView::actualSize);
    m_actual->setToolTip(tr("One texel a pixel"));
    m_zoomLabel = new QLabel(m_controls);
    m_zoomLabel->setObjectName(QStringLiteral("textureZoom"));
    m_controls->addWidget(m_zoomLabel);
    m_controls->addSeparator();
    m_mips = new QComboBox(m_controls);
    m_mips->setObjectName(QStringLiteral("textureMip"));
    m_mips->setToolTip(tr("Mip level"));
    m_controls->addWidget(m_mips);
    m_slices = new QComboBox(m_controls);
    m_slices->setObjectName(QStringLiteral("textureSlice"));
    m_slices->setToolTip(tr("Array slice"));
    m_sliceAction = m_controls->addWidget(m_slices);
    connect(m_mips, &QComboBox::currentIndexChanged, this, &TexturePane::onLevelChosen);
    connect(m_slices, &QComboBox::currentIndexChanged, this, [this] {
        fillMips();
        onLevelChosen();
    });
    m_controls->addSeparator();
    static const char* const names[] = {"R", "G", "B", "A"};
    static const char* const tips[] = {"Red", "Green", "Blue", "Alpha (over a checkerboard)"};
    for (int c = 0; c < 4; ++c) {
        m_channels[c] = m_controls->addAction(QLatin1String(names[c]));
        m_channels[c]->setObjectName(QStringLiteral("textureChannel%1").arg(QLatin1String(names[c])));
        m_channels[c]->setCheckable(true);
        m_channels[c]->setChecked(true);
        m_channels[c]->setToolTip(tr("%1; one channel alone shows as grey").arg(tr(tips[c])));
        connect(m_channels[c], &QAction::toggled, this, &TexturePane::repicture);
    }
    m_controls->addSeparator();
    auto* exposureLabel = new QLabel(tr(" Exposure "), m_controls);
    m_exposureLabel = m_controls->addWidget(exposureLabel);
    m_exposure = new QDoubleSpinBox(m_controls);
    m_exposure->setObjectName(QStringLiteral("textureExposure"));
    m_exposure->setRange(-16, 16);
    m_exposure->setSingleStep(0.5);
    m_exposure->setDecimals(1);
    m_exposure->setSuffix(tr(" EV"));
    m_exposure->setToolTip(tr("Float values are multiplied by 2 to this power, then clamped to 0–1"));
    m_exposureAction = m_controls->addWidget(m_exposure);
    connect(m_exposure, &QDoubleSpinBox::valueChanged, this, &TexturePane::repicture);
}

void TexturePane::showMessage(const QString& text) {
    m_shown.reset();
    m_image.reset();
    m_hover.clear();
    m_view->setMessage(text);
    updateStatus();
}

void TexturePane::setTexture(SharedBytes bytes, const TextureDescription* texture) {
    nextRequest(); // whatever is still decoding belongs to the texture before
    m_bytes = texture ? std::move(bytes) : SharedBytes{};
    m_texture = texture ? std::optional<TextureDescription>(*texture) : std::nullopt;
    m_mips->blockSignals(true);
    m_slices->blockSignals(true);
    m_slices->clear();
    for (std::uint32_t s = 0; m_texture && s < m_texture->slices && s < 4096; ++s)
        m_slices->addItem(tr("Slice %1").arg(s), s);
    m_sliceAction->setVisible(m_slices->count() > 1);
    fillMips();
    m_mips->blockSignals(false);
    m_slices->blockSignals(false);
    const bool floats = m_texture && m_texture->format && texelFormatInfo(*m_texture->format).isFloat &&
                        !signedNormalised(*m_texture->format);
    m_exposureAction->setVisible(floats);
    m_exposureLabel->setVisible(floats);
    m_controls->setEnabled(m_texture && m_texture->format && !m_texture->tiled && !m_texture->levels.empty());
    if (!m_texture) return showMessage(tr("Open a texture to see it here."));
    const TextureDescription& t = *m_texture;
    if (t.tiled)
        return showMessage(tr("This texture is stored tiled (a console's layout): %1.\n"
                              "Its %2 bytes at 0x%3 are one range in the hex pane.")
                               .arg(QString::fromStdString(t.tiledNote))
                               .arg(t.dataSize)
                               .arg(QString::number(t.dataOffset, 16).toUpper()));
    if (!t.format)
        return showMessage(tr("The texture's encoding (%1) is not one the decoders know; its bytes are shown "
                              "in the hex pane.")
                               .arg(QString::fromStdString(t.encodingText)));
    if (t.levels.empty()) return showMessage(tr("No level of this texture is whole in the file."));
    showMessage(tr("Decoding…"));
    decodeChosen();
}

void TexturePane::fillMips() {
    const QSignalBlocker block(m_mips);
    const int keep = std::max(0, m_mips->currentIndex());
    m_mips->clear();
    if (!m_texture) return;
    const std::uint32_t slice = m_slices->currentData().toUInt();
    for (const TextureLevel& l : m_texture->levels)
        if (l.slice == slice)
            m_mips->addItem(tr("Mip %1: %2 × %3").arg(l.mip).arg(l.width).arg(l.height), l.mip);
    m_mips->setCurrentIndex(std::min(keep, m_mips->count() - 1));
}

std::optional<TextureLevel> TexturePane::chosenLevel() const {
    if (!m_texture || m_mips->currentIndex() < 0) return std::nullopt;
    const TextureLevel* l =
        m_texture->level(m_mips->currentData().toUInt(), m_slices->currentData().toUInt());
    return l ? std::optional<TextureLevel>(*l) : std::nullopt;
}

bool TexturePane::showLevel(std::uint32_t mip, std::uint32_t slice) {
    if (!m_texture || !m_texture->level(mip, slice)) return false;
    const int s = m_slices->findData(slice);
    if (s != m_slices->currentIndex()) m_slices->setCurrentIndex(s); // refills the mips
    const int m = m_mips->findData(mip);
    if (m != m_mips->currentIndex()) m_mips->setCurrentIndex(m);
    return true;
}

bool TexturePane::showLevelStoredAt(std::uint64_t offset, std::uint64_t size) {
    if (!m_texture) return false;
    for (const TextureLevel& l : m_texture->levels)
        if (l.offset == offset && l.size == size) return showLevel(l.mip, l.slice);
    return false;
}

void TexturePane::onLevelChosen() {
    if (m_texture && m_texture->format) decodeChosen();
}

TextureDisplayOptions TexturePane::displayOptions() const {
    TextureDisplayOptions o;
    o.red = m_channels[0]->isChecked();
    o.green = m_channels[1]->isChecked();
    o.blue = m_channels[2]->isChecked();
    o.alpha = m_channels[3]->isChecked();
    o.exposure = m_exposure->value();
    o.signedAsUnit = m_texture && m_texture->format && signedNormalised(*m_texture->format);
    return o;
}

bool TexturePane::offersExposure() const {
    return m_exposureAction->isVisible();
}

void TexturePane::decodeChosen() {
    const std::optional<TextureLevel> level = chosenLevel();
    const quint64 generation = nextRequest();
    if (!level) return showMessage(tr("The chosen level is not whole in the file."));
    if (!m_shown)
        m_view->setMessage(
            tr("Decoding mip %1 (%2 × %3)…").arg(level->mip).arg(level->width).arg(level->height));
    ++m_running;
    auto* watcher = new QFutureWatcher<DecodedLevel>(this);
    connect(watcher, &QFutureWatcher<DecodedLevel>::finished, this,
            [this, watcher, generation, chosen = *level] {
                const DecodedLevel result = watcher->result();
                watcher->deleteLater();
                --m_running;
                if (!isLatest(generation)) return;
                if (!result.image)
                    return showMessage(tr("Mip %1 of slice %2 cannot be decoded: %3")
                                           .arg(chosen.mip)
                                           .arg(chosen.slice)
                                           .arg(result.error));
                const bool sameLevel = m_shown && m_shown->offset == chosen.offset;
                m_shown = chosen;
                m_image = result.image;
                if (!sameLevel) m_view->setMarkedTexels({});
                m_view->setPicture(result.picture);
                updateStatus();
                emit pictureShown();
            });
    watcher->setFuture(
        QtConcurrent::run(&textureThreads(), [bytes = m_bytes, format = *m_texture->format, chosen = *level,
                                              options = displayOptions(), latest = m_latest, generation] {
            if (*latest != generation) return DecodedLevel{}; // chosen away from before it started
            return decodeForDisplay(bytes, format, chosen, options);
        }));
}

void TexturePane::repicture() {
    if (!m_image) return;
    const quint64 generation = nextRequest();
    ++m_running;
    auto* watcher = new QFutureWatcher<QImage>(this);
    connect(watcher, &QFutureWatcher<QImage>::finished, this, [this, watcher, generation] {
        const QImage picture = watcher->result();
        watcher->deleteLater();
        --m_running;
        if (!isLatest(generation)) return;
        m_view->setPicture(picture);
        emit pictureShown();
    });
    watcher->setFuture(QtConcurrent::run(
        &textureThreads(), [image = m_image, options = displayOptions(), latest = m_latest, generation] {
            return *latest == generation ? texturePicture(*image, options) : QImage();
        }));
}

std::optional<TexelProbe> TexturePane::probe(std::uint32_t x, std::uint32_t y) const {
    if (!m_shown || !m_image || !m_texture || !m_texture->format) return std::nullopt;
    return probeTexel(*m_texture->format, *m_shown, *m_image, x, y);
}

void TexturePane::onHovered(const QPoint& texel) {
    const std::optional<TexelProbe> p =
        probe(static_cast<std::uint32_t>(texel.x()), static_cast<std::uint32_t>(texel.y()));
    if (!p) return;
    m_hover = p->statusText();
    updateStatus();
    emit texelHovered(*p);
}

void TexturePane::onClicked(const QPoint& texel) {
    const std::optional<TexelProbe> p =
        probe(static_cast<std::uint32_t>(texel.x()), static_cast<std::uint32_t>(texel.y()));
    if (!p) return;
    const int side = static_cast<int>(p->blockSize);
    const QRect block(texel.x() / side * side, texel.y() / side * side, side, side);
    m_view->setMarkedTexels(
        block.intersected(QRect(0, 0, static_cast<int>(m_shown->width), static_cast<int>(m_shown->height))));
    emit texelClicked(*p);
}

QString TexturePane::description() const {
    if (!m_texture) return {};
    const TextureDescription& t = *m_texture;
    QString text = QString::fromStdString(t.encodingText);
    if (t.srgb) text += tr(" (sRGB, shown as stored)");
    // Spelled out: without a translation loaded, tr()'s %n would leave "mip(s)".
    text += tr(", %1 × %2, ").arg(t.width).arg(t.height) +
            (t.mips == 1 ? tr("1 mip") : tr("%1 mips").arg(t.mips));
    if (t.slices > 1) text += tr(", %1 slices").arg(t.slices);
    if (m_shown)
        text += tr("; showing mip %1 of slice %2 (%3 × %4), %5 bytes at 0x%6")
                    .arg(m_shown->mip)
                    .arg(m_shown->slice)
                    .arg(m_shown->width)
                    .arg(m_shown->height)
                    .arg(m_shown->size)
                    .arg(QString::number(m_shown->offset, 16).toUpper());
    return text;
}

QString TexturePane::status() const {
    return m_status->text();
}

void TexturePane::updateStatus() {
    const QString line = description();
    m_status->setText(m_hover.isEmpty() ? line : line + QLatin1Char('\n') + m_hover);
}

} // namespace assetscope::app
