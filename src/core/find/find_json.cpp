#include "find/find_json.h"

#include "bytes/text_out.h"
#include "tree/tree_writers.h"

namespace assetscope {

void writeFindJson(std::ostream& stream, const FindWalkResult& r) {
    TextOut out(stream);
    out << "{\"files\": " << r.files << ", \"matches\": [";
    for (std::size_t i = 0; i < r.matches.size(); ++i) {
        const FoundMatch& f = r.matches[i];
        out << (i ? ",\n  " : "\n  ") << "{\"input\": ";
        out.jsonString(f.input) << ", \"offset\": " << f.match.offset << ", \"size\": " << f.match.size
                                << ", \"path\": ";
        if (f.match.path.empty())
            out << "null";
        else
            out.jsonString(f.match.path);
        out << ", \"value\": " << valueJson(f.match.value) << '}';
    }
    out << (r.matches.empty() ? "" : "\n") << "], \"truncated\": " << r.truncated() << "}\n";
}

} // namespace assetscope
