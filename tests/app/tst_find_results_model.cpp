// The Find Results pane's Value column: a container's match shows an empty cell (as the structure
// tree does), never JSON's `null`; values read as the structure tree reads them.
#include "models/find_results_model.h"

#include <QTest>

using namespace assetscope;
using namespace assetscope::app;

class TestFindResultsModel : public QObject {
    Q_OBJECT

    static FoundMatch found(Value value, std::string encoding = {}) {
        FoundMatch f;
        f.input = "a.modelbin";
        f.match.path = "bundle/blob_records";
        f.match.value = std::move(value);
        f.match.encoding = std::move(encoding);
        return f;
    }

private slots:
    void containerValueIsAnEmptyCell() {
        FindResultsModel model(false);
        model.setFound({found(std::monostate{}), found(std::uint64_t{13}), found(std::string("62 75"))}, 3);
        QCOMPARE(model.index(0, FindResultsModel::ValueColumn).data().toString(), QString());
        QCOMPARE(model.index(1, FindResultsModel::ValueColumn).data().toString(), QString("13"));
        QCOMPARE(model.index(2, FindResultsModel::ValueColumn).data().toString(), QString("62 75"));
    }

    void textKeepsItsEncoding() {
        QCOMPARE(FindResultsModel::valueText(found(std::string("burG"), "ascii").match),
                 QString("burG (ascii)"));
    }
};

QTEST_MAIN(TestFindResultsModel)
#include "tst_find_results_model.moc"
