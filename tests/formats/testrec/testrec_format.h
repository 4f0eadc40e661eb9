#pragma once

// TRec, a format known only to the tests: the proof that a format is its folder and one registry
// line (tests/formats/test_formats.cpp). Its layout, all little-endian:
//   0x0  4    char  magic         "TRec"
//   0x4  2    u16   version       1
//   0x6  2    u16   record count  N
//   0x8  8 N  record[N]           each: u32 id, f32 weight
// The rows of its documented-field table come with the handler (documentedFields). It counts
// its records under the census key "records", and takes one option, "id-order": "ascending"
// makes an id that does not exceed the one before an error.

#include "contract/parsed_file.h"
#include "contract/sample_sources.h"

#include <cstdint>
#include <vector>

namespace assetscope::testrec {

struct Record {
    std::uint32_t id = 0;
    float weight = 0;
};

struct RecordFile {
    std::uint16_t version = 1;
    std::vector<Record> records;
};

Bytes writeRecordFile(const RecordFile& file);

const FormatHandler& recordHandler();

// The format's sample: testrec/sample_weights.trec, ids 7, 19, 42 weighing 0.5, 1.25, 2.
samples::SampleFiles recordSamples();

} // namespace assetscope::testrec
