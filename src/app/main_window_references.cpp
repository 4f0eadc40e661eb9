// References the window shows, opened one way (openGamePath): a Game:\ path typed into Ctrl+L or
// named by a field of the open document, the table pane's rows of a material's chain and textures
// and its instance rows' models (through the panes' context, DocumentContext::openReference), and
// the model a .pgeo block's template names in the structure tree. Game:\ paths resolve through
// the window's game roots (GameRoots), as the material table's own links do.
#include "main_window.h"

#include "game_roots.h"
#include "input/input_path.h"
#include "resolve/game_resolver.h"
#include "views/archive_view.h"
#include "views/document_view.h"
#include "views/install_view.h"

#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QTabWidget>

namespace assetscope::app {

namespace {

bool isGamePath(const QString& text) {
    return text.startsWith(QLatin1String("Game:\\"), Qt::CaseInsensitive) ||
           text.startsWith(QLatin1String("Game:/"), Qt::CaseInsensitive);
}

} // namespace

std::optional<QString> MainWindow::openGamePath(const QString& rawPath, const QString& from, quint32 node) {
    const QString path = rawPath.trimmed();
    if (path.isEmpty()) return std::nullopt;
    auto open = [this, node](const QString& input) {
        if (node == kNoNode)
            openInput(input);
        else
            openInputAtNode(input, node);
        return absoluteInput(input);
    };
    // An INPUT path names its file already.
    if (!isGamePath(path)) {
        const InputPath input = InputPath::parse(path.toStdString());
        const QFileInfo file(QString::fromStdString(input.file));
        if (file.isAbsolute() && file.exists()) return open(path);
    }
    // The roots: the install in front, the other installs open in tabs, the game roots, then the
    // root of the input naming the path (the tab in front's when none is given).
    QStringList installs;
    QString input = from;
    if (InstallView* view = currentInstallView()) {
        installs << view->path();
        if (input.isEmpty()) input = view->path() + QStringLiteral("/-");
    }
    for (int i = 0; i < m_tabs->count(); ++i)
        if (auto* view = qobject_cast<InstallView*>(m_tabs->widget(i));
            view && !installs.contains(view->path()))
            installs << view->path();
    if (input.isEmpty()) {
        if (DocumentView* view = currentDocumentView())
            input = view->document().input;
        else if (ArchiveView* archive = currentArchiveView())
            input = archive->document().input + QStringLiteral("::-");
    }
    const std::shared_ptr<const resolve::GameResolver> resolver = m_gameRoots->resolverFor(input, installs);
    const resolve::Resolution found = resolver->resolve(path.toStdString());
    if (!found.found) {
        QMessageBox::information(this, tr("Go to Game:\\ Path"),
                                 QString::fromStdString(resolve::notFoundText(path.toStdString(), found)));
        return std::nullopt;
    }
    return open(QString::fromStdString(*found.found));
}

void MainWindow::addReferenceActions(DocumentView& view, QMenu& menu) {
    const NodeId node = view.currentNode();
    if (node == kNoNode) return;
    const Document& document = view.document();
    const QString from = document.input;
    QList<QAction*> actions;
    // A field whose value is a Game:\ path: a material's shader or texture, a model's material.
    const QString value = view.currentValueText().trimmed();
    if (isGamePath(value)) {
        QAction* open = new QAction(tr("Open %1").arg(value), &menu);
        open->setObjectName(QStringLiteral("openGamePathAction"));
        connect(open, &QAction::triggered, this, [this, value, from] { openGamePath(value, from); });
        actions << open;
    }
    // A placement block (or a node inside one): the model its template names.
    if (document.parsed && document.placements) {
        const Subject subject = document.parsed->subjectOf(node);
        const std::vector<InstanceGroup>& groups = document.placements->groups;
        for (std::size_t g = 0; g < groups.size() && !subject.none(); ++g) {
            if (!groups[g].subject.sameTable(subject)) continue;
            QString why;
            const QString model = groupModelInput(document, g, why);
            const QString name =
                QString::fromStdString(groups[g].name.empty() ? groups[g].modelKey : groups[g].name);
            QAction* open = new QAction(
                model.isEmpty()
                    ? tr("Model of %1: %2").arg(name, why)
                    : tr("Open Model %1")
                          .arg(QString::fromStdString(InputPath::parse(model.toStdString()).lastName())),
                &menu);
            open->setObjectName(QStringLiteral("openModelAction"));
            open->setEnabled(!model.isEmpty());
            open->setToolTip(model);
            connect(open, &QAction::triggered, this, [this, model, from] { openGamePath(model, from); });
            actions << open;
            break;
        }
    }
    if (actions.isEmpty()) return;
    QAction* first = menu.actions().value(0);
    menu.insertActions(first, actions);
    menu.insertSeparator(first);
}

} // namespace assetscope::app
