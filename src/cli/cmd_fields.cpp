#include "cli_support.h"
#include "command.h"

#include "bytes/text_out.h"
#include "docs/doc_table.h"
#include "docs/field_rows_json.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>

namespace assetscope::cli {

namespace {

// The formats the table's rows name, in the table's order.
std::vector<std::string> tableFormats(const DocTable& table) {
    std::vector<std::string> out;
    for (const DocField& f : table.fields())
        if (std::find(out.begin(), out.end(), f.format) == out.end()) out.push_back(f.format);
    return out;
}

// "grub, modelbin, …", for the help and the usage error.
std::string formatList(const DocTable& table) {
    std::string names;
    for (const std::string& name : tableFormats(table))
        names += (names.empty() ? "" : ", ") + name;
    return names;
}

// A cell of the tab-separated text: tabs and line breaks would split the row.
std::string cell(std::string text) {
    std::replace_if(
        text.begin(), text.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    return text;
}

void printText(const std::vector<const DocField*>& rows) {
    TextOut out(std::cout);
    out << "key\tformat\tstructure\toffset\tsize\ttype\tfield\tconfidence\tnote\n";
    for (const DocField* f : rows)
        out << cell(f->key) << '\t' << cell(f->format) << '\t' << cell(f->structure) << '\t'
            << cell(f->offsetText) << '\t' << cell(f->size) << '\t' << cell(f->type) << '\t' << cell(f->field)
            << '\t' << confidenceName(f->confidence) << '\t' << cell(f->note) << '\n';
}

int fields(const std::string& format, bool json) {
    const DocTable& table = DocTable::instance();
    std::vector<const DocField*> rows;
    if (format.empty()) {
        for (const DocField& f : table.fields())
            rows.push_back(&f);
    } else {
        const std::vector<std::string> formats = tableFormats(table);
        if (std::find(formats.begin(), formats.end(), format) == formats.end())
            return usageError("fields: unknown format '" + format + "' (the formats: " + formatList(table) +
                              ")");
        rows = table.fieldsOf(format);
    }
    if (json)
        writeFieldRowsJson(std::cout, rows);
    else
        printText(rows);
    return kExitOk;
}

} // namespace

Run describeFields(CLI::App& sub) {
    struct Arguments {
        bool json = false;
        std::string format;
    };
    auto a = std::make_shared<Arguments>();
    sub.add_flag("--json", a->json, "prints a JSON array of one object per row");
    sub.add_option("FORMAT", a->format,
                   "only the rows of this format: " + formatList(DocTable::instance()) +
                       " (default: every row)");
    return [a] { return fields(a->format, a->json); };
}

} // namespace assetscope::cli
