#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::resolve {

// The parts of a `Game:\` path below a root (cli-contract.md, "Materials"): `Game:\` or `Game:/`
// (either case) and leading separators dropped, '\\' and '/' both separating, empty and "." parts
// dropped. "Game:\Media\A\b.swatchbin" gives {"Media", "A", "b.swatchbin"}. nullopt and `refusal`
// when the path names nothing, or could name something outside the root or the archive: a ".."
// part, a part holding "::" (an archive level in an INPUT path) or a NUL.
std::optional<std::vector<std::string>> gamePathParts(std::string_view gamePath, std::string& refusal);

// "Game:\" and the parts joined by '\\', the way materials spell their paths.
std::string gamePathText(const std::vector<std::string>& parts);

} // namespace assetscope::resolve
