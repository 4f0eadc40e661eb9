#include "notes/format_names.h"

#include "formats/registry.h"
#include "input/input_file.h"

#include <map>

namespace assetscope::notes {

namespace {

void collect(const StructureTree& tree, NodeId id, int depth, FormatNames& names) {
    const Node& n = tree.node(id);
    if (depth == 1) names.top.insert(n.name);
    if (depth >= 1 && !(n.name.starts_with('[') && n.name.ends_with(']'))) names.any.insert(n.name);
    if (n.decoder && n.count > 0) {
        // One element shows the names every element has.
        StructureTree scratch(tree.source());
        tree.decodeElementInto(id, 0, scratch);
        if (scratch.root() != kNoNode) collect(scratch, scratch.root(), depth + 1, names);
        return;
    }
    for (NodeId c : n.children)
        collect(tree, c, depth + 1, names);
}

std::map<std::string, FormatNames, std::less<>> buildNames() {
    std::map<std::string, FormatNames, std::less<>> all;
    const auto handlers = formatHandlers();
    const auto sources = sampleSources();
    for (std::size_t i = 0; i < handlers.size(); ++i) {
        FormatNames& names = all[std::string(handlers[i]->name())];
        names.known = true;
        if (i >= sources.size() || !sources[i]) continue;
        for (const auto& sample : sources[i]()) {
            const std::string fileName = input::lastPathPart(sample.name);
            if (detectFormat(sample.data, fileName) != handlers[i]) continue;
            ParseSettings settings;
            settings.fileName = fileName;
            const auto parsed = handlers[i]->parse(shareBytes(sample.data), settings);
            if (!parsed || parsed->tree().root() == kNoNode) continue;
            names.hasSamples = true;
            collect(parsed->tree(), parsed->tree().root(), 0, names);
        }
    }
    return all;
}

} // namespace

const FormatNames& formatNames(std::string_view format) {
    static const auto all = buildNames();
    static const FormatNames none;
    const auto it = all.find(format);
    return it == all.end() ? none : it->second;
}

std::string knownFormatList() {
    std::string list;
    for (const FormatHandler* h : formatHandlers())
        list += (list.empty() ? "" : ", ") + std::string(h->name());
    return list;
}

} // namespace assetscope::notes
