#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace assetscope::resolve {

// The root an INPUT lies under (cli-contract.md, "Materials"): the folder holding the nearest
// folder named `media` (any case) above the input's file, or, for an archive entry, above the
// archive; an archive named `media.zip` is itself the root's media. "ROOT/media/cars/a.modelbin",
// "ROOT/Media/Cars.zip::a/b.modelbin" and "ROOT/media.zip::cars/a.modelbin" all give "ROOT"; a
// relative input directly under `media` gives ".". nullopt outside an install. Looks at the
// path's text only.
std::optional<std::string> rootOf(std::string_view input);

// The roots to resolve under: those given, in order, then the input's own (rootOf) unless given.
std::vector<std::string> rootsFor(std::vector<std::string> given, std::string_view input);

// The `Game:\` path that names `input` under `root`, the resolution rule backwards: the file's
// path below the root, and for an entry of a zip, the zip's path without ".zip" followed by the
// entry's name. "ROOT/Media/A/b.zip::c.swatchbin" under "ROOT" gives "Game:\Media\A\b\c.swatchbin".
// nullopt when the input is not below the root, is an archive nested in an archive, or an entry
// whose name is hostile (archive::isUnsafeEntryName, or a backslash) or a directory. It is the
// path's name, not a proof that resolving it gives the input back: a loose file shadows a zip's
// entry of the same path. Looks at the path's text only (and the current folder, to compare a
// relative path with an absolute one).
std::optional<std::string> gamePathOf(std::string_view input, std::string_view root);
// The same under the input's own root; nullopt outside an install.
std::optional<std::string> gamePathOf(std::string_view input);

} // namespace assetscope::resolve
