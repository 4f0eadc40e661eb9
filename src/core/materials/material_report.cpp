#include "materials/material_report.h"

#include "bytes/number_text.h"
#include "bytes/text_out.h"
#include "docs/parameter_names.h"

namespace assetscope::materials {

namespace {

std::string typeText(ParameterType type) {
    return std::string(parameterTypeName(static_cast<std::uint8_t>(type)).value_or("unknown"));
}

std::string hashText(std::uint32_t hash) {
    return hexDigits(hash, 8);
}

// Ints, sampler words and gradient colours are whole numbers, some past what nine significant
// digits spell exactly (an RGBA8 word): written as integers.
bool wholeNumbers(ParameterType type) {
    return type == ParameterType::Int || type == ParameterType::Sampler ||
           type == ParameterType::ColorGradient;
}

void writeNumber(TextOut& o, ParameterType type, double v) {
    if (wholeNumbers(type))
        o << static_cast<std::int64_t>(v);
    else
        o.number(v);
}

std::string numberOf(ParameterType type, double v) {
    return wholeNumbers(type) ? std::to_string(static_cast<std::int64_t>(v)) : numberText(v);
}

// The JSON value: a number, a bool, a list of numbers, or a texture's path.
void writeValue(TextOut& o, const MaterialParameter& p) {
    if (p.type == ParameterType::Texture) {
        o.jsonString(p.path);
    } else if (p.type == ParameterType::Bool && p.numbers.size() == 1) {
        o << (p.numbers[0] != 0 ? "true" : "false");
    } else if ((p.type == ParameterType::Float || p.type == ParameterType::Int) && p.numbers.size() == 1) {
        writeNumber(o, p.type, p.numbers[0]);
    } else {
        o << '[';
        for (std::size_t i = 0; i < p.numbers.size(); ++i) {
            if (i) o << ", ";
            writeNumber(o, p.type, p.numbers[i]);
        }
        o << ']';
    }
}

void writeOptional(TextOut& o, const std::optional<std::string>& text) {
    if (text)
        o.jsonString(*text);
    else
        o << "null";
}

} // namespace

std::string parameterValueText(const MaterialParameter& p) {
    if (p.type == ParameterType::Texture) return p.path;
    if (p.type == ParameterType::Bool && p.numbers.size() == 1) return p.numbers[0] != 0 ? "true" : "false";
    if (p.numbers.size() == 1) return numberOf(p.type, p.numbers[0]);
    std::string text = "(";
    for (std::size_t i = 0; i < p.numbers.size(); ++i)
        text += (i ? ", " : "") + numberOf(p.type, p.numbers[i]);
    return text + ")";
}

void writeLooksText(std::ostream& out, const std::vector<ResolvedLook>& looks) {
    for (std::size_t i = 0; i < looks.size(); ++i) {
        const ResolvedLook& look = looks[i];
        if (i) out << '\n';
        out << (look.slot ? look.slotLabel() : std::string("material"));
        if (!look.name.empty()) out << ": " << look.name;
        out << '\n';
        for (const ChainLink& link : look.chain) {
            out << "  " << materialKindName(link.kind) << ' ' << link.path.value_or("(this file)");
            if (link.found) out << " -> " << *link.found;
            // The whole problem (what was tried) goes to stderr; here only that the chain stops.
            if (!link.problem.empty()) out << (link.found ? " (the chain stops here)" : " (not found)");
            out << '\n';
        }
        out << "  parameters: " << look.parameters.size() << '\n';
        for (const EffectiveParameter& e : look.parameters)
            out << "    " << parameterLabel(e.parameter.hash) << ' ' << typeText(e.parameter.type) << ' '
                << parameterValueText(e.parameter) << " (" << materialKindName(e.from) << ")\n";
        out << "  textures: " << look.textures.size() << '\n';
        for (const TextureUse& t : look.textures) {
            out << "    " << (t.role.empty() ? std::string_view("-") : t.role) << ' '
                << parameterLabel(t.hash) << ' ' << t.path;
            out << (t.found ? " -> " + *t.found : std::string(" (not found)")) << '\n';
        }
    }
}

void writeLooksJson(std::ostream& out, const std::vector<ResolvedLook>& looks) {
    TextOut o(out);
    o << "{\"materials\": [";
    for (std::size_t i = 0; i < looks.size(); ++i) {
        const ResolvedLook& look = looks[i];
        o << (i ? ",\n  " : "\n  ") << "{\"slot\": ";
        if (look.slot)
            o << std::int64_t{*look.slot};
        else
            o << "null";
        o << ", \"name\": ";
        writeOptional(o, look.name.empty() ? std::nullopt : std::optional<std::string>(look.name));
        o << ",\n   \"chain\": [";
        for (std::size_t k = 0; k < look.chain.size(); ++k) {
            const ChainLink& link = look.chain[k];
            o << (k ? ", " : "") << "{\"kind\": ";
            o.jsonString(materialKindName(link.kind));
            o << ", \"path\": ";
            writeOptional(o, link.path);
            o << ", \"found\": ";
            writeOptional(o, link.found);
            o << '}';
        }
        o << "],\n   \"parameters\": [";
        for (std::size_t k = 0; k < look.parameters.size(); ++k) {
            const EffectiveParameter& e = look.parameters[k];
            o << (k ? ",\n    " : "\n    ") << "{\"name\": ";
            o.jsonString(parameterLabel(e.parameter.hash));
            o << ", \"hash\": ";
            o.jsonString(hashText(e.parameter.hash));
            o << ", \"type\": ";
            o.jsonString(typeText(e.parameter.type));
            o << ", \"value\": ";
            writeValue(o, e.parameter);
            o << ", \"from\": ";
            o.jsonString(materialKindName(e.from));
            o << '}';
        }
        o << "],\n   \"textures\": [";
        for (std::size_t k = 0; k < look.textures.size(); ++k) {
            const TextureUse& t = look.textures[k];
            o << (k ? ",\n    " : "\n    ") << "{\"parameter\": ";
            o.jsonString(parameterLabel(t.hash));
            o << ", \"role\": ";
            writeOptional(o, t.role.empty() ? std::nullopt : std::optional<std::string>(std::string(t.role)));
            o << ", \"path\": ";
            o.jsonString(t.path);
            o << ", \"found\": ";
            writeOptional(o, t.found);
            o << '}';
        }
        o << "]}";
    }
    o << "\n]}\n";
}

} // namespace assetscope::materials
