#pragma once

#include <string>

namespace CLI {
class App;
}

namespace assetscope::cli {

// A bash completion script for the program's commands and options, made from the CLI11
// description the commands give (so it cannot fall out of step with them): after the program,
// the commands and the program's options; after a command, its options, an option's choices
// (a value name such as glb|gltf|obj|fbx lists them), file names for FILE, OUT, INPUT and PATH
// values and folder names for DIR. The package installs it; `--completion bash` prints it.
std::string bashCompletion(const CLI::App& app);

} // namespace assetscope::cli
