#include "census/input_walk.h"

#include "input/input_file.h"
#include "open/known_formats.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace assetscope {

namespace {

namespace fs = std::filesystem;
using archive::ZipArchive;
using archive::ZipEntry;

// The endings of every registered format's files: its extensions, and a whole name's extension
// (".bin" of "ManufacturerColors.bin"), so that an entry under any such name is taken as the
// asset it claims to be.
std::vector<std::string> assetEndings() {
    std::vector<std::string> endings;
    for (const KnownFormat& f : knownFormats())
        for (const std::string& word : f.names)
            if (const auto dot = word.rfind('.'); dot != std::string::npos)
                endings.push_back(word.substr(dot));
    return endings;
}

class Walker {
public:
    Walker(const archive::Limits& limits, const std::function<void(InputTask)>& visit,
           std::uint64_t prefetchUpTo)
        : m_limits(limits), m_visit(visit), m_prefetchUpTo(prefetchUpTo), m_assetEndings(assetEndings()) {}

    void top(const std::string& path) {
        if (path.find("::") != std::string::npos) {
            intoArchive(InputPath::parse(path));
            return;
        }
        std::error_code ec;
        const fs::file_status status = fs::status(path, ec); // a symlink named by the user is followed
        if (status.type() == fs::file_type::not_found || (ec && !fs::exists(status))) {
            failed(path,
                   "cannot open: " + std::make_error_code(std::errc::no_such_file_or_directory).message());
        } else if (ec) {
            failed(path, "cannot open: " + ec.message());
        } else if (fs::is_directory(status)) {
            folder(path);
        } else if (fs::is_regular_file(status)) {
            file(path);
        } else {
            failed(path, "not a regular file or folder");
        }
    }

private:
    // A path into an archive: an entry (a file, or a nested zip walked whole), or a folder inside
    // the archive (every entry below it, in archive order). Only the archives on the way are read.
    void intoArchive(const InputPath& at) {
        const std::string text = at.text();
        if (m_limits.maxNestingDepth < 1) {
            failed(text, input::nestingRefusal(1, m_limits.maxNestingDepth));
            return;
        }
        std::string error;
        std::shared_ptr<const ZipArchive> zip = ZipArchive::openFile(at.file, error);
        if (!zip) {
            failed(text, error.starts_with("cannot open") ? error : "not a readable zip: " + error);
            return;
        }
        InputPath here{at.file, {}};
        for (std::size_t level = 0; level < at.entries.size(); ++level) {
            const std::string& name = at.entries[level];
            const bool last = level + 1 == at.entries.size();
            const ZipEntry* entry = nullptr;
            for (const ZipEntry& e : zip->entries())
                if (e.name == name && !e.directory && !e.symlink) {
                    entry = &e;
                    break;
                }
            if (entry) {
                InputPath child = here;
                child.entries.push_back(name);
                if (!entryIsZip(*zip, *entry)) {
                    if (last)
                        m_visit(entryTask(child.text(), zip, *entry));
                    else
                        failed(text, "not an archive: " + child.text());
                    return;
                }
                if (last) {
                    nested(*zip, *entry, child);
                    return;
                }
                if (m_limits.maxNestingDepth < 0 ||
                    child.entries.size() + 1 > static_cast<std::size_t>(m_limits.maxNestingDepth)) {
                    failed(text, input::nestingRefusal(child.entries.size() + 1, m_limits.maxNestingDepth));
                    return;
                }
                std::optional<Bytes> bytes = zip->read(*entry, m_limits, error);
                std::unique_ptr<ZipArchive> inner =
                    bytes ? ZipArchive::open(shareBytes(std::move(*bytes)), error) : nullptr;
                if (!inner) {
                    failed(text, bytes ? "not a readable zip: " + error : error);
                    return;
                }
                zip = std::move(inner);
                here = std::move(child);
                continue;
            }
            if (!last) {
                failed(text, "no such archive in " + here.text() + ": " + name);
                return;
            }
            // A folder inside the archive: the entries whose names lie below it.
            std::string prefix = name;
            while (!prefix.empty() && prefix.back() == '/')
                prefix.pop_back();
            prefix += '/';
            bool any = false;
            for (const ZipEntry& e : zip->entries()) {
                if (!e.name.starts_with(prefix)) continue;
                any = true;
                if (e.directory || e.symlink) continue;
                InputPath child = here;
                child.entries.push_back(e.name);
                if (entryIsZip(*zip, e))
                    nested(*zip, e, child);
                else
                    m_visit(entryTask(child.text(), zip, e));
            }
            if (!any) failed(text, "no such entry or folder in " + here.text() + ": " + name);
        }
    }

    void failed(const std::string& input, const std::string& message) {
        m_visit(InputTask{input, [name = input::lastPathPart(input), message] {
                              LoadedInput result;
                              result.name = name;
                              result.error = message;
                              return result;
                          }});
    }

    // Children sorted by name, depth first: the same order as sorting the whole paths part by part.
    void folder(const fs::path& dir) {
        std::vector<fs::directory_entry> children;
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
            children.push_back(*it);
        if (ec) failed(dir.string(), "cannot read folder: " + ec.message());
        std::sort(children.begin(), children.end(),
                  [](const auto& a, const auto& b) { return a.path().filename() < b.path().filename(); });
        for (const auto& child : children) {
            // symlink_status: links are never followed, so a walk cannot loop or leave the tree.
            const fs::file_status status = child.symlink_status(ec);
            if (ec) continue;
            if (fs::is_directory(status))
                folder(child.path());
            else if (fs::is_regular_file(status))
                file(child.path());
        }
    }

    void file(const fs::path& path) {
        const std::string text = path.string();
        if (input::hasZipExtension(text) || input::fileLooksLikeZip(text)) {
            if (m_limits.maxNestingDepth < 1) {
                failed(text, input::nestingRefusal(1, m_limits.maxNestingDepth));
                return;
            }
            std::string error;
            std::unique_ptr<ZipArchive> zip = ZipArchive::openFile(text, error);
            if (!zip) {
                failed(text, error.starts_with("cannot open") ? error : "not a readable zip: " + error);
                return;
            }
            walkArchive(std::move(zip), InputPath{text, {}});
            return;
        }
        m_visit(InputTask{text, [text, limits = m_limits] { return input::readInputFile(text, limits); }});
    }

    bool entryIsZip(const ZipArchive& zip, const ZipEntry& entry) const {
        if (input::hasZipExtension(entry.name)) return true;
        if (entry.size < 22 || (entry.method != 0 && entry.method != 8)) return false;
        // Asset files are never archives; probing them would inflate each entry twice in a census.
        for (const std::string& ending : m_assetEndings)
            if (entry.name.ends_with(ending)) return false;
        std::string error;
        const std::optional<Bytes> head = zip.readPrefix(entry, 4, error);
        return head && archive::looksLikeZip(*head);
    }

    void walkArchive(std::shared_ptr<const ZipArchive> zip, const InputPath& at) {
        for (const ZipEntry& entry : zip->entries()) {
            // Directories hold nothing; a symlink's data is a target path, not a file of its own.
            if (entry.directory || entry.symlink) continue;
            InputPath child = at;
            child.entries.push_back(entry.name);
            if (entryIsZip(*zip, entry)) {
                nested(*zip, entry, child);
                continue;
            }
            m_visit(entryTask(child.text(), zip, entry));
        }
    }

    // Raw bytes read during the walk, for the task to inflate.
    struct Prefetched {
        std::optional<archive::RawEntry> raw;
        std::string error;
    };

    // The entry by its index, not a copy: a census makes one task per entry. A small entry is
    // copied raw (still deflated) here when asked for: the archive's one libzip handle is then
    // used by the walking thread alone, and the readers only inflate, never waiting for a turn
    // at the handle.
    InputTask entryTask(std::string input, const std::shared_ptr<const ZipArchive>& zip,
                        const ZipEntry& entry) {
        std::shared_ptr<Prefetched> prefetched;
        if (entry.compressedSize <= m_prefetchUpTo) {
            prefetched = std::make_shared<Prefetched>();
            try {
                prefetched->raw = zip->readRaw(entry, m_limits, prefetched->error);
            } catch (const std::exception& e) {
                prefetched->error = std::string("cannot read: ") + e.what();
            }
        }
        return InputTask{std::move(input), [zip, index = entry.index, limits = m_limits, prefetched] {
                             const ZipEntry& listed = zip->entries()[index];
                             LoadedInput result;
                             result.name = input::lastPathPart(listed.name);
                             try {
                                 std::optional<Bytes> bytes;
                                 if (!prefetched)
                                     bytes = zip->read(listed, limits, result.error);
                                 else if (prefetched->raw)
                                     bytes = zip->inflateRaw(*prefetched->raw, result.error);
                                 else
                                     result.error = prefetched->error;
                                 if (bytes) result.bytes = shareBytes(std::move(*bytes));
                             } catch (const std::exception& e) {
                                 result.error = std::string("cannot read: ") + e.what();
                             }
                             return result;
                         }};
    }

    void nested(const ZipArchive& outer, const ZipEntry& entry, const InputPath& at) {
        const std::string text = at.text();
        if (m_limits.maxNestingDepth < 0 ||
            at.entries.size() + 1 > static_cast<std::size_t>(m_limits.maxNestingDepth)) {
            failed(text, input::nestingRefusal(at.entries.size() + 1, m_limits.maxNestingDepth));
            return;
        }
        std::string error;
        std::optional<Bytes> bytes = outer.read(entry, m_limits, error);
        if (!bytes) {
            failed(text, error);
            return;
        }
        std::unique_ptr<ZipArchive> zip = ZipArchive::open(shareBytes(std::move(*bytes)), error);
        if (!zip) {
            failed(text, "not a readable zip: " + error);
            return;
        }
        walkArchive(std::move(zip), at);
    }

    archive::Limits m_limits;
    const std::function<void(InputTask)>& m_visit;
    std::uint64_t m_prefetchUpTo;
    std::vector<std::string> m_assetEndings;
};

} // namespace

void walkInputs(const std::string& path, const archive::Limits& limits,
                const std::function<void(InputTask)>& visit, std::uint64_t prefetchUpTo) {
    Walker(limits, visit, prefetchUpTo).top(path);
}

} // namespace assetscope
