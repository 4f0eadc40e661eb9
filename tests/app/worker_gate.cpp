#include "worker_gate.h"

#include "background_threads.h"

#include <QSemaphore>
#include <QThreadPool>

namespace assetscope::apptest {

struct WorkerGate::Latches {
    QSemaphore held; // one per pool thread that is waiting at the gate
    QSemaphore open; // released once per thread to let them go
};

WorkerGate::WorkerGate() : m_latches(std::make_shared<Latches>()) {
    QThreadPool& pool = app::backgroundThreads();
    m_threads = pool.maxThreadCount();
    for (int i = 0; i < m_threads; ++i)
        pool.start([latches = m_latches] {
            latches->held.release();
            latches->open.acquire();
        });
    // Only once all of them run is the pool full: anything started later queues behind them.
    m_latches->held.acquire(m_threads);
}

WorkerGate::~WorkerGate() {
    release();
}

void WorkerGate::release() {
    if (m_released) return;
    m_released = true;
    m_latches->open.release(m_threads);
}

} // namespace assetscope::apptest
