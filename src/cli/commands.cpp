#include "command.h"

namespace assetscope::cli {

int runInfo(const Args& args);
int runDump(const Args& args);
int runCensus(const Args& args);
int runVerify(const Args& args);

std::span<const Command> commands() {
    static const Command list[] = {
        {"info", "INPUT", "one screen: format, size, versions, counts, refusals", runInfo},
        {"dump", "[--json] [--max-array N] INPUT", "the whole structure tree", runDump},
        {"census", "[--json] [--jobs N] PATH...", "strict reading of every supported file under each PATH", runCensus},
        {"verify", "INPUT", "strict reading plus byte-for-byte write-back", runVerify},
    };
    return list;
}

} // namespace assetscope::cli
