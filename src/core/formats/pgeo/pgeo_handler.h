#pragma once

#include "contract/parsed_file.h"
#include "formats/pgeo/pgeo_parser.h"

namespace assetscope::pgeo {

// A .pgeo placement file: its tree (records as lazy arrays) and its typed form, whose records
// stay in the shared file bytes.
// A block as a Subject: index over list A then list B (file order), row the instance record.
inline constexpr std::uint32_t kBlockSubject = 1;

class ParsedPgeo : public ParsedFile {
public:
    ParsedPgeo(StructureTree tree, ParseResult parse)
        : ParsedFile(std::move(tree)), m_parse(std::move(parse)) {}
    std::string_view format() const override { return "pgeo"; }
    std::vector<InfoLine> info() const override;
    void count(CensusCounts& counts) const override;
    std::optional<Bytes> writeBack() const override;

    Subject subjectOf(NodeId node) const override;
    NodeId nodeOf(const Subject& subject) const override;
    SubjectTables tables(const Subject& subject) const override;
    PreviewChoices previewChoices() const override;
    std::optional<Placements> placements(const ExportSelection& selection, bool withMatrices) const override;
    bool listPlacements(PlacementRowSink& sink) const override;

    const PgeoFile& file() const { return m_parse.file; }
    const ParseResult& parse() const { return m_parse; }

private:
    ParseResult m_parse;
};

const FormatHandler& pgeoHandler();

} // namespace assetscope::pgeo
