#include "archive/time_zone.h"
#include "command.h"
#include "command_line.h"
#include "input/file_mapping.h"

#include <exception>
#include <iostream>

int main(int argc, char** argv) {
    using namespace assetscope::cli;
    try {
        std::ios::sync_with_stdio(false);
        // Each input is read once and let go: large ones are mapped rather than copied.
        assetscope::input::enableFileMapping("assetscope-cli");
        assetscope::archive::loadTimeZoneOnce();
        return runCommandLine({argv + 1, argv + argc});
    } catch (const std::exception& e) {
        // Parsers never throw on bad bytes; this is the last guard for anything else (out of memory, I/O).
        std::cerr << "assetscope-cli: " << e.what() << "\n";
        return kExitUsage;
    }
}
