#!/usr/bin/env python3
"""Runs one command of a benchmark under a wall-clock limit and a resident-memory limit, the
same for every checker, and says which limit stopped it.

Usage: limited_run.py SECONDS MEMORY_MIB REPORT [--signal NAME] -- COMMAND [ARG...]

The command runs under GNU time (/usr/bin/time), in a process group of its own; every 0.1 s
the resident memory of the command's processes (the sum of /proc/PID/statm's resident pages
over the group, GNU time left out) is read. When the run passes SECONDS of wall clock, or that
memory passes MEMORY_MIB, the command's processes get --signal (default TERM; INT makes SPIN's
pan print its statistics as it stops), and the whole group KILL 10 s later if it has not
ended. The command's stdout and stderr are its own.

REPORT gets one line: `REASON PEAK_KIB WALL_S STATUS`, REASON `done` when the command ended by
itself, else `time` or `memory`, the limit that stopped it; PEAK_KIB the larger of the largest
sampled memory and GNU time's maximum resident set size of the command (the kernel's own
figure, exact for a single process, which sampling alone might miss between samples; the
resident memory of this script, which a fork copies, does not count in it as it would in
getrusage of its own children); WALL_S the wall-clock seconds from start to end; STATUS the
command's exit status as GNU time gives it (127 when it cannot be run, 128 + N when a signal N
ended it). The exit status of limited_run.py is 0, or 2 on a usage error or without GNU time.
"""
import os
import signal
import subprocess
import sys
import time

PAGE_KIB = os.sysconf("SC_PAGE_SIZE") // 1024
GRACE_S = 10.0
TIME = "/usr/bin/time"
POLL_S = 0.1


def command_pids(pgid: int) -> list:
    """The processes of group pgid but its leader, GNU time: the command's."""
    pids = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and int(entry) != pgid and os.getpgid(int(entry)) == pgid:
                pids.append(int(entry))
        except OSError:
            continue  # the process ended while it was read
    return pids


def resident_kib(pids: list) -> int:
    """The resident memory of the processes pids together, in KiB."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * PAGE_KIB
        except (OSError, ValueError, IndexError):
            continue  # the process ended while it was read
    return total


def signal_all(pids: list, sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            continue


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
    if not os.access(TIME, os.X_OK):
        print(f"limited_run.py: {TIME} not found: apt-get install time", file=sys.stderr)
        return 2

    start = time.monotonic()
    child = subprocess.Popen([TIME, "-f", "%M", "-o", report + ".time", *command],
                             start_new_session=True)
    reason, peak, stopped_at = "done", 0, None
    while child.poll() is None:
        pids = command_pids(child.pid)
        rss = resident_kib(pids)
        peak = max(peak, rss)
        now = time.monotonic()
        if stopped_at is None and (now - start > seconds or rss > memory_kib):
            reason = "time" if now - start > seconds else "memory"
            stopped_at = now
            signal_all(pids, stop_signal)
        elif stopped_at is not None and now - stopped_at > GRACE_S:
            os.killpg(child.pid, signal.SIGKILL)
        time.sleep(POLL_S)
    wall = time.monotonic() - start
    status = child.returncode if child.returncode >= 0 else 128 - child.returncode
    try:  # the group's other processes, if any outlived the command
        os.killpg(child.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:  # GNU time's last line; absent when KILL ended GNU time too
        with open(report + ".time") as f:
            peak = max(peak, int(f.read().split()[-1]))
        os.remove(report + ".time")
    except (OSError, ValueError, IndexError):
        pass
    with open(report, "w") as f:
        f.write(f"{reason} {peak} {wall:.2f} {status}\n")
    return 0


def usage() -> int:
    print("usage: limited_run.py SECONDS MEMORY_MIB REPORT [--signal NAME] -- COMMAND [ARG...]",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
