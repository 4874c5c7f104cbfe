#!/usr/bin/env python3
"""Reads what TLC printed for one run of the benchmarks' TLA+ models (tlc_bench.sh,
checkers_bench.sh) and prints its figures.

Usage: tlc_output.py [--partial] FILE

Prints two lines: `DISTINCT GENERATED LEFT SECONDS OPTIMISTIC`, then TLC's version line.
DISTINCT and GENERATED are TLC's "distinct states found" and "states generated", LEFT its
"states left on queue" (0 when the exploration is complete), SECONDS its "Finished in" (its
whole run from its start, parsing the module included), OPTIMISTIC its "calculated
(optimistic)" probability that a fingerprint collision lost a state.

Without --partial it fails (exit 1, with TLC's output) unless TLC explored every state without
an error: "Model checking completed. No error has been found." and no state left on queue.
With --partial (a run a limit stopped) it still fails on an error TLC reported, other than
running out of Java heap, but takes a run that TLC stopped itself (-Dtlc2.TLC.stopAfter, with
states left on queue) as it is, and one that was killed or ran out of heap from its last
progress line, with `-` for SECONDS and OPTIMISTIC.
"""
import re
import sys

UNITS = {"d": 86400, "h": 3600, "min": 60, "s": 1}


def fail(why: str, text: str) -> None:
    sys.exit("tlc_output.py: TLC: %s; its output:\n%s" % (why, text[-6000:]))


def count(text: str) -> int:
    return int(text.replace(",", ""))


def main() -> int:
    args = sys.argv[1:]
    partial = args[:1] == ["--partial"]
    if partial:
        args = args[1:]
    if len(args) != 1:
        print("usage: tlc_output.py [--partial] FILE", file=sys.stderr)
        return 2
    text = open(args[0], errors="replace").read()
    out_of_memory = "java.lang.OutOfMemoryError" in text
    if re.search(r"^Error:|^TLC threw|Exception", text, re.M) and not (partial and out_of_memory):
        fail("an error", text)
    version = re.search(r"^TLC2 Version .*$", text, re.M)
    version_line = version.group(0) if version else "TLC2 Version (not printed)"
    completed = "Model checking completed. No error has been found." in text
    counts = re.findall(r"^([\d,]+) states generated, ([\d,]+) distinct states found, ([\d,]+)"
                        r" states left on queue\.", text, re.M)
    if completed and counts:
        generated, distinct, left = (count(c) for c in counts[-1])
        prob = re.search(r"calculated \(optimistic\):\s*val = (\S+)", text)
        if not prob:
            fail("no \"calculated (optimistic): val = X\" line", text)
        finished = re.search(r"^Finished in (.*?) at \(", text, re.M)
        if not finished:
            fail("no \"Finished in\" line", text)
        spent = finished.group(1).strip()
        if re.fullmatch(r"\d+ms", spent):  # -tool mode: milliseconds
            secs = "%g" % (int(spent[:-2]) / 1000)
        else:  # "36s", "01min 23s", "01h 02min", "1d 01h"
            parts = re.findall(r"(\d+)\s*(min|d|h|s)\b", spent)
            if not parts:
                fail("cannot read \"Finished in %s\"" % spent, text)
            secs = "%g" % sum(int(v) * UNITS[u] for v, u in parts)
        if left and not partial:
            fail("%d states left on queue" % left, text)
        print(distinct, generated, left, secs, prob.group(1))
    elif partial:
        progress = re.findall(r"^Progress\(\d+\) at [^:]*:\d+:\d+: ([\d,]+) states generated"
                              r" \([^)]*\), ([\d,]+) distinct states found \([^)]*\), ([\d,]+)"
                              r" states left on queue\.", text, re.M)
        if not progress:
            fail("no progress line", text)
        generated, distinct, left = (count(c) for c in progress[-1])
        print(distinct, generated, left, "-", "-")
    else:
        fail("no \"Model checking completed. No error has been found.\" with its counts", text)
    print(version_line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
