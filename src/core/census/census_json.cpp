#include "census/census_json.h"

#include "bytes/text_out.h"

#include <nlohmann/json.hpp>

namespace assetscope {

namespace {

nlohmann::ordered_json kindsJson(const KindCounts& kinds) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (const auto& [k, v] : kinds)
        j[k] = v;
    return j;
}

nlohmann::ordered_json censusJson(const CensusCounts& c) {
    nlohmann::ordered_json j;
    j["files"] = c.files;
    j["by_format"] = nlohmann::ordered_json::object();
    for (const auto& [k, v] : c.byFormat)
        j["by_format"][k] = v;
    for (const ContractCount& count : kContractCounts) {
        if (count.shape == CountShape::Number)
            j[std::string(count.key)] = c.total(count.key);
        else
            j[std::string(count.key)] = kindsJson(c.kinds(count.key));
    }
    j["refusals"] = nlohmann::ordered_json::array();
    for (const auto& [rule, r] : c.refusals)
        j["refusals"].push_back({{"rule", rule}, {"count", r.count}, {"examples", r.examples}});
    // A format's own counts, after every name the contract fixes.
    for (const std::string& key : ownCountKeys(c)) {
        if (c.totals.contains(key))
            j[key] = c.total(key);
        else
            j[key] = kindsJson(c.kinds(key));
    }
    return j;
}

} // namespace

void writeCensusJson(std::ostream& out, const CensusCounts& counts) {
    out << censusJson(counts).dump(2) << "\n";
}

void writeFieldStatsJson(std::ostream& stream, const FieldStatsResult& r) {
    TextOut out(stream);
    out << "{\"files\": " << r.files << ", \"fields\": {";
    for (std::size_t k = 0; k < r.fields.size(); ++k) {
        const FieldStats& f = r.fields[k];
        out << (k ? ",\n  " : "\n  ");
        out.jsonString(f.key) << ": {\"files\": " << f.files << ", \"occurrences\": " << f.occurrences
                              << ", \"distinct\": " << f.distinct
                              << ", \"min\": " << (f.min.empty() ? "null" : f.min)
                              << ", \"max\": " << (f.max.empty() ? "null" : f.max) << ", \"values\": [";
        for (std::size_t i = 0; i < f.values.size(); ++i) {
            const FieldValueCount& v = f.values[i];
            out << (i ? ",\n    " : "\n    ") << "{\"value\": " << v.value << ", \"count\": " << v.count
                << ", \"files\": " << v.files << ", \"examples\": [";
            for (std::size_t e = 0; e < v.examples.size(); ++e) {
                if (e) out << ", ";
                out.jsonString(v.examples[e]);
            }
            out << "]}";
        }
        out << "], \"other\": " << f.other << '}';
    }
    out << (r.fields.empty() ? "}}\n" : "\n}}\n");
}

} // namespace assetscope
