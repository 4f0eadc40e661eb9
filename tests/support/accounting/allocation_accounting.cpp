#include "allocation_accounting.h"

#include "bytes/byte_reader.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <malloc.h>
#include <new>

// Under ASan the sanitizer's runtime owns operator new, so its allocator hooks count; elsewhere
// operator new is replaced.
#if defined(__SANITIZE_ADDRESS__)
#define ASSETSCOPE_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ASSETSCOPE_TEST_ASAN 1
#endif
#endif

namespace {

std::atomic<std::int64_t> g_live{0};
std::atomic<std::int64_t> g_peak{0};

void noteAllocated(std::size_t n) {
    const auto live = g_live += static_cast<std::int64_t>(n);
    std::int64_t peak = g_peak.load();
    while (live > peak && !g_peak.compare_exchange_weak(peak, live)) {
    }
}

void noteReleased(std::size_t n) {
    g_live -= static_cast<std::int64_t>(n);
}

} // namespace

#ifdef ASSETSCOPE_TEST_ASAN
extern "C" {
std::size_t __sanitizer_get_allocated_size(const volatile void* p);
int __sanitizer_install_malloc_and_free_hooks(void (*mallocHook)(const volatile void*, std::size_t),
                                              void (*freeHook)(const volatile void*));
}

namespace {

void mallocHook(const volatile void*, std::size_t n) {
    noteAllocated(n);
}
void freeHook(const volatile void* p) {
    noteReleased(__sanitizer_get_allocated_size(p));
}

} // namespace

bool assetscope::test::installAllocationAccounting() {
    return __sanitizer_install_malloc_and_free_hooks(mallocHook, freeHook) != 0;
}

bool assetscope::test::underSanitizer() {
    return true;
}
#else
namespace {

void* allocate(std::size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) throw std::bad_alloc();
    noteAllocated(malloc_usable_size(p));
    return p;
}

void release(void* p) noexcept {
    if (!p) return;
    noteReleased(malloc_usable_size(p));
    std::free(p);
}

} // namespace

void* operator new(std::size_t n) {
    return allocate(n);
}
void* operator new[](std::size_t n) {
    return allocate(n);
}
void operator delete(void* p) noexcept {
    release(p);
}
void operator delete[](void* p) noexcept {
    release(p);
}
void operator delete(void* p, std::size_t) noexcept {
    release(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    release(p);
}

bool assetscope::test::installAllocationAccounting() {
    return true;
}

bool assetscope::test::underSanitizer() {
    return false;
}
#endif

namespace assetscope::test {

std::int64_t liveBytes() {
    return g_live.load();
}

std::int64_t peakBytes() {
    return g_peak.load();
}

void resetPeak() {
    g_peak = g_live.load();
}

// The factors come from what a valid file can hold, with room to spare (the corruption corpus
// uses at most half of each). Most fields cover two to four bytes and their containers add a
// node for several fields; the views build at most a handful of elements per lazy array. The
// tree and the batch reading together stay under a node per byte. Diagnostics are summarised
// after 20 per rule and container. Parsers read each byte a few times (a blob's data as a view,
// then as the nested bundle or buffer it holds), and nested bundles stop at 8 times the input
// (grub::ParseOptions::maxNestingVolume). The constant terms cover the empty and the tiny file.
// The inputs the fuzzers found break these: the metadata cascade built 1.7 nodes per byte, the
// bundle bomb 320 diagnostics per byte.
WorkLimits hostileWorkLimits(std::uint64_t inputBytes) {
    WorkLimits limits;
    limits.nodes = inputBytes + 4096;
    limits.diagnostics = inputBytes / 8 + 1024;
    limits.bytesRead = 16 * inputBytes + (1u << 20);
    limits.peakAllocation = (std::int64_t{32} << 20) + 512 * static_cast<std::int64_t>(inputBytes);
    return limits;
}

WorkMeter::WorkMeter() : m_before(liveBytes()), m_bytesRead(t_bytesRead) {
    resetPeak();
}

WorkMeter::Work WorkMeter::finish() const {
    return {t_bytesRead - m_bytesRead, peakBytes() - m_before};
}

std::string brokenLimits(std::uint64_t inputBytes, std::uint64_t nodes, std::uint64_t diagnostics,
                         const WorkMeter::Work& work) {
    const WorkLimits limits = hostileWorkLimits(inputBytes);
    std::string broken;
    const auto check = [&](const char* what, std::uint64_t value, std::uint64_t limit) {
        if (value > limit)
            broken += (broken.empty() ? "" : ", ") + std::to_string(value) + " " + what + " (limit " +
                      std::to_string(limit) + ")";
    };
    check("nodes", nodes, limits.nodes);
    check("diagnostics", diagnostics, limits.diagnostics);
    check("bytes read", work.bytesRead, limits.bytesRead);
    check("bytes allocated at peak", static_cast<std::uint64_t>(std::max<std::int64_t>(work.peakGrowth, 0)),
          static_cast<std::uint64_t>(limits.peakAllocation));
    return broken;
}

} // namespace assetscope::test
