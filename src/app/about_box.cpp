// The About box: what this build is made of.
#include "main_window.h"

#include "views/preview_pane.h"
#include "views/preview_view.h"

#include <QMessageBox>
#include <QtGlobal>

#include <zlib.h>

namespace assetscope::app {

void MainWindow::showAbout() {
    QString gl = tr("not available on this platform");
    if (const PreviewView* view = previewPane()->view(); view && view->glReady())
        gl = view->glInfo().toHtmlEscaped();
    const QString text =
        tr("<h3>assetscope %1</h3>"
           "<p>Browse game asset files byte by byte: structure, offsets, confidence, geometry.</p>"
           "<table>"
           "<tr><td>Qt</td><td>%2 (built with %3)</td></tr>"
           "<tr><td>QuaZip</td><td>%4</td></tr>"
           "<tr><td>libzip</td><td>%5</td></tr>"
           "<tr><td>zlib</td><td>%6</td></tr>"
           "<tr><td>nlohmann/json</td><td>%7</td></tr>"
           "<tr><td>OpenGL</td><td>%8</td></tr>"
           "</table>")
            .arg(QStringLiteral(ASSETSCOPE_VERSION), QString::fromLatin1(qVersion()),
                 QStringLiteral(QT_VERSION_STR), QStringLiteral(ASSETSCOPE_QUAZIP_VERSION),
                 QStringLiteral(ASSETSCOPE_LIBZIP_VERSION), QString::fromLatin1(zlibVersion()),
                 QStringLiteral(ASSETSCOPE_JSON_VERSION), gl);
    QMessageBox::about(this, tr("About assetscope"), text);
}

} // namespace assetscope::app
