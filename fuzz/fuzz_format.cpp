// The fuzz targets of one registered format, built from this file with ASSETSCOPE_FUZZ_FORMAT
// naming the handler (or, for a binary built without it, the ASSETSCOPE_FUZZ_FORMAT variable of
// the environment). The lean target only parses (tree and batch); with ASSETSCOPE_FUZZ_PIPELINE
// the pipeline target does the rest (dump, elements, info, write-back, export, texture decode).
// Inputs are a file's bytes, optionally with a name hint and a sibling file (hostile::splitInput).

#include "hostile_input.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

const assetscope::FormatHandler* g_handler = nullptr;

std::string formatName() {
#ifdef ASSETSCOPE_FUZZ_FORMAT
    return ASSETSCOPE_FUZZ_FORMAT;
#else
    const char* env = std::getenv("ASSETSCOPE_FUZZ_FORMAT");
    return env ? env : "";
#endif
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    const std::string name = formatName();
    g_handler = assetscope::hostile::handlerNamed(name);
    if (!g_handler) {
        std::fprintf(stderr, "fuzz_format: no registered format named '%s'\n", name.c_str());
        std::abort();
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
#ifdef ASSETSCOPE_FUZZ_PIPELINE
    assetscope::hostile::exercisePipeline(*g_handler, assetscope::ByteView(data, size));
#else
    assetscope::hostile::parseFormat(*g_handler, assetscope::ByteView(data, size));
#endif
    return 0;
}
