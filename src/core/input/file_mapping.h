#pragma once

#include "bytes/byte_view.h"

#include <cstdint>
#include <optional>
#include <string>

namespace assetscope::input {

// Large files can be mapped into memory instead of read: no copy and no zero-filled buffer, which
// makes `info` on an 80 MB .pgeo several times faster. A mapped file that another program shrinks
// meanwhile makes the next read of the lost pages raise SIGBUS, so mapping is off until a program
// turns it on; doing so installs a SIGBUS handler that ends the program with `program: an input
// file shrank while it was being read` and exit code 2 instead of a crash. Command-line programs
// that read each file once turn it on; the window, which keeps files open for long, does not.
void enableFileMapping(const char* programName);
bool fileMappingEnabled();

// Files at least this large are mapped when mapping is on.
inline constexpr std::uint64_t kMapFilesFrom = std::uint64_t{16} << 20;

// The whole file mapped read-only with its pages loaded; nullopt when mapping fails (the caller
// then reads the file).
std::optional<SharedBytes> mapWholeFile(const std::string& path, std::uint64_t size);

} // namespace assetscope::input
