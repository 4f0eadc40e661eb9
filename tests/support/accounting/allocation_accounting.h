#pragma once

// Allocation accounting for the tests that bound what hostile input may cost: every allocation
// of the process is counted, so a peak over the bytes live before an operation shows an
// allocation sized from an untrusted count, which an overcommitting system would otherwise grant
// silently. Compiled into the tests that use it (not the support library), since outside ASan
// it replaces the global operator new.

#include <cstdint>
#include <ctime>

namespace assetscope::test {

// Installs the hooks (a no-op outside ASan, where operator new is replaced); false on failure.
bool installAllocationAccounting();

// Bytes live now, and the peak since the last resetPeak().
std::int64_t liveBytes();
std::int64_t peakBytes();
void resetPeak();

// True in a build with AddressSanitizer, where time limits are looser.
bool underSanitizer();

// What one hostile input may cost: 0.5 s of CPU in the Release build (2 s in Debug, and under
// ASan/UBSan 10 s, the fuzzers' per-input timeout), and a peak allocation of 32 MiB + 512 bytes
// per input byte (the README's limits).
double hostileCpuBudgetSeconds();
std::int64_t hostileAllocationBound(std::uint64_t inputBytes);

// CPU time and peak allocation growth of one operation, from construction to finish().
class CostMeter {
public:
    CostMeter();
    struct Cost {
        double cpuSeconds = 0;
        std::int64_t peakGrowth = 0;
    };
    Cost finish() const;

private:
    std::int64_t m_before;
    std::clock_t m_cpu;
};

} // namespace assetscope::test
