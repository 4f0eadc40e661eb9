#include "views/table_pane.h"

#include "contract/element_table.h"
#include "document.h"
#include "input/input_path.h"
#include "models/records_table_model.h"
#include "models/source_table_model.h"
#include "models/structure_model.h"
#include "models/texture_levels_table.h"
#include "views/document_context.h"
#include "views/document_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPointer>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace assetscope::app {

namespace {
QTableView* makeTable(QWidget* parent, const QString& name) {
    auto* table = new QTableView(parent);
    table->setObjectName(name);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    // Fixed row heights keep a million-row table from measuring every row.
    table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setHighlightSections(false);
    // Column widths from a sample of rows: measuring a thousand decoded rows per column took a
    // third of a second on a 100,000-record block.
    table->horizontalHeader()->setResizeContentsPrecision(64);
    return table;
}
// Columns as wide as their cells; a last column of text (a metadata value, why a section has
// no vertices) takes the rest of the width.
void fitColumns(QTableView* table) {
    auto* model = qobject_cast<SourceTableModel*>(table->model());
    if (!model) return;
    const auto& columns = model->source().columns();
    table->horizontalHeader()->setStretchLastSection(!columns.empty() &&
                                                     columns.back().type == ColumnType::Text);
    table->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
}
} // namespace

TablePane::TablePane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("tableTitle"));
    m_title->setWordWrap(true); // a look's title names its roots, which may be long
    layout->addWidget(m_title);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_main = makeTable(m_splitter, QStringLiteral("mainTable"));
    m_detail = makeTable(m_splitter, QStringLiteral("detailTable"));
    m_splitter->addWidget(m_main);
    m_splitter->addWidget(m_detail);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    layout->addWidget(m_splitter, 1);
    // Enter or a double-click on a look's row goes where the row leads.
    connect(m_main, &QTableView::activated, this,
            [this](const QModelIndex& index) { onLookRowActivated(m_main, index.row()); });
    connect(m_detail, &QTableView::activated, this,
            [this](const QModelIndex& index) { onLookRowActivated(m_detail, index.row()); });
    clearTables(tr("Select a mesh, a placement block, a LOD or any array to see its rows."));
}

void TablePane::attached(DocumentContext& context) {
    setLooks(&context.looks());
    // A row names another file (resolved through the roots already): it opens as every reference
    // does, with the record the row was read from selected.
    connect(this, &TablePane::openRequested, this,
            [&context](const QString& input, quint32 node) { context.openReference(input, node); });
    connect(this, &TablePane::instanceSelected, this, [this, &context](qint64 instance) {
        context.mark({{RowMark::Kind::Instance, static_cast<std::uint64_t>(instance)}, {}}, this);
    });
    connect(
        this, &TablePane::triangleSelected, this, [this, &context](const Subject& subject, qint64 triangle) {
            context.mark({{RowMark::Kind::Triangle, static_cast<std::uint64_t>(triangle)}, subject}, this);
        });
    m_main->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_main, &QTableView::customContextMenuRequested, this, &TablePane::showInstanceMenu);
}

void TablePane::marked(const PaneMark& mark) {
    selectMark(mark.row);
}

void TablePane::showInstanceMenu(const QPoint& pos) {
    auto* model = qobject_cast<SourceTableModel*>(m_main->model());
    const QModelIndex at = m_main->indexAt(pos);
    if (!m_view || !context() || !model || !at.isValid() || !m_view->document().placements) return;
    const RowMark mark = model->source().rowMark(static_cast<std::uint64_t>(at.row()));
    if (mark.kind != RowMark::Kind::Instance) return;
    const Placements& placements = *m_view->document().placements;
    const InstanceGroup* group = placements.groupOf(mark.index);
    if (!group) return;
    QString why;
    const QString input =
        groupModelInput(m_view->document(), static_cast<std::size_t>(group - placements.groups.data()), why);
    QMenu menu(m_main);
    QAction* open = menu.addAction(
        input.isEmpty() ? tr("Model of %1: %2").arg(QString::fromStdString(group->name), why)
                        : tr("Open Model %1")
                              .arg(QString::fromStdString(InputPath::parse(input.toStdString()).lastName())));
    open->setEnabled(!input.isEmpty());
    if (menu.exec(m_main->viewport()->mapToGlobal(pos)) == open) context()->openReference(input, kNoNode);
}

QString TablePane::title() const {
    return m_title->text();
}

void TablePane::setDocumentView(DocumentView* view) {
    m_view = view;
    clearTables(tr("Select a mesh, a placement block, a LOD or any array to see its rows."));
    if (!view || !view->model()) return;
    // A texture's mip chain, and a material's or shader's look, are there from the start, before
    // anything is selected.
    NodeId current = view->currentNode();
    if (current == kNoNode && (view->document().texture || showLook(kNoNode))) current = 0;
    followNode(current);
}

void TablePane::setMainModel(QAbstractTableModel* model) {
    m_mainModel = model;
    m_main->setModel(model);
    if (model)
        connect(m_main->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &TablePane::onMainRowChanged);
}

void TablePane::setDetailModel(QAbstractTableModel* model) {
    QItemSelectionModel* selection = m_detail->selectionModel();
    m_detail->setModel(nullptr);
    delete selection;
    delete m_detailModel;
    m_detailModel = model;
    m_detail->setModel(model);
    m_detail->setVisible(model != nullptr);
    if (model)
        connect(m_detail->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &TablePane::onDetailRowChanged);
}

void TablePane::clearTables(const QString& message) {
    for (QTableView* table : {m_main, m_detail}) {
        QItemSelectionModel* selection = table->selectionModel();
        table->setModel(nullptr);
        delete selection;
    }
    delete m_mainModel;
    delete m_detailModel;
    m_mainModel = nullptr;
    m_detailModel = nullptr;
    m_subject = {};
    m_array = kNoNode;
    m_levels = nullptr;
    m_look = -1;
    m_lookReady = false;
    m_lookParameters = nullptr;
    m_lookLinks = nullptr;
    m_detailPerRow = false;
    m_detail->hide();
    m_title->setText(message);
}

void TablePane::selectRow(QTableView* table, int row) {
    if (!table->model() || row < 0 || row >= table->model()->rowCount()) return;
    const QModelIndex index = table->model()->index(row, 0);
    table->selectionModel()->setCurrentIndex(index,
                                             QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table->scrollTo(index);
}

void TablePane::selectFromRow(NodeId node) {
    m_inRowChange = true;
    m_view->selectNode(node);
    m_inRowChange = false;
}

void TablePane::followNode(NodeId id) {
    if (!m_view || !m_view->model() || id == kNoNode) return;
    if (m_inRowChange) {
        // Called back from our own table's row change: following may replace that table's model,
        // which must not be deleted while its view is still inside the selection change.
        QPointer<DocumentView> view(m_view);
        QMetaObject::invokeMethod(
            this,
            [this, view, id] {
                if (view && view == m_view) followNode(id);
            },
            Qt::QueuedConnection);
        return;
    }
    m_following = true;
    const StructureTree& tree = m_view->model()->tree();
    const ParsedFile* parsed = m_view->document().parsed.get();
    const Subject subject = parsed ? parsed->subjectOf(id) : Subject{};
    if (!showLook(id) && (subject.none() || !showSubject(subject)) && !showTextureLevels(id)) {
        NodeId array = kNoNode;
        for (NodeId at = id; at != kNoNode; at = tree.node(at).parent)
            if (tree.node(at).decoder != 0) {
                array = at;
                break;
            }
        if (array != kNoNode)
            showArray(array, id);
        else
            showRecords(id);
    }
    m_following = false;
}

bool TablePane::showSubject(const Subject& subject) {
    // m_subject is set only while its tables (or why it has none) are shown.
    if (!m_subject.sameTable(subject)) {
        SubjectTables tables = m_view->document().parsed->tables(subject);
        if (tables.empty()) return false;
        clearTables(QString());
        const QString heading = QString::fromStdString(tables.heading).toHtmlEscaped();
        m_subject = subject;
        if (!tables.main) {
            m_title->setText(tr("<b>%1</b> cannot be decoded: %2")
                                 .arg(heading, QString::fromStdString(tables.problem).toHtmlEscaped()));
            return true;
        }
        setMainModel(new SourceTableModel(std::move(tables.main), this));
        m_detailPerRow = !tables.detail;
        if (tables.detail) setDetailModel(new SourceTableModel(std::move(tables.detail), this));
        fitColumns(m_detail);
        m_title->setText(tr("<b>%1</b> — %2, decoded as they scroll into view")
                             .arg(heading, QString::fromStdString(tables.summary).toHtmlEscaped()));
        m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    }
    m_subject = subject;
    if (subject.row >= 0) selectRow(m_main, static_cast<int>(subject.row));
    return true;
}

void TablePane::selectMark(const RowMark& mark) {
    for (QTableView* table : {m_main, m_detail}) {
        auto* model = qobject_cast<SourceTableModel*>(table->model());
        if (!model || model->source().rowCount() == 0) continue;
        const RowMark first = model->source().rowMark(0);
        if (first.kind != mark.kind || mark.index < first.index) continue;
        selectRow(table, static_cast<int>(std::min<std::uint64_t>(mark.index - first.index, INT_MAX)));
        return;
    }
}

void TablePane::announceMark(const RowMark& mark) {
    if (mark.kind == RowMark::Kind::Instance) emit instanceSelected(static_cast<qint64>(mark.index));
    if (mark.kind == RowMark::Kind::Triangle)
        emit triangleSelected(m_subject, static_cast<qint64>(mark.index));
}

void TablePane::showArray(NodeId array, NodeId selected) {
    const StructureTree& tree = m_view->model()->tree();
    if (m_array != array || !m_mainModel) {
        clearTables(QString());
        auto* elements = new SourceTableModel(elementTable(tree, array), this);
        setMainModel(elements);
        m_array = array;
        const Node& a = tree.node(array);
        m_title->setText(
            tr("<b>%1</b> — %2 elements of %3 bytes, %4 columns, decoded as they scroll into view")
                .arg(QString::fromStdString(a.name).toHtmlEscaped(),
                     QLocale().toString(static_cast<qulonglong>(a.count)))
                .arg(a.stride)
                .arg(elements->columnCount() - 1));
        m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    }
    // The element holding the selection: the ancestor right below the array.
    NodeId element = selected;
    while (element != kNoNode && tree.node(element).parent != array)
        element = tree.node(element).parent;
    if (element != kNoNode) {
        const Node& a = tree.node(array);
        const Node& e = tree.node(element);
        if (a.stride) selectRow(m_main, static_cast<int>((e.offset - a.offset) / a.stride));
    }
}

bool TablePane::showTextureLevels(NodeId selected) {
    const std::optional<TextureDescription>& texture = m_view->document().texture;
    const StructureTree& tree = m_view->model()->tree();
    if (!texture) return false;
    const Node& n = tree.node(selected);
    const bool inData =
        n.offset < texture->dataOffset + texture->dataSize && n.offset + n.size > texture->dataOffset;
    if (n.parent != kNoNode && !inData) return false;
    if (!m_levels) {
        clearTables(QString());
        auto levels = std::make_unique<TextureLevelsTable>(*texture, tree);
        m_levels = levels.get();
        setMainModel(new SourceTableModel(std::move(levels), this));
        const QString encoding = QString::fromStdString(texture->encodingText).toHtmlEscaped();
        if (texture->tiled)
            m_title->setText(tr("<b>Texture</b> — %1, stored tiled: %2")
                                 .arg(encoding, QString::fromStdString(texture->tiledNote).toHtmlEscaped()));
        else
            m_title->setText(tr("<b>Mip chain</b> — %1, %2 × %3: %4 of %5 levels stored whole")
                                 .arg(encoding)
                                 .arg(texture->width)
                                 .arg(texture->height)
                                 .arg(texture->levels.size())
                                 .arg(static_cast<qulonglong>(texture->mips) * texture->slices));
        m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    }
    const int row = m_levels->rowStoredAt(n.offset, n.size);
    if (row >= 0) selectRow(m_main, row);
    return true;
}

void TablePane::showRecords(NodeId selected) {
    const StructureTree& tree = m_view->model()->tree();
    const NodeId container = RecordsTableModel::containerFor(tree, selected);
    if (container == kNoNode) {
        clearTables(tr("No table for this node."));
        return;
    }
    auto* current = qobject_cast<RecordsTableModel*>(m_mainModel);
    if (!current || current->container() != container) {
        clearTables(QString());
        current = new RecordsTableModel(tree, container, this);
        setMainModel(current);
        m_title->setText(tr("<b>%1</b> — %n row(s)%2", nullptr, current->rowCount())
                             .arg(QString::fromStdString(tree.node(container).name).toHtmlEscaped(),
                                  current->recordLayout() ? tr(", one column per field") : QString()));
        m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    }
    selectRow(m_main, current->rowOf(selected));
}

void TablePane::onMainRowChanged() {
    const int row = m_main->currentIndex().row();
    if (auto* source = qobject_cast<SourceTableModel*>(m_mainModel)) {
        if (row < 0) return;
        const auto r = static_cast<std::uint64_t>(row);
        if (m_detailPerRow) {
            std::unique_ptr<TableSource> detail = source->source().detailOf(r);
            setDetailModel(detail ? new SourceTableModel(std::move(detail), this) : nullptr);
            fitColumns(m_detail);
        }
        announceMark(source->source().rowMark(r));
        if (m_following || !m_view) return;
        const RowNode node = source->source().rowNode(r);
        if (node.node != kNoNode)
            selectFromRow(node.element ? m_view->model()->element(node.node, *node.element) : node.node);
    } else if (auto* records = qobject_cast<RecordsTableModel*>(m_mainModel)) {
        if (!m_following && m_view && row >= 0) selectFromRow(records->rowNode(row));
    }
}

void TablePane::onDetailRowChanged() {
    const int row = m_detail->currentIndex().row();
    if (auto* source = qobject_cast<SourceTableModel*>(m_detailModel); source && row >= 0)
        announceMark(source->source().rowMark(static_cast<std::uint64_t>(row)));
}

} // namespace assetscope::app
