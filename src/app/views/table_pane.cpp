#include "views/table_pane.h"

#include "decode/mesh_source.h"
#include "formats/grub/grub_handler.h"
#include "formats/meshset/meshset_handler.h"
#include "formats/modelbin/model_handler.h"
#include "formats/pgeo/pgeo_handler.h"
#include "models/array_table_model.h"
#include "models/bundle_table_model.h"
#include "models/instance_table_model.h"
#include "models/mesh_triangle_model.h"
#include "models/mesh_vertex_model.h"
#include "models/meshset_tables.h"
#include "models/records_table_model.h"
#include "models/structure_model.h"
#include "views/document_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

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
} // namespace

TablePane::TablePane(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("tableTitle"));
    layout->addWidget(m_title);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    m_main = makeTable(splitter, QStringLiteral("mainTable"));
    m_detail = makeTable(splitter, QStringLiteral("detailTable"));
    splitter->addWidget(m_main);
    splitter->addWidget(m_detail);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    layout->addWidget(splitter, 1);
    clearTables(tr("Select a mesh, a placement block, a LOD or any array to see its rows."));
}

QString TablePane::title() const {
    return m_title->text();
}

void TablePane::setDocumentView(DocumentView* view) {
    m_view = view;
    clearTables(tr("Select a mesh, a placement block, a LOD or any array to see its rows."));
    if (view) followNode(view->currentNode());
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
    const SelectionSubject subject = parsed ? subjectOf(*parsed, tree, id) : SelectionSubject{};
    switch (subject.kind) {
    case SelectionSubject::Kind::ModelMesh:
        showMesh(subject);
        break;
    case SelectionSubject::Kind::PgeoBlock:
        showInstances(subject);
        break;
    case SelectionSubject::Kind::MeshSetLod:
    case SelectionSubject::Kind::MeshSetSection:
        showSections(subject);
        break;
    case SelectionSubject::Kind::None: {
        NodeId array = kNoNode;
        for (NodeId at = id; at != kNoNode; at = tree.node(at).parent)
            if (tree.node(at).decoder != 0) {
                array = at;
                break;
            }
        if (array != kNoNode)
            showArray(array, id);
        else if (!showBundle(id))
            showRecords(id);
        break;
    }
    }
    m_following = false;
}

void TablePane::showMesh(const SelectionSubject& subject) {
    if (m_subject.kind == subject.kind && m_subject.mesh == subject.mesh && m_mainModel) return;
    const auto& model = static_cast<const modelbin::ParsedModel&>(*m_view->document().parsed).model();
    const auto mesh = static_cast<std::size_t>(subject.mesh);
    std::vector<decode::Problem> problems;
    const std::optional<decode::MeshSource> source = decode::resolveMesh(model, mesh, problems);
    const QString name = QString::fromStdString(model.meshes[mesh].name).toHtmlEscaped();
    if (!source) {
        clearTables(tr("<b>Mesh %1</b> %2 cannot be decoded: %3")
                        .arg(subject.mesh)
                        .arg(name, problems.empty()
                                       ? tr("no reason given")
                                       : QString::fromStdString(problems.front().message).toHtmlEscaped()));
        m_subject = subject;
        return;
    }
    clearTables(QString());
    m_subject = subject;
    auto* vertices = new MeshVertexModel(*source, this);
    setMainModel(vertices);
    auto* triangles = new MeshTriangleModel(*source, this);
    setDetailModel(triangles);
    m_title->setText(tr("<b>Mesh %1</b> %2 — %3 vertices (%4 columns) above %5 triangles, decoded as they "
                        "scroll into view")
                         .arg(subject.mesh)
                         .arg(name, QLocale().toString(static_cast<qulonglong>(vertices->vertexCount())))
                         .arg(vertices->columnCount() - 1)
                         .arg(QLocale().toString(static_cast<qulonglong>(triangles->triangleCount()))));
    m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
}

void TablePane::selectTriangle(qint64 triangle) {
    if (m_subject.kind != SelectionSubject::Kind::ModelMesh) return;
    selectRow(m_detail, static_cast<int>(triangle));
}

void TablePane::showInstances(const SelectionSubject& subject) {
    const auto& file = static_cast<const pgeo::ParsedPgeo&>(*m_view->document().parsed).file();
    if (!(m_subject.kind == subject.kind && m_subject.block == subject.block && m_mainModel)) {
        clearTables(QString());
        const auto block = static_cast<std::size_t>(subject.block);
        const pgeo::Block& b = pgeoBlock(file, block);
        setMainModel(new InstanceTableModel(b, subject.block, pgeoFirstInstance(file, block), this));
        const bool listA = block < file.listA.size();
        m_title->setText(tr("<b>%1</b> (list %2, block %3) — %4 instances, decoded as they scroll into view")
                             .arg(QString::fromStdString(b.name).toHtmlEscaped())
                             .arg(listA ? QLatin1Char('A') : QLatin1Char('B'))
                             .arg(listA ? block : block - file.listA.size())
                             .arg(QLocale().toString(static_cast<qulonglong>(b.instances.count()))));
        m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    }
    m_subject = subject;
    if (subject.record >= 0) selectRow(m_main, static_cast<int>(subject.record));
}

void TablePane::showSections(const SelectionSubject& subject) {
    const auto& parsed = static_cast<const meshset::ParsedMeshSet&>(*m_view->document().parsed);
    if (!(m_mainModel &&
          (m_subject.kind == SelectionSubject::Kind::MeshSetLod ||
           m_subject.kind == SelectionSubject::Kind::MeshSetSection) &&
          m_subject.lod == subject.lod)) {
        clearTables(QString());
        const meshset::Lod& lod = parsed.meshSet().lods[static_cast<std::size_t>(subject.lod)];
        setMainModel(new SectionTableModel(lod, subject.lod, this));
        m_title->setText(tr("<b>%1</b> — %n section(s); the current section's vertices below", nullptr,
                            static_cast<int>(lod.sections.size()))
                             .arg(QString::fromStdString(lod.name).toHtmlEscaped()));
        m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    }
    m_subject = subject;
    selectRow(m_main, subject.kind == SelectionSubject::Kind::MeshSetSection ? subject.section : 0);
}

void TablePane::showArray(NodeId array, NodeId selected) {
    const StructureTree& tree = m_view->model()->tree();
    auto* current = qobject_cast<ArrayTableModel*>(m_mainModel);
    if (!current || current->array() != array) {
        clearTables(QString());
        current = new ArrayTableModel(tree, array, this);
        setMainModel(current);
        const Node& a = tree.node(array);
        m_title->setText(
            tr("<b>%1</b> — %2 elements of %3 bytes, %4 columns, decoded as they scroll into view")
                .arg(QString::fromStdString(a.name).toHtmlEscaped(),
                     QLocale().toString(static_cast<qulonglong>(a.count)))
                .arg(a.stride)
                .arg(current->columnCount() - 1));
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

bool TablePane::showBundle(NodeId selected) {
    const auto* parsed = dynamic_cast<const grub::ParsedBundle*>(m_view->document().parsed.get());
    if (!parsed) return false;
    const StructureTree& tree = m_view->model()->tree();
    const grub::Bundle* bundle = bundleHolding(parsed->bundle(), tree, selected);
    auto* current = qobject_cast<BlobTableModel*>(m_mainModel);
    if (!current || current->bundle() != bundle) {
        clearTables(QString());
        current = new BlobTableModel(bundle, this);
        setMainModel(current);
        m_title->setText(tr("<b>Bundle</b> at 0x%1 (version %2.%3) — %n blob(s)", nullptr,
                            static_cast<int>(bundle->blobs.size()))
                             .arg(QString::number(bundle->offset, 16).toUpper())
                             .arg(bundle->versionMajor)
                             .arg(bundle->versionMinor));
        m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    }
    int row = -1;
    for (NodeId at = selected; at != kNoNode && row < 0; at = tree.node(at).parent)
        row = current->rowOfNode(tree, at);
    selectRow(m_main, row);
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
    if (auto* blobs = qobject_cast<BlobTableModel*>(m_mainModel)) {
        const grub::Blob* blob = blobs->blob(row);
        setDetailModel(blob ? new MetadataTableModel(blob, this) : nullptr);
        if (m_detailModel)
            m_detail->horizontalHeader()->setSectionResizeMode(MetadataTableModel::ValueColumn,
                                                               QHeaderView::Stretch);
        if (!m_following && blob && m_view)
            selectFromRow(
                blobs->bundle()->recordsNode != kNoNode
                    ? m_view->model()->element(blobs->bundle()->recordsNode, static_cast<std::uint64_t>(row))
                    : blob->node);
    } else if (auto* records = qobject_cast<RecordsTableModel*>(m_mainModel)) {
        if (!m_following && m_view && row >= 0) selectFromRow(records->rowNode(row));
    } else if (auto* elements = qobject_cast<ArrayTableModel*>(m_mainModel)) {
        if (!m_following && m_view && row >= 0)
            selectFromRow(m_view->model()->element(elements->array(), static_cast<std::uint64_t>(row)));
    } else if (auto* instances = qobject_cast<InstanceTableModel*>(m_mainModel)) {
        if (row < 0) return;
        emit instanceSelected(static_cast<qint64>(instances->firstInstance()) + row);
        if (m_following || !m_view) return;
        const ParsedFile& parsed = *m_view->document().parsed;
        const NodeId array = subjectNode(parsed, m_view->model()->tree(), m_subject);
        if (array != kNoNode) selectFromRow(m_view->model()->element(array, static_cast<std::uint64_t>(row)));
    } else if (auto* sections = qobject_cast<SectionTableModel*>(m_mainModel)) {
        if (row < 0) return;
        const auto& parsed = static_cast<const meshset::ParsedMeshSet&>(*m_view->document().parsed);
        const meshset::Lod& lod = sections->lod();
        const meshset::Section& section = lod.sections[static_cast<std::size_t>(row)];
        // Core decodes the one section (its vertices live in the LOD's chunk or inline data).
        meshset::GeometryError error;
        auto geometry = meshset::decodeSection(
            lod, section, parsed.geometry(static_cast<std::size_t>(sections->lodIndex())), error);
        setDetailModel(geometry ? new SectionVertexModel(std::move(*geometry), this) : nullptr);
        if (!geometry)
            m_title->setText(tr("<b>%1</b> section %2: no vertices (%3)")
                                 .arg(QString::fromStdString(lod.name).toHtmlEscaped())
                                 .arg(row)
                                 .arg(QString::fromStdString(error.message).toHtmlEscaped()));
        emit sectionSelected(sections->lodIndex(), row);
        if (!m_following && m_view && section.node != kNoNode) selectFromRow(section.node);
    }
}

void TablePane::onDetailRowChanged() {
    const int row = m_detail->currentIndex().row();
    if (qobject_cast<MeshTriangleModel*>(m_detailModel) &&
        m_subject.kind == SelectionSubject::Kind::ModelMesh)
        emit triangleSelected(m_subject.mesh, row);
}

} // namespace assetscope::app
