#include "archive/time_zone.h"
#include "cli_support.h"
#include "command.h"
#include "input/file_mapping.h"

#include <exception>
#include <iostream>

namespace {

void printHelp() {
    std::cout
        << "usage: assetscope-cli <command> [options] INPUT...\n\n"
           "INPUT is a file or a path into an archive: media/Cars.zip::cars/body.modelbin\n\ncommands:\n";
    for (const auto& c : assetscope::cli::commands())
        std::cout << "  " << c.name << " " << c.usage << "\n      " << c.summary << "\n";
}

} // namespace

int main(int argc, char** argv) {
    using namespace assetscope::cli;
    try {
        std::ios::sync_with_stdio(false);
        // Each input is read once and let go: large ones are mapped rather than copied.
        assetscope::input::enableFileMapping("assetscope-cli");
        assetscope::archive::loadTimeZoneOnce();
        if (argc < 2) {
            printHelp();
            return kExitUsage;
        }
        const std::string name = argv[1];
        if (name == "--help" || name == "-h" || name == "help") {
            printHelp();
            return kExitOk;
        }
        if (name == "--version") {
            std::cout << "assetscope-cli " << ASSETSCOPE_VERSION << "\n";
            return kExitOk;
        }
        Args args(argv + 2, argv + argc);
        if (auto chunk = ArgParser(args).option("--chunk")) {
            chunkOption() = *chunk;
            ArgParser rest(args);
            rest.options("--chunk");
            args = rest.remaining();
        }
        for (const auto& c : commands())
            if (c.name == name) return c.run(args);
        return usageError("unknown command '" + name + "' (see --help)");
    } catch (const std::exception& e) {
        // Parsers never throw on bad bytes; this is the last guard for anything else (out of memory, I/O).
        std::cerr << "assetscope-cli: " << e.what() << "\n";
        return kExitUsage;
    }
}
