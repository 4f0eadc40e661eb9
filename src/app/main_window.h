#pragma once

#include "document.h"
#include "export/export_formats.h"
#include "find/find_query.h"
#include "views/texel_probe.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTreeWidget;

namespace Ui {
class MainWindow;
}

namespace assetscope::app {

class ArchiveView;
class CensusDialog;
class ComparisonView;
class DataInspector;
class DocumentPane;
class DocsPane;
class DocumentView;
class FieldStatsStore;
class FieldValuesDialog;
class FindFolderDialog;
class FindResultsPane;
class InstallView;
class PreviewPane;
class BookmarksPane;
class DocumentLooks;
class GameRoots;
class NotesStore;
class StartPage;
class TablePane;
class WhereUsedDialog;

// The inspector window: documents in tabs (structure tree beside hex, or an archive browser),
// docks that follow the current selection (data inspector, documentation, table, 3D preview,
// diagnostics, file info). Inputs load off the UI thread. The window is its panes' one
// DocumentContext (main_window_context.cpp): they ask it and tell it, never one another.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a path or "archive.zip::inner/path"; switches to it when it is open already.
    void openInput(const QString& input);
    int pendingLoads() const { return m_pending; }
    DocumentView* currentDocumentView() const;
    ArchiveView* currentArchiveView() const;
    // File ▸ Open Install… (main_window_install.cpp): a folder (or a zip) as one tree in a tab of
    // its own; switches to it when it is open already.
    InstallView* openInstall(const QString& path);
    InstallView* currentInstallView() const;
    // Ctrl+L: opens what a Game:\ path (or a path below the install) resolves to, as openGamePath
    // does from the tab in front; what it opened, or nullopt after saying why not.
    std::optional<QString> goToGamePath(const QString& gamePath);
    // How every reference the window shows opens (main_window_references.cpp): a `Game:\` path
    // (or a path below the install) resolved by the contract's rule under the installs open in
    // tabs, the game roots, then the root of `from` (the input that names it; empty: the tab in
    // front's); an INPUT path ("a.zip::b.modelbin") as it is; `node`, when given, selected in what
    // it opens (the record a table row was read from). What it opened, or nullopt after saying why
    // not.
    std::optional<QString> openGamePath(const QString& path, const QString& from = QString(),
                                        quint32 node = kNoNode);
    // Find Across Selection (main_window_install.cpp): one find over several inputs (folders,
    // archives, folders inside archives, files); the dialog is returned for tests, nullptr when
    // the request is wrong; it deletes itself when closed.
    FindFolderDialog* startFindAcrossSelection(const FindRequest& request, const QStringList& inputs);
    QTabWidget* tabs() const { return m_tabs; }
    StartPage* startPage() const { return m_startPage; }
    // Writes the sample set (as `make-samples` does) into the user's data folder and opens its
    // archive and a placement cell; false with `error` when it cannot be written.
    bool openSampleSet(QString& error);
    // The panes the window itself and the tests reach by their class (main_window_panes.cpp).
    DocsPane* docsPane() const;
    TablePane* tablePane() const;
    DataInspector* dataInspector() const;
    PreviewPane* previewPane() const;
    // The status bar's line about the texture's texel under the mouse (or last clicked).
    QLabel* texelStatus() const { return m_texelText; }
    QStringList recentFiles() const;

    // The pane with this id ("table", "preview": views/panes.cpp) and its dock, nullptr for none.
    DocumentPane* pane(const QString& id) const;
    QDockWidget* paneDock(const QString& id) const;

    // Picks a documented field in the current document so the panes have something to show.
    void selectSomethingInteresting();
    // Skip QSettings (screenshots, tests): a fixed, reproducible layout.
    void setPersistent(bool on) { m_persistent = on; }
    void restoreSettings();
    // File ▸ Census of a Folder for `folder` (the dialog is returned for tests; it deletes itself
    // when closed).
    CensusDialog* startCensus(const QString& folder);
    // "Values across a folder…" of the documented field `key` under `folder` (the dialog is
    // returned for tests; it deletes itself when closed). Finished runs go to fieldStats().
    FieldValuesDialog* startFieldValues(const QString& key, const QString& folder);
    const FieldStatsStore* fieldStats() const { return m_fieldStats; }
    // Opens an input as openInput does and puts the cursor on `offset` once it is read.
    void openInputAt(const QString& input, quint64 offset);

    static QString absoluteInput(const QString& input);

    // Find (main_window_find.cpp): the Find Results dock, and Find Across Folder… of a request
    // under a folder or in an archive (the dialog is returned for tests, nullptr when the request
    // is wrong; it deletes itself when closed).
    FindResultsPane* findResults() const;
    FindFolderDialog* startFindAcrossFolder(const FindRequest& request, const QString& path);
    // "Where is this used?" of the current document: Find Across Folder pre-filled with the
    // reference that names it, under `path` (empty: ask for a folder). Nullptr when the document
    // is nothing others refer to.
    FindFolderDialog* findWhereUsed(const QString& path = QString());
    // "Where is this used?" of the current texture, material or shader (main_window_where_used.cpp):
    // the files under its install's roots whose Game:\ paths resolve to it. Nullptr when the
    // document is none of these or lies in no install.
    WhereUsedDialog* whereUsedInInstall();
    // Opens an input as openInputAt does, then selects `node` of its tree once it is read.
    void openInputAtNode(const QString& input, quint64 offset, quint32 node);

    // File ▸ Compare With… and the tab menu (main_window_compare.cpp): the current document
    // against another input (read off the UI thread unless it is open), and two documents in a
    // comparison tab of their own (nullptr when either has no structure).
    void compareWith(const QString& input);
    ComparisonView* openComparison(std::shared_ptr<Document> a, std::shared_ptr<Document> b);
    // The tab bar's context menu for tab `index`: "Compare with ▸" the other open documents.
    QMenu* createTabMenu(int index, QWidget* parent);

    // Notes (main_window_notes.cpp): Ctrl+D's bookmark of the selected field, or of the dragged
    // bytes, and a note on the selected field's path in every file of its format; false with
    // `error` when there is nothing to note or the note cannot be saved.
    bool bookmarkSelection(const QString& note, const QColor& colour, QString& error);
    bool notePathOfSelection(const QString& note, const QColor& colour, QString& error);
    bool importNotes(const QString& path, QString& error);
    bool exportNotes(const QString& path, QString& error);
    NotesStore* notesStore() const { return m_notes; }
    BookmarksPane* bookmarksPane() const;
    // Back and forward in the front tab's jumps (main_window_history.cpp).
    QAction* backAction() const { return m_backAction; }
    QAction* forwardAction() const { return m_forwardAction; }

    // Materials (main_window_materials.cpp): the game roots every Game:\ path the window
    // resolves goes through (File ▸ Game Roots…, remembered), the open documents' looks with
    // their chains followed, and opening an input with a node selected once it is read.
    GameRoots* gameRoots() const { return m_gameRoots; }
    DocumentLooks* documentLooks() const { return m_looks; }
    void editGameRoots();
    void openInputAtNode(const QString& input, quint32 node);

signals:
    void loadsFinished();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    class Context; // main_window_context.h

    void createStores();
    // main_window_actions.cpp: the form's actions given their shortcuts, icons and work, menu by menu.
    void createActions();
    void createFileActions();
    void createEditActions();
    void createGoActions();
    // main_window_panes.cpp: a dock for each line of the pane table, placed and sized as it says
    // (a saved layout replaces that: restoreSettings).
    void createPanes();
    void arrangeDocks();
    void sizeDocks();
    void createComparisonActions();
    void connectNotes();
    void createNotesActions();
    void updateNotesActions();
    void applyNotes(DocumentView& view);
    void askBookmark(bool everyFile);
    void createHistoryActions();
    void createInstallActions();
    void connectGameRoots();
    void selectPendingNode(DocumentView& view);
    void connectArchiveView(ArchiveView& view);
    void askFindAcrossSelection(const QStringList& inputs);
    // The trees showing the opened input: its row's format becomes the one its bytes were found to be.
    void noteOpenedFormat(const Document& document);
    // The tree menu's entries for a reference the node names (a Game:\ path, a .pgeo block's model).
    void addReferenceActions(DocumentView& view, QMenu& menu);
    void updateHistoryActions();
    // The comparison in front: where it stands among its differences, in the status bar.
    void showComparisonPosition(ComparisonView& view);
    void onLoaded(QWidget* pendingTab, std::shared_ptr<Document> document);
    void onCurrentTabChanged();
    void onNodeChanged(NodeId node);
    void onCursorMoved(quint64 offset);
    void addRecent(const QString& input);
    void rebuildRecentMenu();
    void updateActions();
    void openDialog();
    void closeTab(int index);
    void goToOffset();
    void saveStructureJson();
    void exportGeometry();
    void exportTexture();
    void runExportDialog(exporting::ExportKind kind);
    void exportArchiveEntries();
    void exportPlacedScene(); // main_window_scene.cpp
    void showAbout();
    void censusOfFolder();
    void askFieldValues(const QString& key);
    void setUpFind();
    void connectFind(DocumentView& view);
    void askFindAcrossFolder(const FindRequest& request, bool archive);
    // The Edit menu's and the tree's "Where Is This Used?": whereUsedInInstall for a texture, a
    // material or a shader, else findWhereUsed.
    void whereIsThisUsed();
    // The folder holding the current document (its archive's, for an entry), for the pickers.
    QString currentFolder() const;
    void selectPendingOffset(DocumentView& view);
    // "Offset 0x1A (26)", as the status bar shows the hex cursor.
    static QString offsetText(quint64 offset);
    // A texel of the texture pane: hovered (nullopt: the mouse left the picture) or clicked.
    void onTexelHovered(const std::optional<TexelProbe>& probe);
    void onTexelClicked(const TexelProbe& probe);
    // The document the tab in front shows (an archive too), or nullptr.
    const Document* frontDocument() const;

    std::unique_ptr<Ui::MainWindow> m_ui; // ui/main_window.ui
    std::unique_ptr<Context> m_context;
    QStackedWidget* m_central = nullptr; // the start page while no tab is open, else the tabs
    StartPage* m_startPage = nullptr;
    QTabWidget* m_tabs = nullptr;
    // Every pane in a dock, by its id: told of the document, its selection and its cursor.
    struct PaneSlot {
        QString id;
        DocumentPane* pane = nullptr;
        QDockWidget* dock = nullptr;
    };
    std::vector<PaneSlot> m_panes;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_statusText = nullptr;
    QLabel* m_offsetText = nullptr;
    QLabel* m_texelText = nullptr;
    std::optional<TexelProbe> m_clickedTexel;
    QPointer<DocumentView> m_connectedView;
    FieldStatsStore* m_fieldStats = nullptr;
    QHash<QString, quint64> m_pendingOffsets; // openInputAt's, by input, until it is read
    QHash<QString, quint32> m_pendingNodes;   // openInputAtNode's, by input, until it is read
    GameRoots* m_gameRoots = nullptr;
    DocumentLooks* m_looks = nullptr;
    int m_pending = 0;
    bool m_persistent = true;
    NotesStore* m_notes = nullptr;
    QAction* m_bookmarkAction = nullptr;
    QAction* m_pathNoteAction = nullptr;
    QAction* m_importNotesAction = nullptr;
    QAction* m_exportNotesAction = nullptr;
    QAction* m_backAction = nullptr;
    QAction* m_forwardAction = nullptr;
};

} // namespace assetscope::app
