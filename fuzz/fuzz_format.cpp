// The fuzz targets of one registered format, built from this file with ASSETSCOPE_FUZZ_FORMAT
// naming the handler (or, for a binary built without it, the ASSETSCOPE_FUZZ_FORMAT variable of
// the environment). The lean target only parses (tree and batch); with ASSETSCOPE_FUZZ_PIPELINE
// the pipeline target does the rest (dump, elements, info, write-back, export, texture decode).
// Inputs are a file's bytes, optionally with a name hint and a sibling file (hostile::splitInput).
// Mutations mostly set a documented field of the input's tree (structure_mutator.h); one in a few,
// and always with ASSETSCOPE_FUZZ_BYTES_ONLY=1 in the environment, are libFuzzer's own.

#include "hostile_input.h"
#include "structure_mutator.h"
#ifdef ASSETSCOPE_FUZZ_TEST_FORMATS
#include "test_formats.h" // the formats known only to the tests, fuzzed with the rest
#endif

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);

namespace {

const assetscope::FormatHandler* g_handler = nullptr;
bool g_bytesOnly = false;

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
#ifdef ASSETSCOPE_FUZZ_TEST_FORMATS
    assetscope::test::addTestFormats();
#endif
    const std::string name = formatName();
    g_handler = assetscope::hostile::handlerNamed(name);
    if (!g_handler) {
        std::fprintf(stderr, "fuzz_format: no registered format named '%s'\n", name.c_str());
        std::abort();
    }
    const char* bytesOnly = std::getenv("ASSETSCOPE_FUZZ_BYTES_ONLY");
    g_bytesOnly = bytesOnly && std::string(bytesOnly) == "1";
    if (!g_bytesOnly) assetscope::fuzzing::prepareMutator();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // The structure mutator reuses this run's tree when it next mutates these bytes.
    const auto remember = [&](assetscope::StructureTree& tree) {
        if (!g_bytesOnly) assetscope::fuzzing::rememberTree(tree, data, size);
    };
#ifdef ASSETSCOPE_FUZZ_PIPELINE
    assetscope::hostile::exercisePipeline(*g_handler, assetscope::ByteView(data, size), remember);
#else
    assetscope::hostile::parseFormat(*g_handler, assetscope::ByteView(data, size), remember);
#endif
    return 0;
}

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    std::minstd_rand rng(seed | 1u);
    // Two in three mutations set a field; the third keeps byte-level exploration (and the
    // dictionary, which LLVMFuzzerMutate draws from) in the mix.
    if (!g_bytesOnly && rng() % 3 != 0 &&
        assetscope::fuzzing::mutateDocumentedField(*g_handler, data, size, static_cast<std::uint32_t>(rng())))
        return size;
    return LLVMFuzzerMutate(data, size, maxSize);
}
