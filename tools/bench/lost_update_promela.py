#!/usr/bin/env python3
"""Writes lost_update N (tools/bench/gen_bench.cpp) as Promela, for SPIN, with the state space
tfmc explores without reduction (--reduction none), so that the two can be compared on the
same graph.

The Promela model is the graph's dataflow as tfmc's firing rules give it: every edge is a
variable (EMPTY as -1 or 0), every node one d_step, guarded by its incoming edges being full,
that empties them and fills its outputs: one transition, as a firing is for tfmc. One process
offers every node at once in its loop. Replica i has
the nodes of `ri = Read(&x)`, `ci = Const {value=i32{1}}`, `ai = Add(ri, ci)`,
`wi = Write(&x, ai)` and the two implicit Var(x) nodes of its two `&x` (each started by a GO
edge, as Const is): 8 edges a replica, and x. The loop's `end` label makes a state where no
node can fire a valid end state, as a final state is for tfmc.

With --replica-processes it writes the encoding in which SPIN's partial-order reduction can
act, the fastest for SPIN: one process a replica, its own edges its local variables, its six
nodes fired in sequence (Const, the two Vars, Read, Add, Write: an order tfmc's dataflow
allows), each a d_step as above. Only Read and Write touch a global variable (x), so SPIN's
partial-order reduction takes the local steps of one process alone. Its outcomes are the
graph's (the final x of every interleaving of the Reads and Writes), but its state space is
not tfmc's: the order of each replica's nodes is fixed, as a reduction would fix it (62 698
states for N = 5 with -DNOREDUCE, 4 689 with the reduction, where the graph has 1 618 019).

Usage: lost_update_promela.py [--replica-processes] N > lost_update_N.pml
"""
import sys


def replica_processes(n: int) -> list:
    """The model with one process a replica, its nodes in sequence (see the module's doc)."""
    return [f"/* lost_update {n}: {n} replicas of x = x + 1 without atomicity, one process a"
            " replica, its nodes in sequence */",
            "byte x = 0;",
            "",
            "proctype replica() {",
            "  /* the replica's edges, as in the one-process model: GO edges full (1) at start,"
            " handle edges EMPTY (0), value edges EMPTY (-1) */",
            "  bit go_c = 1, go_vr = 1, go_vw = 1, h_r, h_w;",
            "  short v_r = -1, v_c = -1, v_a = -1;",
            "  d_step { go_c = 0; v_c = 1 };",
            "  d_step { go_vr = 0; h_r = 1 };",
            "  d_step { go_vw = 0; h_w = 1 };",
            "  d_step { h_r = 0; v_r = x };",
            "  d_step { v_a = v_r + v_c; v_r = -1; v_c = -1 };",
            "  d_step { x = v_a; h_w = 0; v_a = -1 }",
            "}",
            "",
            "init { atomic { " + " ".join("run replica();" for _ in range(n)) + " } }"]


def main() -> int:
    args = sys.argv[1:]
    processes = args[:1] == ["--replica-processes"]
    if processes:
        args = args[1:]
    if len(args) != 1 or not args[0].isdigit() or not 1 <= int(args[0]) <= 100:
        print("usage: lost_update_promela.py [--replica-processes] N   (N from 1 to 100)",
              file=sys.stderr)
        return 2
    n = int(args[0])
    if processes:
        print("\n".join(replica_processes(n)))
        return 0
    out = [f"/* lost_update {n}: {n} replicas of x = x + 1 without atomicity, as tfmc explores"
           " it with --reduction none */",
           f"#define N {n}",
           "byte x = 0;",
           "/* GO edges into Const, the Var of Read and the Var of Write: full (1) at start */",
           "bit go_c[N] = 1, go_vr[N] = 1, go_vw[N] = 1;",
           "/* handle edges Var -> Read and Var -> Write: full (1) or EMPTY (0) */",
           "bit h_r[N], h_w[N];",
           "/* value edges Read -> Add, Const -> Add, Add -> Write: EMPTY is -1 */",
           "short v_r[N] = -1, v_c[N] = -1, v_a[N] = -1;",
           "",
           "active proctype graph() {",
           "end:",
           "  do"]
    for i in range(n):
        out += [
            f"  :: d_step {{ go_c[{i}] == 1 -> go_c[{i}] = 0; v_c[{i}] = 1 }}",
            f"  :: d_step {{ go_vr[{i}] == 1 -> go_vr[{i}] = 0; h_r[{i}] = 1 }}",
            f"  :: d_step {{ go_vw[{i}] == 1 -> go_vw[{i}] = 0; h_w[{i}] = 1 }}",
            f"  :: d_step {{ h_r[{i}] == 1 -> h_r[{i}] = 0; v_r[{i}] = x }}",
            f"  :: d_step {{ v_r[{i}] != -1 && v_c[{i}] != -1 -> v_a[{i}] = v_r[{i}] + v_c[{i}];"
            f" v_r[{i}] = -1; v_c[{i}] = -1 }}",
            f"  :: d_step {{ h_w[{i}] == 1 && v_a[{i}] != -1 -> x = v_a[{i}]; h_w[{i}] = 0;"
            f" v_a[{i}] = -1 }}",
        ]
    out += ["  od", "}"]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
