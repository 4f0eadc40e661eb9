#pragma once

// Allocation accounting for the tests that bound what hostile input may cost: every allocation
// of the process is counted, so a peak over the bytes live before an operation shows an
// allocation sized from an untrusted count, which an overcommitting system would otherwise grant
// silently. Compiled into the tests that use it (not the support library), since outside ASan
// it replaces the global operator new.

#include <cstdint>
#include <string>

namespace assetscope::test {

// Installs the hooks (a no-op outside ASan, where operator new is replaced); false on failure.
bool installAllocationAccounting();

// Bytes live now, and the peak since the last resetPeak().
std::int64_t liveBytes();
std::int64_t peakBytes();
void resetPeak();

// True in a build with AddressSanitizer.
bool underSanitizer();

// What one hostile input may make the code do, each bound linear in the input's size. Counts
// of what the code did, not time: the same input gives the same counts on any machine, busy or
// idle, so a test bound on them fails only when the code changes (time is for bench/).
struct WorkLimits {
    std::uint64_t nodes = 0;       // tree nodes, lazy elements built included
    std::uint64_t diagnostics = 0; // diagnostics recorded (listed ones and summaries)
    std::uint64_t bytesRead = 0;   // bytes taken through ByteReader (t_bytesRead)
    std::int64_t peakAllocation = 0;
};
WorkLimits hostileWorkLimits(std::uint64_t inputBytes);

// What one operation did, from construction to finish(): bytes read on this thread and the
// peak allocation growth (nodes and diagnostics are the caller's to count from its trees).
class WorkMeter {
public:
    WorkMeter();
    struct Work {
        std::uint64_t bytesRead = 0;
        std::int64_t peakGrowth = 0;
    };
    Work finish() const;

private:
    std::int64_t m_before;
    std::uint64_t m_bytesRead;
};

// The limits `work` (with `nodes` and `diagnostics` counted by the caller) breaks, as text;
// empty when it keeps to all of them.
std::string brokenLimits(std::uint64_t inputBytes, std::uint64_t nodes, std::uint64_t diagnostics,
                         const WorkMeter::Work& work);

} // namespace assetscope::test
