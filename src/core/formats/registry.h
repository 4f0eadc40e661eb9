#pragma once

#include "contract/parsed_file.h"
#include "contract/sample_sources.h"

#include <span>
#include <vector>

namespace assetscope {

// A format's files for the sample set (`make-samples`, the fuzz seeds): each its path inside the
// set and its bytes.
using SampleSource = samples::SampleFiles (*)();

// Every supported format, in the order it was registered: the project's formats in the order
// they were added, then the formats added with addFormatHandler. The sample set, the start page
// and the open dialog follow this order; detection does not depend on it.
std::span<const FormatHandler* const> formatHandlers();

// Each format's sample source, in formatHandlers()'s order (nullptr: the format has no samples).
std::span<const SampleSource> sampleSources();

// Each format's fuzz seeds beyond its samples, in formatHandlers()'s order (nullptr: none): small
// files, made by the format's own writer, of layouts the sample set holds only in files longer
// than a fuzz input. `fuzz_seeds` writes them beside the samples; they are not in the sample set.
std::span<const SampleSource> fuzzSeedSources();

// Adds a format from outside core (a test's own format), with its samples if it has any, and
// its documented fields (FormatHandler::documentedFields) to the documented-field table. Call
// before any input is opened: the lists are read from several threads without a lock. The
// handler must live as long as the program.
void addFormatHandler(const FormatHandler& handler, SampleSource samples = nullptr);

// The handler whose sniff scores highest, or nullptr; of two with the same score, the one
// registered first.
const FormatHandler* detectFormat(ByteView bytes, std::string_view fileName);

} // namespace assetscope
