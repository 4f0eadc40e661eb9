#include "main_window.h"

#include "background_threads.h"
#include "main_window_context.h"
#include "ui_main_window.h"

#include "dialogs/census_dialog.h"
#include "document_looks.h"
#include "game_roots.h"
#include "input/input_path.h"
#include "models/field_stats_store.h"
#include "models/structure_model.h"
#include "notes_store.h"
#include "samples/sample_set.h"
#include "views/archive_view.h"
#include "views/comparison_view.h"
#include "views/confidence_style.h"
#include "views/data_inspector.h"
#include "views/docs_pane.h"
#include "views/document_view.h"
#include "views/hex_view.h"
#include "views/install_view.h"
#include "views/preview_pane.h"
#include "views/start_page.h"
#include "views/table_pane.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace assetscope::app {

namespace {
constexpr int kMaxRecent = 12;
const char* const kRecentKey = "recentFiles";
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_ui(std::make_unique<Ui::MainWindow>()),
      m_context(std::make_unique<Context>(*this)) {
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/assetscope.svg")));
    m_tabs = m_ui->documentTabs;
    m_startPage = m_ui->startPage;
    m_central = m_ui->centralStack;
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::onCurrentTabChanged);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(m_startPage, &StartPage::openFileRequested, this, &MainWindow::openDialog);
    connect(m_startPage, &StartPage::openRecentRequested, this, &MainWindow::openInput);
    connect(m_startPage, &StartPage::openSampleSetRequested, this, [this] {
        QString error;
        if (!openSampleSet(error)) QMessageBox::warning(this, tr("Sample Set"), error);
    });

    createStores();
    createPanes();
    createActions();
    createComparisonActions();
    createNotesActions();
    createHistoryActions();
    createInstallActions();
    connectGameRoots();
    connectNotes();
    setUpFind();

    m_statusText = new QLabel(tr("Open a file (Ctrl+O) or drop one here."), this);
    statusBar()->addWidget(m_statusText, 1);
    m_texelText = new QLabel(this);
    m_texelText->setObjectName(QStringLiteral("texelStatus"));
    m_texelText->hide();
    // A long texel line is cut rather than widening the window; its tooltip holds all of it.
    m_texelText->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addPermanentWidget(m_texelText, 2);
    m_offsetText = new QLabel(this);
    statusBar()->addPermanentWidget(m_offsetText);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0); // busy: parsing reports no fraction
    m_progress->setMaximumWidth(140);
    m_progress->setMaximumHeight(14);
    m_progress->hide();
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(makeConfidenceLegend(this));
    onCurrentTabChanged();
}

MainWindow::~MainWindow() {
    // The panes go before the context they were given: what a pane being torn down still tells
    // it reaches no pane.
    const std::vector<PaneSlot> panes = std::exchange(m_panes, {});
    for (const PaneSlot& slot : panes)
        delete slot.dock;
}

void MainWindow::createStores() {
    m_gameRoots = new GameRoots(this);
    m_looks = new DocumentLooks(*m_gameRoots, this);
    m_notes = new NotesStore(this);
    m_fieldStats = new FieldStatsStore(this);
}

QString MainWindow::absoluteInput(const QString& input) {
    InputPath path = InputPath::parse(input.toStdString());
    if (!path.file.empty())
        path.file = QFileInfo(QString::fromStdString(path.file)).absoluteFilePath().toStdString();
    return QString::fromStdString(path.text());
}

void MainWindow::openInput(const QString& rawInput) {
    if (QFileInfo(rawInput).isDir()) { // a folder: an install's tree
        openInstall(rawInput);
        return;
    }
    const QString input = absoluteInput(rawInput);
    for (int i = 0; i < m_tabs->count(); ++i)
        if (m_tabs->widget(i)->property("input").toString() == input) {
            m_tabs->setCurrentIndex(i);
            return;
        }
    auto* pendingTab = new QLabel(tr("Reading %1…").arg(input), m_tabs);
    pendingTab->setAlignment(Qt::AlignCenter);
    pendingTab->setProperty("input", input);
    const QString name = QString::fromStdString(InputPath::parse(input.toStdString()).lastName());
    const int index = m_tabs->addTab(pendingTab, name);
    m_tabs->setTabToolTip(index, input);
    m_tabs->setCurrentIndex(index);

    ++m_pending;
    m_progress->show();
    m_statusText->setText(tr("Reading %1…").arg(name));
    auto* watcher = new QFutureWatcher<std::shared_ptr<Document>>(this);
    QPointer<QWidget> guard(pendingTab);
    connect(watcher, &QFutureWatcher<std::shared_ptr<Document>>::finished, this, [this, watcher, guard] {
        const std::shared_ptr<Document> document = watcher->result();
        watcher->deleteLater();
        if (guard) onLoaded(guard, document);
        if (--m_pending == 0) {
            m_progress->hide();
            emit loadsFinished();
        }
    });
    watcher->setFuture(QtConcurrent::run(&backgroundThreads(), &loadDocumentWithLooks, input,
                                         previewPane()->modelPlaces(), previewPane()->textureImages(),
                                         m_gameRoots->resolvers(), m_gameRoots->roots()));
}

void MainWindow::onLoaded(QWidget* pendingTab, std::shared_ptr<Document> document) {
    const int index = m_tabs->indexOf(pendingTab);
    if (index < 0) return;
    QWidget* view = nullptr;
    if (!document->ok()) {
        auto* label = new QLabel(tr("<h3>Cannot open %1</h3><p>%2</p>")
                                     .arg(document->input.toHtmlEscaped(), document->error.toHtmlEscaped()),
                                 m_tabs);
        label->setAlignment(Qt::AlignCenter);
        label->setWordWrap(true);
        view = label;
        m_statusText->setText(tr("Cannot open %1: %2").arg(document->displayName, document->error));
    } else if (document->archive) {
        auto* archive = new ArchiveView(document, m_tabs);
        archive->setGameRoots(m_gameRoots);
        connectArchiveView(*archive);
        view = archive;
        addRecent(document->input);
        m_statusText->setText(
            tr("%1: zip archive, %n entries", nullptr, static_cast<int>(document->archive->entries().size()))
                .arg(document->displayName));
    } else {
        auto* docView = new DocumentView(document, m_tabs);
        connect(docView, &DocumentView::currentNodeChanged, this, &MainWindow::onNodeChanged);
        connect(docView, &DocumentView::cursorMoved, this, &MainWindow::onCursorMoved);
        connect(docView, &DocumentView::fieldValuesRequested, this, &MainWindow::askFieldValues);
        connect(docView, &DocumentView::historyChanged, this, &MainWindow::updateHistoryActions);
        applyNotes(*docView);
        connectFind(*docView);
        connect(docView, &DocumentView::treeMenuShown, this,
                [this, docView](QMenu* menu) { addReferenceActions(*docView, *menu); });
        view = docView;
        addRecent(document->input);
        const StructureTree& tree = document->parsed->tree();
        m_statusText->setText(tr("%1: %2, %3 bytes, %4 nodes, %5 errors, %6 warnings, read in %7 s")
                                  .arg(document->displayName, QString::fromUtf8(document->parsed->format()))
                                  .arg(QLocale().toString(static_cast<qulonglong>(document->bytes->size())))
                                  .arg(QLocale().toString(static_cast<qulonglong>(tree.nodeCount())))
                                  .arg(tree.errorCount())
                                  .arg(tree.warningCount())
                                  .arg(document->seconds, 0, 'f', 3));
    }
    view->setProperty("input", document->input);
    const bool wasCurrent = m_tabs->currentIndex() == index;
    m_tabs->blockSignals(true);
    m_tabs->removeTab(index);
    m_tabs->insertTab(index, view,
                      document->displayName.isEmpty() ? m_tabs->tabText(index) : document->displayName);
    m_tabs->setTabToolTip(index, document->input);
    if (wasCurrent) m_tabs->setCurrentIndex(index);
    m_tabs->blockSignals(false);
    pendingTab->deleteLater();
    noteOpenedFormat(*document);
    onCurrentTabChanged();
    if (auto* docView = qobject_cast<DocumentView*>(view)) {
        selectPendingOffset(*docView);
        selectPendingNode(*docView);
    }
}

DocumentView* MainWindow::currentDocumentView() const {
    return qobject_cast<DocumentView*>(m_tabs->currentWidget());
}

ArchiveView* MainWindow::currentArchiveView() const {
    return qobject_cast<ArchiveView*>(m_tabs->currentWidget());
}

const Document* MainWindow::frontDocument() const {
    if (DocumentView* view = currentDocumentView()) return &view->document();
    if (ArchiveView* archive = currentArchiveView()) return &archive->document();
    return nullptr;
}

void MainWindow::onCurrentTabChanged() {
    m_central->setCurrentWidget(m_tabs->count() > 0 ? static_cast<QWidget*>(m_tabs) : m_startPage);
    DocumentView* view = currentDocumentView();
    if (m_connectedView == view && view) return;
    m_connectedView = view;
    const Document* document = frontDocument();
    m_clickedTexel.reset();
    m_texelText->clear();
    m_texelText->hide();
    for (const PaneSlot& slot : m_panes)
        slot.pane->documentChanged(view, document);
    setWindowTitle(document ? QStringLiteral("%1 — assetscope").arg(document->displayName)
                            : QStringLiteral("assetscope"));
    if (view) {
        onNodeChanged(view->currentNode());
        onCursorMoved(view->hexView()->cursorOffset());
    } else {
        m_offsetText->clear();
        if (auto* comparison = qobject_cast<ComparisonView*>(m_tabs->currentWidget())) {
            showComparisonPosition(*comparison);
            comparison->announceFocus();
        }
    }
    updateActions();
}

void MainWindow::onNodeChanged(NodeId node) {
    DocumentView* view = currentDocumentView();
    if (!view || (sender() && sender() != view)) return;
    for (const PaneSlot& slot : m_panes)
        slot.pane->nodeSelected(*view, node);
}

void MainWindow::onTexelHovered(const std::optional<TexelProbe>& probe) {
    // Off the picture, the texel last clicked stays in view.
    const std::optional<TexelProbe>& shown = probe ? probe : m_clickedTexel;
    m_texelText->setText(shown ? shown->statusText() : QString());
    m_texelText->setToolTip(m_texelText->text());
    m_texelText->setVisible(shown.has_value());
    for (const PaneSlot& slot : m_panes)
        slot.pane->texelShown(shown);
}

void MainWindow::onTexelClicked(const TexelProbe& probe) {
    m_clickedTexel = probe;
    // The tree selects the level's node; the hex pane marks just the texel's block, every byte of it.
    if (DocumentView* view = currentDocumentView()) view->jumpToRange(probe.bytes);
    onTexelHovered(probe);
}

CensusDialog* MainWindow::startCensus(const QString& folder) {
    auto* dialog = new CensusDialog(folder, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::onCursorMoved(quint64 offset) {
    DocumentView* view = currentDocumentView();
    if (!view) return;
    for (const PaneSlot& slot : m_panes)
        slot.pane->cursorMoved(*view, offset);
    m_offsetText->setText(offsetText(offset));
}

QString MainWindow::offsetText(quint64 offset) {
    return tr("Offset 0x%1 (%2)").arg(QString::number(offset, 16).toUpper()).arg(offset);
}

void MainWindow::closeTab(int index) {
    QWidget* w = m_tabs->widget(index);
    m_tabs->removeTab(index);
    if (w == m_connectedView) m_connectedView = nullptr;
    delete w;
    onCurrentTabChanged();
}

void MainWindow::selectSomethingInteresting() {
    if (InstallView* install = currentInstallView()) { // an install's tree: a file in a zip
        install->revealSomething();
        return;
    }
    // The first parsed document, when an archive or an error tab is in front.
    for (int i = 0; i < m_tabs->count() && !currentDocumentView(); ++i)
        if (qobject_cast<DocumentView*>(m_tabs->widget(i))) m_tabs->setCurrentIndex(i);
    DocumentView* view = currentDocumentView();
    if (!view || !view->model()) return;
    const StructureTree& tree = view->model()->tree();
    NodeId pick = kNoNode;
    // A documented field inside a mesh, a block or a LOD: the table and the 3D pane show its
    // subject, the docs pane its row.
    const ParsedFile* parsed = view->document().parsed.get();
    for (std::size_t i = 0; i < tree.nodeCount() && i < 20000 && pick == kNoNode && parsed; ++i) {
        const Node& n = tree.node(static_cast<NodeId>(i));
        if (n.kind == NodeKind::Field && n.doc && !parsed->subjectOf(static_cast<NodeId>(i)).none())
            pick = static_cast<NodeId>(i);
    }
    // Else a documented field a few levels down: the panes all have something to say about it.
    for (int wanted : {4, 3})
        for (std::size_t i = 0; i < tree.nodeCount() && pick == kNoNode; ++i) {
            const Node& n = tree.node(static_cast<NodeId>(i));
            int depth = 0;
            for (NodeId at = n.parent; at != kNoNode; at = tree.node(at).parent)
                ++depth;
            if (n.kind == NodeKind::Field && n.doc && depth >= wanted) pick = static_cast<NodeId>(i);
        }
    for (std::size_t i = 0; i < tree.nodeCount() && pick == kNoNode; ++i)
        if (tree.node(static_cast<NodeId>(i)).kind == NodeKind::Field) pick = static_cast<NodeId>(i);
    if (pick != kNoNode) view->selectNode(pick);
}

QStringList MainWindow::recentFiles() const {
    return QSettings().value(QLatin1String(kRecentKey)).toStringList();
}

void MainWindow::addRecent(const QString& input) {
    if (!m_persistent) return;
    QStringList list = recentFiles();
    list.removeAll(input);
    list.prepend(input);
    while (list.size() > kMaxRecent)
        list.removeLast();
    QSettings().setValue(QLatin1String(kRecentKey), list);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList list = recentFiles();
    m_startPage->setRecentFiles(list);
    for (int i = 0; i < list.size(); ++i) {
        const QString input = list[i];
        QAction* a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg((i + 1) % 10).arg(input));
        connect(a, &QAction::triggered, this, [this, input] { openInput(input); });
    }
    m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("Clear Menu"));
    clear->setEnabled(!list.isEmpty());
    connect(clear, &QAction::triggered, this, [this] {
        QSettings().remove(QLatin1String(kRecentKey));
        rebuildRecentMenu();
    });
}

void MainWindow::restoreSettings() {
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    for (const PaneSlot& slot : m_panes)
        slot.pane->restoreSettings(settings);
    m_gameRoots->setRoots(settings.value(QStringLiteral("gameRoots")).toStringList());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_persistent) {
        QSettings settings;
        settings.setValue(QStringLiteral("geometry"), saveGeometry());
        settings.setValue(QStringLiteral("windowState"), saveState());
    }
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) openInput(url.toLocalFile());
    event->acceptProposedAction();
}

bool MainWindow::openSampleSet(QString& error) {
    const QString dir =
        QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/samples");
    std::vector<std::string> written;
    std::string why;
    if (!samples::writeSampleSet(dir.toStdString(), written, why)) {
        error = tr("The sample set could not be written to %1: %2").arg(dir, QString::fromStdString(why));
        return false;
    }
    for (const std::string& input : samples::sampleSetOpening(dir.toStdString()))
        openInput(QString::fromStdString(input));
    return true;
}

} // namespace assetscope::app
