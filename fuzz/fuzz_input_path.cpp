// The "file::entry::entry" path grammar: parse and text must round-trip, and the entry levels
// are resolved (through loadInput) inside a fixed archive written at start-up.

#include "hostile_input.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

std::string g_zipPath;

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    char path[] = "/tmp/assetscope-fuzz-input-path-XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) std::abort();
    close(fd);
    const assetscope::Bytes zip = assetscope::hostile::inputPathArchive();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(zip.data()), static_cast<std::streamsize>(zip.size()));
    g_zipPath = path;
    std::atexit([] { std::remove(g_zipPath.c_str()); });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    if (!assetscope::hostile::exerciseInputPath(text, g_zipPath)) {
        std::fprintf(stderr, "InputPath round trip changed the text\n");
        std::abort();
    }
    return 0;
}
