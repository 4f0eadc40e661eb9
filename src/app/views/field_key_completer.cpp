#include "views/field_key_completer.h"

#include "docs/doc_table.h"

#include <QCompleter>
#include <QStringListModel>

namespace assetscope::app {

QCompleter* fieldKeyCompleter(QObject* parent) {
    QStringList keys;
    for (const DocField& f : DocTable::instance().fields())
        keys << QString::fromStdString(f.key);
    keys.removeDuplicates();
    keys.sort();
    auto* completer = new QCompleter(new QStringListModel(keys, parent), parent);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    return completer;
}

} // namespace assetscope::app
