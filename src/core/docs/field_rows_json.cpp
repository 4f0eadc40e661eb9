#include "docs/field_rows_json.h"

#include "bytes/text_out.h"

namespace assetscope {

void writeFieldRowsJson(std::ostream& stream, const std::vector<const DocField*>& rows) {
    TextOut out(stream);
    out << '[';
    bool first = true;
    for (const DocField* f : rows) {
        out << (first ? "\n  " : ",\n  ");
        first = false;
        out << "{\"key\": ";
        out.jsonString(f->key) << ", \"format\": ";
        out.jsonString(f->format) << ", \"structure\": ";
        out.jsonString(f->structure) << ", \"offset\": ";
        out.jsonString(f->offsetText) << ", \"size\": ";
        out.jsonString(f->size) << ", \"type\": ";
        out.jsonString(f->type) << ", \"field\": ";
        out.jsonString(f->field) << ", \"confidence\": ";
        out.jsonString(confidenceName(f->confidence)) << ", \"note\": ";
        out.jsonString(f->note) << '}';
    }
    out << (first ? "]\n" : "\n]\n");
}

} // namespace assetscope
