#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace assetscope::exporting {

// Assimp 5.2's binary FBX writer leaves out the null record that must close every nested node
// list (it converts the 25 zero bytes to an empty string), so FBX readers — Assimp's own
// included — refuse its files ("block offset is out of range"). This re-serialises the node
// tree with the closing null records and the end offsets moved accordingly, keeps the footer's
// 16-byte alignment, and leaves well-formed files as they are. nullopt when the bytes are not
// a binary FBX it can walk.
std::optional<std::string> repairFbxSentinels(std::string_view file);

} // namespace assetscope::exporting
