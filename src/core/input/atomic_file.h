#pragma once

#include "bytes/byte_view.h"

#include <filesystem>
#include <functional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace assetscope {

// Every file the program writes goes through here. The bytes go to a temporary file in the same
// folder, which is flushed to disk and renamed over `path`: a crash or a full disk leaves either
// the old file or the new one, never a part of one. False with `error` on any failure; the
// temporary file is then removed, and `path` is as it was.
bool writeFileAtomically(const std::filesystem::path& path, std::string_view bytes, std::string& error);
bool writeFileAtomically(const std::filesystem::path& path, ByteView bytes, std::string& error);
// The pieces one after another, without joining them in memory first (a .glb's header and buffer).
bool writeFileAtomically(const std::filesystem::path& path, std::span<const ByteView> pieces,
                         std::string& error);

// The same, first making the folders above `path` where missing (an output beside others in a new
// folder: the sample set, the notes file, an export's shared PNGs). False with "cannot create
// FOLDER: why" when one cannot be made.
bool writeFileMakingFolders(const std::filesystem::path& path, ByteView bytes, std::string& error);
bool writeFileMakingFolders(const std::filesystem::path& path, std::string_view bytes, std::string& error);

// For a writer that makes the file itself (a zip library, a stream): `write` creates and fills
// the temporary file it is given, which is then flushed and renamed the same way. When `write`
// returns false (setting `error`), whatever it left is removed.
using FileWrite = std::function<bool(const std::filesystem::path& temporary, std::string& error)>;
bool writeFileAtomicallyWith(const std::filesystem::path& path, const FileWrite& write, std::string& error);

// For text streamed out as it is made (a large tree's JSON need not be held in memory): `write`
// fills the stream of the temporary file, written whole or not at all the same way.
bool writeFileAtomicallyStreamed(const std::filesystem::path& path,
                                 const std::function<void(std::ostream&)>& write, std::string& error);

} // namespace assetscope
