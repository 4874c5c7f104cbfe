#!/usr/bin/env python3
"""Runs one command of a benchmark under a wall-clock limit and a resident-memory limit, the
same for every checker, and says which limit stopped it.

Usage: limited_run.py SECONDS MEMORY_MIB REPORT [--signal NAME] -- COMMAND [ARG...]

The command runs in a process group of its own; every 0.1 s the resident memory of the whole
group (the sum of /proc/PID/statm's resident pages over its processes) is read. When the run
passes SECONDS of wall clock, or the group's resident memory passes MEMORY_MIB, the group gets
--signal (default TERM; INT makes SPIN's pan print its statistics as it stops), and KILL 10 s
later if it has not ended. The command's stdout and stderr are its own.

REPORT gets one line: `REASON PEAK_KIB WALL_S STATUS`, REASON `done` when the command ended by
itself, else `time` or `memory`, the limit that stopped it; PEAK_KIB the larger of the group's
largest sampled resident memory and the largest resident memory of one of its processes that
the kernel recorded (getrusage of the children: exact for a single process, which sampling
alone might miss between samples); WALL_S the wall-clock seconds from start to end; STATUS the
command's exit status (128 + N when a signal N ended it). The exit status of limited_run.py
is 0, or 2 on a usage error.
"""
import os
import resource
import signal
import subprocess
import sys
import time

PAGE_KIB = os.sysconf("SC_PAGE_SIZE") // 1024
GRACE_S = 10.0
POLL_S = 0.1


def group_rss_kib(pgid: int) -> int:
    """The resident memory of the processes of group pgid, in KiB (0 when none is left)."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if os.getpgid(int(entry)) != pgid:
                continue
            with open(f"/proc/{entry}/statm") as f:
                total += int(f.read().split()[1]) * PAGE_KIB
        except (OSError, ValueError, IndexError):
            continue  # the process ended while it was read
    return total


def main() -> int:
    args = sys.argv[1:]
    stop_signal = signal.SIGTERM
    if "--" not in args:
        return usage()
    cut = args.index("--")
    head, command = args[:cut], args[cut + 1:]
    if len(head) == 5 and head[3] == "--signal":
        try:
            stop_signal = signal.Signals["SIG" + head[4]]
        except KeyError:
            return usage()
        head = head[:3]
    if len(head) != 3 or not command:
        return usage()
    try:
        seconds, memory_kib = float(head[0]), int(head[1]) * 1024
    except ValueError:
        return usage()
    report = head[2]

    start = time.monotonic()
    child = subprocess.Popen(command, start_new_session=True)
    reason, peak, stopped_at = "done", 0, None
    while child.poll() is None:
        rss = group_rss_kib(child.pid)
        peak = max(peak, rss)
        now = time.monotonic()
        if stopped_at is None and (now - start > seconds or rss > memory_kib):
            reason = "time" if now - start > seconds else "memory"
            stopped_at = now
            os.killpg(child.pid, stop_signal)
        elif stopped_at is not None and now - stopped_at > GRACE_S:
            os.killpg(child.pid, signal.SIGKILL)
        time.sleep(POLL_S)
    wall = time.monotonic() - start
    status = child.returncode if child.returncode >= 0 else 128 - child.returncode
    try:  # the group's other processes, if any outlived the command
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    with open(report, "w") as f:
        f.write(f"{reason} {peak} {wall:.2f} {status}\n")
    return 0


def usage() -> int:
    print("usage: limited_run.py SECONDS MEMORY_MIB REPORT [--signal NAME] -- COMMAND [ARG...]",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
