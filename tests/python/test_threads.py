"""The library releases the GIL while it works: another thread runs beside a walk."""

import sys
import threading
import time

import assetscope
from conftest import sample_paths


def test_a_thread_runs_while_a_walk_decodes(samples):
    # The largest placement file: many lazy elements, decoded a batch at a time.
    path = max(sample_paths(samples, (".pgeo",)), key=lambda p: p.stat().st_size)
    document = assetscope.open(path)
    ticks = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks[0] += 1
            time.sleep(0.0005)

    # A long switch interval: the interpreter hands the GIL to the counting thread only when the
    # walking thread lets it go (inside the library), not on its own every few milliseconds.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(100)
    counter = threading.Thread(target=count)
    counter.start()
    try:
        walked = 0
        for _ in range(20):
            before = ticks[0]
            for _node in document.walk():
                walked += 1
            if ticks[0] > before:
                break
        ran = ticks[0] > before
    finally:
        stop.set()
        sys.setswitchinterval(interval)
        counter.join()
    assert walked > 0
    assert ran, "the counting thread never ran during a walk"
