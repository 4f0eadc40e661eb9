#include "input/file_mapping.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#ifdef __linux__
#include <csignal>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace assetscope::input {

namespace {

std::atomic<bool> g_mappingEnabled{false};
// Written once before mapping is turned on; read by the signal handler, which may only use
// async-signal-safe calls.
char g_shrankMessage[256];
std::size_t g_shrankMessageLength = 0;

#ifdef __linux__
void onBusError(int) {
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, g_shrankMessage, g_shrankMessageLength);
    ::_exit(2);
}
#endif

} // namespace

void enableFileMapping(const char* programName) {
#ifdef __linux__
    const char* tail = ": an input file shrank while it was being read\n";
    const std::size_t nameLength =
        std::min(std::strlen(programName), sizeof g_shrankMessage - std::strlen(tail) - 1);
    std::memcpy(g_shrankMessage, programName, nameLength);
    std::memcpy(g_shrankMessage + nameLength, tail, std::strlen(tail));
    g_shrankMessageLength = nameLength + std::strlen(tail);
    struct sigaction action {};
    action.sa_handler = onBusError;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGBUS, &action, nullptr) == 0) g_mappingEnabled = true;
#else
    (void)programName;
#endif
}

bool fileMappingEnabled() {
    return g_mappingEnabled;
}

std::optional<SharedBytes> mapWholeFile(const std::string& path, std::uint64_t size) {
#ifdef __linux__
    if (!g_mappingEnabled || size == 0 || size > SIZE_MAX) return std::nullopt;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    const auto length = static_cast<std::size_t>(size);
    void* memory = ::mmap(nullptr, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    ::close(fd); // the mapping keeps the file
    if (memory == MAP_FAILED) return std::nullopt;
    std::shared_ptr<const void> owner(memory,
                                      [length](const void* p) { ::munmap(const_cast<void*>(p), length); });
    return SharedBytes(std::move(owner), ByteView(static_cast<const std::uint8_t*>(memory), length));
#else
    (void)path;
    (void)size;
    return std::nullopt;
#endif
}

} // namespace assetscope::input
