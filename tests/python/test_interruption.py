"""A long check runs with the GIL released, reports its progress when asked, and stops cleanly
on Ctrl-C (KeyboardInterrupt) or an exception its progress callback raises."""

import os
import signal
import threading
import time

import pytest

import tfmc

# Six unsynchronized increments of X without reduction: minutes of exploration.
LONG = dict(source="var X = i32{0}\none = Const {value=i32{1}}\nrd = Read(&X)\n"
                   "inc = Add(rd, one)\nwr = Write(&X, inc)\n",
            concurrent=6, reduction="none", classify_races=False, threads=1)


def test_ctrl_c_stops_a_long_check_with_keyboard_interrupt():
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        tfmc.check(**LONG)
    assert time.monotonic() - start < 30
    # The module is usable again after the stop.
    assert tfmc.check("specs/paper/figure1.tfg").exit_code == 1


def test_other_threads_run_while_a_check_explores():
    ticks = []
    ticker = threading.Thread(target=lambda: [ticks.append(time.sleep(0.05)) for _ in range(10)])
    ticker.start()
    result = tfmc.check(**LONG, max_seconds=1.5)
    ticker.join()
    assert len(ticks) == 10 and not result.complete and result.stop_reason == "max-seconds"


def test_a_progress_callback_gets_reports_and_its_exception_stops_the_check():
    reports = []

    def progress(label, seconds, states, transitions, queued):
        reports.append((label, seconds, states, transitions, queued))
        if len(reports) == 2:
            raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        tfmc.check(**LONG, progress=progress)
    assert len(reports) == 2
    assert [r[0] for r in reports] == ["", ""]
    assert 0 < reports[0][2] <= reports[1][2] and reports[0][1] < reports[1][1]
