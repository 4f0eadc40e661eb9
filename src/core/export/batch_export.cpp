#include "export/batch_export.h"

#include "census/census.h"
#include "census/parallel_walk.h"
#include "export/placed_scene.h"
#include "export/scene_writer.h"
#include "export/staged_output.h"
#include "export/texture_writer.h"
#include "input/input_file.h"
#include "input/input_path.h"
#include "open/open_input.h"

#include <map>
#include <mutex>
#include <system_error>

namespace assetscope::exporting {

namespace fs = std::filesystem;

namespace {

// One batch's looks: every texture decoded once, encoded once, and written once into the output
// folder's texture folder.
struct BatchLooks {
    BatchLooks(const BatchOptions& options, const fs::path& outDir)
        : looks(options.looks, options.limits), images(outDir / kBatchTextureFolder) {}
    ExportLooks looks;
    MaterialImages images;
};

// What one file gave: the files written, or why it was skipped.
struct Outcome {
    bool claimed = false; // a format read it
    std::vector<fs::path> written;
    std::vector<std::string> notes;
    std::vector<BatchSkip> skipped;
};

using StagedWrite = std::function<bool(const fs::path&, std::vector<fs::path>&, std::string&)>;

// Writes through writeStaged; a failure is the file's skip, under `rule`.
void writeOne(const std::string& input, const fs::path& out, const StagedWrite& write, Outcome& outcome,
              const char* rule = kWriteFailedRule) {
    std::string error;
    if (!writeStaged(out, write, outcome.written, error)) outcome.skipped.push_back({input, rule, error});
}

// Textures as the single export writes them: PNG unless the texture is one a PNG cannot hold
// (a tiled one), then DDS, which keeps the stored bytes.
void exportTexture(const std::string& root, const std::string& input, const ParsedFile& file,
                   const TextureDescription& texture, const fs::path& outDir, const BatchOptions& options,
                   Outcome& outcome) {
    Format format = options.textureFormat.value_or(Format::Png);
    if (!options.textureFormat && textureRefusal(texture, Format::Png, {})) format = Format::Dds;
    if (const auto why = textureRefusal(texture, format, {})) {
        outcome.skipped.push_back({input, kUnexportableRule, *why});
        return;
    }
    writeOne(
        input, outDir / batchOutputPath(root, input, format),
        [&](const fs::path& staged, std::vector<fs::path>& written, std::string& error) {
            TextureWriteReport report;
            if (!writeTexture(texture, file.tree().bytes(), format, {}, staged, error, &report)) return false;
            written = report.files;
            for (const auto& note : report.notes)
                outcome.notes.push_back(input + ": note: " + note);
            return true;
        },
        outcome);
}

void exportGeometry(const std::string& root, const std::string& input, const ParsedFile& file,
                    const fs::path& outDir, const BatchOptions& options, BatchLooks& looks,
                    Outcome& outcome) {
    const Format format = options.sceneFormat;
    const fs::path out = outDir / batchOutputPath(root, input, format);
    std::string reason;
    if (auto scene = file.exportScene(options.selection, reason)) {
        for (const auto& note : looks.looks.apply(*scene, file, input))
            outcome.notes.push_back(input + ": note: " + note);
        writeOne(
            input, out,
            [&](const fs::path& staged, std::vector<fs::path>& written, std::string& error) {
                WriteReport report;
                if (!writeScene(*scene, format, staged, error, &report, {&looks.images, out.parent_path()}))
                    return false;
                written = report.files;
                for (const auto& w : report.warnings)
                    outcome.notes.push_back(input + ": warning: " + w);
                return true;
            },
            outcome);
        return;
    }
    // A file that places models exports as the scene it places, with the models found beside it
    // and under the batch's model places.
    if (file.placements(options.selection, false)) {
        writeOne(
            input, out,
            [&](const fs::path& staged, std::vector<fs::path>& written, std::string& error) {
                SceneExportOptions scene;
                scene.season = options.selection.season;
                scene.lod = options.selection.lod;
                scene.modelPlaces = options.modelPlaces;
                scene.format = format;
                scene.instancing = options.instancing;
                scene.looks = options.looks;
                scene.sharedLooks = &looks.looks;
                scene.images = {&looks.images, out.parent_path()};
                SceneExportResult result = exportPlacedScene({input}, scene, staged);
                // A scene's notes name the file they are about, which here is always `input`.
                const std::string lead = input + ": ";
                for (const auto& note : result.notes)
                    outcome.notes.push_back(
                        lead + "note: " + (note.starts_with(lead) ? note.substr(lead.size()) : note));
                if (!result.ok) error = result.error;
                written = std::move(result.files);
                return result.ok;
            },
            outcome);
        return;
    }
    outcome.skipped.push_back({input, kUnexportableRule, reason.empty() ? "nothing to export" : reason});
}

Outcome exportOne(const std::string& root, const InputTask& task, const fs::path& outDir,
                  const BatchOptions& options, BatchLooks& looks) {
    Outcome outcome;
    const LoadedInput loaded = task.load();
    if (!loaded.ok()) {
        outcome.skipped.push_back({task.input, "input.unreadable", loaded.error});
        return outcome;
    }
    if (options.progress && loaded.bytes)
        options.progress->bytes.fetch_add(loaded.bytes->size(), std::memory_order_relaxed);
    // Nodes recorded as the single export records them, so both write the same bytes.
    const OpenedInput opened = openLoaded(task.input, loaded, ParseSettings{}, options.limits);
    if (!opened.parsed) return outcome; // files no format claims are not the batch's business
    outcome.claimed = true;
    const ParsedFile& file = *opened.parsed;
    for (const auto& d : file.tree().diagnostics())
        if (d.diagnostic.severity == Severity::Error)
            outcome.skipped.push_back({task.input, d.diagnostic.rule, d.diagnostic.message});
    if (!outcome.skipped.empty()) return outcome;
    if (const auto texture = file.texture())
        exportTexture(root, task.input, file, *texture, outDir, options, outcome);
    else
        exportGeometry(root, task.input, file, outDir, options, looks, outcome);
    return outcome;
}

void addOutcome(BatchResult& result, Outcome&& outcome) {
    if (outcome.claimed) ++result.files;
    if (!outcome.written.empty()) ++result.exported;
    if (!outcome.skipped.empty()) ++result.skippedFiles;
    for (auto& w : outcome.written)
        result.written.push_back(std::move(w));
    for (auto& n : outcome.notes)
        result.notes.push_back(std::move(n));
    for (auto& s : outcome.skipped)
        result.skipped.push_back(std::move(s));
}

bool cancelled(const BatchOptions& options) {
    return options.cancel && options.cancel->load(std::memory_order_relaxed);
}

// A path into an archive is one file: the walk only starts from files and folders.
void exportArchivePath(const std::string& path, const fs::path& outDir, const BatchOptions& options,
                       BatchLooks& looks, BatchResult& result) {
    if (options.progress) options.progress->found.fetch_add(1, std::memory_order_relaxed);
    const InputTask task{path, [&] { return loadInput(path, options.limits); }};
    addOutcome(result, exportOne(path, task, outDir, options, looks));
    if (options.progress) options.progress->done.fetch_add(1, std::memory_order_relaxed);
}

void exportTree(const std::string& root, const fs::path& outDir, const BatchOptions& options,
                BatchLooks& looks, BatchResult& result) {
    std::mutex mutex;
    std::map<std::uint64_t, Outcome> outcomes; // by walk order, whichever worker finished first
    const WalkSettings settings{options.jobs, options.limits, options.progress, options.cancel};
    walkInParallel({root}, settings, [&](const InputTask& task, std::uint64_t serial, std::size_t) {
        // An output folder inside the walked one: its staging folders come and go as the batch runs.
        if (inStagingFolder(InputPath::parse(task.input).file)) return;
        Outcome outcome = exportOne(root, task, outDir, options, looks);
        const std::lock_guard lock(mutex);
        outcomes.emplace(serial, std::move(outcome));
    });
    for (auto& [serial, outcome] : outcomes)
        addOutcome(result, std::move(outcome));
}

// "a.zip::b/c" as "a.zip/b/c": each archive level becomes a folder.
std::string withSlashes(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.substr(i, 2) == "::") {
            out += '/';
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

} // namespace

bool isBatch(const std::vector<std::string>& paths) {
    if (paths.size() != 1) return true;
    const std::string& path = paths.front();
    if (path.find("::") != std::string::npos) return false;
    std::error_code ec;
    if (fs::is_directory(path, ec)) return true;
    return input::hasZipExtension(path) || input::fileLooksLikeZip(path);
}

fs::path batchOutputPath(const std::string& root, const std::string& input, Format format) {
    std::string below;
    if (input != root && input.starts_with(root))
        below = withSlashes(std::string_view(input).substr(root.size()));
    // A path into an archive named itself: its path inside the innermost archive, so that two
    // entries of one name in different folders stay apart.
    if (below.empty() && input.rfind("::") != std::string::npos) below = input.substr(input.rfind("::") + 2);
    if (below.empty()) below = input::lastPathPart(input);
    fs::path out;
    std::string part;
    const auto addPart = [&] {
        if (part == "..")
            out /= "__";
        else if (!part.empty() && part != ".")
            out /= part;
        part.clear();
    };
    for (const char c : below) {
        if (c == '/' || c == '\\')
            addPart();
        else
            part += c;
    }
    addPart();
    if (out.empty()) out = "_";
    out += std::string_view(".");
    out += formatName(format);
    return out;
}

BatchResult exportBatch(const std::vector<std::string>& paths, const fs::path& outDir,
                        const BatchOptions& options) {
    BatchResult result;
    BatchLooks looks(options, outDir);
    for (const std::string& path : paths) {
        if (cancelled(options)) break;
        if (path.find("::") != std::string::npos)
            exportArchivePath(path, outDir, options, looks, result);
        else
            exportTree(path, outDir, options, looks, result);
    }
    result.cancelled = cancelled(options);
    for (auto& f : looks.images.sharedFiles())
        result.written.push_back(std::move(f));
    result.texturesDecoded = looks.looks.decoded();
    result.imagesEncoded = looks.images.encoded();
    result.imageFilesWritten = looks.images.filesWritten();
    result.linkFilesRead = looks.looks.linkFilesRead();
    return result;
}

} // namespace assetscope::exporting
