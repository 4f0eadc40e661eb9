#pragma once

#include <memory>

namespace assetscope::apptest {

// Holds every thread of the window's background pool (app::backgroundThreads()) until released:
// reads started meanwhile wait in the pool's queue. A test can then cancel a run before it reads
// anything, or watch the event loop go on while the worker cannot, whatever the machine's load:
// no race between the test and the worker decides the outcome.
class WorkerGate {
public:
    WorkerGate();  // returns once every pool thread is held
    ~WorkerGate(); // releases, if release() was not called
    WorkerGate(const WorkerGate&) = delete;
    WorkerGate& operator=(const WorkerGate&) = delete;

    void release();

private:
    struct Latches;
    std::shared_ptr<Latches> m_latches; // shared with the holding tasks, which may outlive the gate
    int m_threads = 0;
    bool m_released = false;
};

} // namespace assetscope::apptest
