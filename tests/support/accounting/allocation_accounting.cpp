#include "allocation_accounting.h"

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

double hostileCpuBudgetSeconds() {
    if (underSanitizer()) return 10.0; // libFuzzer's -timeout in scripts/fuzz
#ifdef NDEBUG
    return 0.5;
#else
    return 2.0;
#endif
}

std::int64_t hostileAllocationBound(std::uint64_t inputBytes) {
    return (std::int64_t{32} << 20) + 512 * static_cast<std::int64_t>(inputBytes);
}

CostMeter::CostMeter() : m_before(liveBytes()), m_cpu(std::clock()) {
    resetPeak();
}

CostMeter::Cost CostMeter::finish() const {
    return {double(std::clock() - m_cpu) / CLOCKS_PER_SEC, peakBytes() - m_before};
}

} // namespace assetscope::test
