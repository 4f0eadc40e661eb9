#pragma once

class QCompleter;
class QObject;

namespace assetscope::app {

// A completer over every documented field's key ("grub/header/blob_count"), matching anywhere in
// the key with case ignored: the field box of the find bar and of Find Across Selection.
QCompleter* fieldKeyCompleter(QObject* parent);

} // namespace assetscope::app
