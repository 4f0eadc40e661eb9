// Across files: census(), stats(), find(), fields(), as the commands' --json give them.

#include "python_module.h"

#include "census/census.h"
#include "census/census_json.h"
#include "census/field_stats.h"
#include "docs/doc_table.h"
#include "docs/field_rows_json.h"
#include "find/find_json.h"
#include "find/find_walk.h"

#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <optional>
#include <sstream>
#include <thread>

namespace assetscope::python {

namespace {

// A path that does not exist stops the walk before it starts, as the command line's
// "no such file or folder".
void checkPaths(const std::vector<std::string>& paths) {
    for (const std::string& path : paths) {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))
            raiseError(ErrorKind::Unreadable, path, "no such file or folder");
    }
}

// Runs `work` on a thread of its own with the GIL released. Every tenth of a second the calling
// thread takes the GIL back to check for Ctrl+C (PyErr_CheckSignals) and to call `progress`
// (done, found, bytes); an exception from either sets `cancel`, waits for the walk to stop handing
// out files, and is raised. `progress` is called once more at the end.
template <typename Work>
auto runWatched(Work&& work, CensusProgress& counts, std::atomic<bool>& cancel, const py::object& progress) {
    using Result = decltype(work());
    std::optional<Result> result;
    std::exception_ptr failure;
    std::optional<py::error_already_set> raised;
    auto report = [&] {
        if (progress.is_none()) return;
        progress(counts.done.load(std::memory_order_relaxed), counts.found.load(std::memory_order_relaxed),
                 counts.bytes.load(std::memory_order_relaxed));
    };
    {
        py::gil_scoped_release release;
        std::mutex mutex;
        std::condition_variable finished;
        bool done = false;
        std::thread worker([&] {
            try {
                result.emplace(work());
            } catch (...) {
                failure = std::current_exception();
            }
            const std::lock_guard lock(mutex);
            done = true;
            finished.notify_all();
        });
        std::unique_lock lock(mutex);
        while (!done) {
            if (finished.wait_for(lock, std::chrono::milliseconds(100), [&] { return done; })) break;
            if (raised) continue; // cancelled: waiting for the walk to stop
            lock.unlock();
            {
                py::gil_scoped_acquire acquire;
                try {
                    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
                    report();
                } catch (py::error_already_set& e) {
                    raised.emplace(std::move(e));
                    cancel.store(true);
                }
            }
            lock.lock();
        }
        lock.unlock();
        worker.join();
    }
    if (raised) throw std::move(*raised);
    if (failure) std::rethrow_exception(failure);
    report();
    return std::move(*result);
}

int jobsOf(int jobs) {
    if (jobs < 1 || jobs > 256)
        raiseError(ErrorKind::Usage, "", "jobs must be 1 to 256, not " + std::to_string(jobs));
    return jobs;
}

py::object census(const py::object& paths, int jobs, const py::object& progress) {
    const std::vector<std::string> inputs = pathList(paths);
    checkPaths(inputs);
    CensusProgress counts;
    std::atomic<bool> cancel{false};
    CensusOptions options;
    options.jobs = jobsOf(jobs);
    options.progress = &counts;
    options.cancel = &cancel;
    const CensusCounts result =
        runWatched([&] { return runCensus(inputs, options); }, counts, cancel, progress);
    std::ostringstream text;
    writeCensusJson(text, result);
    return jsonObject(text.str());
}

py::object stats(const py::object& paths, const py::object& fields, std::size_t top, int jobs,
                 const py::object& progress) {
    std::vector<std::string> keys;
    for (const std::string& key : py::isinstance<py::str>(fields)
                                      ? std::vector<std::string>{fields.cast<std::string>()}
                                      : fields.cast<std::vector<std::string>>())
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    if (keys.empty())
        raiseError(ErrorKind::Usage, "", "stats: give at least one field key (fields() lists them)");
    for (const std::string& key : keys) {
        if (DocTable::instance().find(key)) continue;
        std::string names;
        for (const std::string& near : closestKeys(key))
            names += (names.empty() ? "" : ", ") + near;
        raiseError(ErrorKind::Usage, "",
                   "stats: unknown field key '" + key + "' (closest: " + names +
                       "; `fields` lists them all)");
    }
    const std::vector<std::string> inputs = pathList(paths);
    checkPaths(inputs);
    CensusProgress counts;
    std::atomic<bool> cancel{false};
    FieldStatsOptions options;
    options.jobs = jobsOf(jobs);
    options.top = top;
    options.progress = &counts;
    options.cancel = &cancel;
    const FieldStatsResult result =
        runWatched([&] { return runFieldStats(keys, inputs, options); }, counts, cancel, progress);
    std::ostringstream text;
    writeFieldStatsJson(text, result);
    return jsonObject(text.str());
}

// A value to find as the command line's --value takes it: text as it is, a number as Python
// spells it (an int in decimal, a float by repr).
std::string valueText(const py::object& value) {
    if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "1" : "0";
    if (py::isinstance<py::str>(value)) return value.cast<std::string>();
    return py::repr(value).cast<std::string>();
}

py::object find(const py::object& paths, const py::object& field, const py::object& value,
                const py::object& bytes, const py::object& text, std::size_t max, int jobs,
                const py::object& progress) {
    const bool byValue = !field.is_none() || !value.is_none();
    const int kinds = int(byValue) + int(!bytes.is_none()) + int(!text.is_none());
    if (kinds == 0) raiseError(ErrorKind::Usage, "", "find: give one of field= with value=, bytes= or text=");
    if (kinds > 1)
        raiseError(ErrorKind::Usage, "",
                   "find: field=/value=, bytes= and text= exclude each other: give one");
    FindRequest request;
    if (!bytes.is_none()) {
        std::string pattern;
        if (py::isinstance<py::bytes>(bytes) || py::isinstance<py::bytearray>(bytes)) {
            // Bytes as they are: each byte in hex.
            static const char* digits = "0123456789abcdef";
            for (const char c : py::bytes(bytes).cast<std::string>()) {
                const auto b = static_cast<unsigned char>(c);
                if (!pattern.empty()) pattern += ' ';
                pattern += digits[b >> 4];
                pattern += digits[b & 15];
            }
        } else {
            pattern = bytes.cast<std::string>();
        }
        request = {FindKind::Bytes, pattern, {}};
    } else if (!text.is_none()) {
        request = {FindKind::Text, text.cast<std::string>(), {}};
    } else {
        if (field.is_none())
            raiseError(ErrorKind::Usage, "", "find: value= needs field=KEY (fields() lists the keys)");
        if (value.is_none()) raiseError(ErrorKind::Usage, "", "find: field= needs value=");
        request = {FindKind::Value, valueText(value), field.cast<std::string>()};
    }
    const CompiledFind compiled = compileFind(request);
    if (!compiled.ok()) raiseError(ErrorKind::Usage, "", "find: " + compiled.error);
    const std::vector<std::string> inputs = pathList(paths);
    checkPaths(inputs);
    CensusProgress counts;
    std::atomic<bool> cancel{false};
    FindWalkOptions options;
    options.jobs = jobsOf(jobs);
    options.maxMatches = max;
    options.progress = &counts;
    options.cancel = &cancel;
    const FindWalkResult result =
        runWatched([&] { return runFind(*compiled.query, inputs, options); }, counts, cancel, progress);
    // A file that could not be read leaves the answer incomplete: an error, as the command's.
    if (!result.unreadable.empty()) {
        std::string lines;
        for (const std::string& line : result.unreadable)
            lines += (lines.empty() ? "" : "; ") + line;
        raiseError(ErrorKind::Unreadable, "", lines);
    }
    std::ostringstream out;
    writeFindJson(out, result);
    return jsonObject(out.str());
}

py::object fields(const py::object& format) {
    const DocTable& table = DocTable::instance();
    std::vector<const DocField*> rows;
    if (format.is_none()) {
        for (const DocField& f : table.fields())
            rows.push_back(&f);
    } else {
        const std::string name = format.cast<std::string>();
        std::vector<std::string> formats;
        for (const DocField& f : table.fields())
            if (std::find(formats.begin(), formats.end(), f.format) == formats.end())
                formats.push_back(f.format);
        if (std::find(formats.begin(), formats.end(), name) == formats.end()) {
            std::string names;
            for (const std::string& f : formats)
                names += (names.empty() ? "" : ", ") + f;
            raiseError(ErrorKind::Usage, "",
                       "fields: unknown format '" + name + "' (the formats: " + names + ")");
        }
        rows = table.fieldsOf(name);
    }
    std::ostringstream text;
    writeFieldRowsJson(text, rows);
    return jsonObject(text.str());
}

} // namespace

void defineWalks(py::module_& m) {
    m.def("census", &census, py::arg("paths"), py::kw_only(), py::arg("jobs") = 1,
          py::arg("progress") = py::none(),
          "Strict reading of every supported file under PATHS (a path or a list: files, folders "
          "recursively, archives recursively): the dict `census --json` prints (files, by_format, "
          "the contract's counts, refusals, a format's own counts). JOBS files are read at a time. "
          "PROGRESS, if given, is called as progress(done, found, bytes) a few times a second and "
          "at the end. Ctrl+C stops the walk with KeyboardInterrupt; the GIL is released while it runs.");
    m.def("stats", &stats, py::arg("paths"), py::arg("fields"), py::kw_only(), py::arg("top") = 20,
          py::arg("jobs") = 1, py::arg("progress") = py::none(),
          "Every occurrence of the documented fields FIELDS (a key or a list of keys, as fields() "
          "lists them: 'grub/header/blob_count') in every supported file under PATHS: the dict "
          "`stats --json` prints ({'files': n, 'fields': {KEY: {...}}}), the TOP most frequent "
          "values of each. An unknown key raises UsageError naming the closest. JOBS, PROGRESS "
          "and Ctrl+C as census().");
    m.def("find", &find, py::arg("paths"), py::kw_only(), py::arg("field") = py::none(),
          py::arg("value") = py::none(), py::arg("bytes") = py::none(), py::arg("text") = py::none(),
          py::arg("max") = 1000, py::arg("jobs") = 1, py::arg("progress") = py::none(),
          "Every occurrence under PATHS of a documented field FIELD with value VALUE (numbers as "
          "numbers, floats within 1 ulp of float32, strings with * and ? globs), of a byte pattern "
          "BYTES (hex text '62 75 ?? 47', or a bytes object), or of a TEXT (ASCII and UTF-16LE): "
          "the dict `find --json` prints ({'files', 'matches', 'truncated'}), at most MAX matches "
          "kept. Raises UsageError for a wrong search and UnreadableInputError when a file could "
          "not be read. JOBS, PROGRESS and Ctrl+C as census().");
    m.def("fields", &fields, py::arg("format") = py::none(),
          "The documented-field table as `fields --json` prints it: a list of dicts (key, format, "
          "structure, offset, size, type, field, confidence, note), every row or FORMAT's only.");
}

} // namespace assetscope::python
