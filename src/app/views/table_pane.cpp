#include "views/table_pane.h"

#include "formats/grub/grub_handler.h"
#include "models/array_table_model.h"
#include "models/bundle_table_model.h"
#include "models/records_table_model.h"
#include "models/structure_model.h"
#include "views/document_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
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
    clearTables(tr("Select an array or something inside a bundle."));
}

QString TablePane::title() const {
    return m_title->text();
}

void TablePane::setDocumentView(DocumentView* view) {
    m_view = view;
    clearTables(tr("Select an array or something inside a bundle."));
    if (view) followNode(view->currentNode());
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

void TablePane::followNode(NodeId id) {
    if (!m_view || !m_view->model() || id == kNoNode) return;
    m_following = true;
    const StructureTree& tree = m_view->model()->tree();
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
    m_following = false;
}

void TablePane::showArray(NodeId array, NodeId selected) {
    const StructureTree& tree = m_view->model()->tree();
    auto* current = qobject_cast<ArrayTableModel*>(m_mainModel);
    if (!current || current->array() != array) {
        clearTables(QString());
        current = new ArrayTableModel(tree, array, this);
        m_mainModel = current;
        m_main->setModel(current);
        connect(m_main->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &TablePane::onMainRowChanged);
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
        m_mainModel = current;
        m_main->setModel(current);
        connect(m_main->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &TablePane::onMainRowChanged);
        m_title->setText(tr("<b>Bundle</b> at 0x%1 (version %2.%3) — %n blob(s)", nullptr,
                            static_cast<int>(bundle->blobs.size()))
                             .arg(QString::number(bundle->offset, 16).toUpper())
                             .arg(bundle->versionMajor)
                             .arg(bundle->versionMinor));
        m_main->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
    }
    int row = -1;
    for (NodeId at = selected; at != kNoNode && row < 0; at = tree.node(at).parent)
        row = current->rowOfNode(at);
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
        m_mainModel = current;
        m_main->setModel(current);
        connect(m_main->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                &TablePane::onMainRowChanged);
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
        m_detail->setModel(nullptr);
        delete m_detailModel;
        m_detailModel = blob ? new MetadataTableModel(blob, this) : nullptr;
        m_detail->setModel(m_detailModel);
        m_detail->setVisible(m_detailModel != nullptr);
        if (m_detailModel)
            m_detail->horizontalHeader()->setSectionResizeMode(MetadataTableModel::ValueColumn,
                                                               QHeaderView::Stretch);
        if (!m_following && blob && m_view)
            m_view->selectNode(blob->recordNode != kNoNode ? blob->recordNode : blob->node);
    } else if (auto* records = qobject_cast<RecordsTableModel*>(m_mainModel)) {
        if (!m_following && m_view && row >= 0) m_view->selectNode(records->rowNode(row));
    } else if (auto* elements = qobject_cast<ArrayTableModel*>(m_mainModel)) {
        if (!m_following && m_view && row >= 0)
            m_view->selectNode(m_view->model()->element(elements->array(), static_cast<std::uint64_t>(row)));
    }
}

} // namespace assetscope::app
