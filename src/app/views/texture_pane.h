#pragma once

#include "bytes/byte_view.h"
#include "contract/texture.h"
#include "views/texel_probe.h"
#include "views/texture_display.h"

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QToolBar;

namespace assetscope::app {

class TextureView;

// A texture as a picture: the level chosen by mip and slice, decoded off the UI thread one level
// at a time when it is chosen, with channel toggles and (for float encodings) an exposure. It
// tells which texel is under the mouse and which was clicked, with the bytes that hold it.
// Everything comes from the document's TextureDescription and the format-free level decoder.
class TexturePane : public QWidget {
    Q_OBJECT
public:
    explicit TexturePane(QWidget* parent = nullptr);
    ~TexturePane() override;

    // The texture to show, its levels located in `bytes`; nullptr: none. Starts decoding mip 0
    // of slice 0.
    void setTexture(SharedBytes bytes, const TextureDescription* texture);
    bool hasTexture() const { return m_texture.has_value(); }
    // Shows a stored level (decoding it off the UI thread); false when the file does not hold it.
    bool showLevel(std::uint32_t mip, std::uint32_t slice);
    // The level whose bytes are exactly `range`, shown; false when no level is.
    bool showLevelStoredAt(std::uint64_t offset, std::uint64_t size);
    std::optional<TextureLevel> chosenLevel() const;
    // Whether a decode or a picture is still being made; pictureShown() follows when it is done.
    bool busy() const { return m_running > 0; }
    // The texel (x, y) of the level shown, as the status bar reports it.
    std::optional<TexelProbe> probe(std::uint32_t x, std::uint32_t y) const;
    QString description() const; // the line under the picture without the texel

    TextureView* view() const { return m_view; }
    QComboBox* mipBox() const { return m_mips; }
    QComboBox* sliceBox() const { return m_slices; }
    QAction* channelAction(int channel) const { return m_channels[channel]; } // 0 R .. 3 A
    QDoubleSpinBox* exposureBox() const { return m_exposure; }
    bool offersExposure() const;
    QAction* fitAction() const { return m_fit; }
    QAction* actualSizeAction() const { return m_actual; }
    QString status() const;
    TextureDisplayOptions displayOptions() const;

signals:
    void texelHovered(const assetscope::app::TexelProbe& probe);
    void hoverLeft();
    void texelClicked(const assetscope::app::TexelProbe& probe);
    void pictureShown();

private:
    void buildControls();
    void fillMips();
    void onLevelChosen();
    void decodeChosen();
    void repicture();
    void onHovered(const QPoint& texel);
    void onClicked(const QPoint& texel);
    void updateStatus();
    void showMessage(const QString& text);
    quint64 nextRequest() { return ++*m_latest; }
    bool isLatest(quint64 request) const { return *m_latest == request; }

    QToolBar* m_controls = nullptr;
    TextureView* m_view = nullptr;
    QLabel* m_status = nullptr;
    QComboBox* m_mips = nullptr;
    QComboBox* m_slices = nullptr;
    QAction* m_sliceAction = nullptr;
    QAction* m_channels[4] = {};
    QDoubleSpinBox* m_exposure = nullptr;
    QAction* m_exposureAction = nullptr;
    QAction* m_exposureLabel = nullptr;
    QAction* m_fit = nullptr;
    QAction* m_actual = nullptr;
    QLabel* m_zoomLabel = nullptr;

    SharedBytes m_bytes;
    std::optional<TextureDescription> m_texture;
    // The level shown and its decoded texels (the probe reads them).
    std::optional<TextureLevel> m_shown;
    std::shared_ptr<const TexelImage> m_image;
    QString m_hover;
    // Each request's number; results of older requests are dropped, and a request still queued
    // when a newer one comes is not started at all (the threads read the latest number).
    std::shared_ptr<std::atomic<quint64>> m_latest = std::make_shared<std::atomic<quint64>>(0);
    int m_running = 0;
};

} // namespace assetscope::app
