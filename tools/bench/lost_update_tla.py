#!/usr/bin/env python3
"""Writes lost_update N (tools/bench/gen_bench.cpp) as a TLA+ module and its TLC config, with
the state space tfmc explores without reduction (--reduction none), so that the two can be
compared on the same graph.

The module is the graph's dataflow as tfmc's firing rules give it: every edge is a variable
(EMPTY as FALSE or -1), every node one action, enabled when its incoming edges are full, that
empties them and fills its outputs: one transition, as a firing is for tfmc; Next is the
disjunction of every node's action. Replica i has the nodes of `ri = Read(&x)`,
`ci = Const {value=i32{1}}`, `ai = Add(ri, ci)`, `wi = Write(&x, ai)` and the two implicit
Var(x) nodes of its two `&x` (each started by a GO edge, as Const is): 8 edges a replica, and
x, which starts at 0. A state where no node can fire is a final state for tfmc, so the config
turns TLC's deadlock check off (CHECK_DEADLOCK FALSE). TLC's "states generated" is then tfmc's
stats.transitions + 1 (the initial state), and its "distinct states found" tfmc's stats.states.

Every edge is a variable of its own (go_c1, h_r1, v_a1, ...) rather than a function of 1..N
per kind of edge (as the Promela arrays are) or a tuple per replica, because TLC explores it
fastest: TLC keeps a state as an array of variable values, so a firing builds only the 2 or 3
values it changes and shares the others, where with functions each firing copies two or three
N-element functions (EXCEPT) and the fingerprint walks their domains too. Each UNCHANGED names
its variables one by one: TLC walks a tuple of tuple definitions (<<x, rep2, rep3>>) more
slowly. TLC 2.18 on lost_update 5, one worker, CPU seconds: 25.5 to 26.4 as written here, 26.0
with a tuple per replica, 30.4 with UNCHANGED over per-replica tuples, 32.1 with a function
per kind of edge.

Usage: lost_update_tla.py N DIR   (writes DIR/LostUpdate.tla and DIR/LostUpdate.cfg; check
with `cd DIR && java -cp tla2tools.jar tlc2.TLC LostUpdate`)
"""
import os
import sys

# A replica's edges: the GO edges into Const, the Var of Read and the Var of Write (full,
# TRUE, at start); the handle edges Var -> Read and Var -> Write (FALSE: EMPTY); the value
# edges Read -> Add, Const -> Add, Add -> Write (EMPTY is -1).
EDGES = [("go_c", "TRUE"), ("go_vr", "TRUE"), ("go_vw", "TRUE"), ("h_r", "FALSE"),
         ("h_w", "FALSE"), ("v_r", "EMPTY"), ("v_c", "EMPTY"), ("v_a", "EMPTY")]


def wrap(head: str, items: list, tail: str, indent: str = "    ") -> list:
    """head + items joined by ", " + tail, broken into lines of at most 96 characters."""
    lines, line = [], head
    for k, item in enumerate(items):
        piece = item + (", " if k + 1 < len(items) else tail)
        if len(line) + len(piece.rstrip()) > 96 and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += piece
    lines.append(line.rstrip())
    return lines


def main() -> int:
    if (len(sys.argv) != 3 or not sys.argv[1].isdigit() or not 1 <= int(sys.argv[1]) <= 100
            or not os.path.isdir(sys.argv[2])):
        print("usage: lost_update_tla.py N DIR   (N from 1 to 100; DIR an existing directory,"
              " gets LostUpdate.tla and LostUpdate.cfg)", file=sys.stderr)
        return 2
    n, out_dir = int(sys.argv[1]), sys.argv[2]
    reps = range(1, n + 1)
    variables = ["x"] + [f"{e}{i}" for i in reps for e, _ in EDGES]
    out = ["---------------------------- MODULE LostUpdate ----------------------------",
           f"(* lost_update {n}: {n} replicas of x = x + 1 without atomicity, as tfmc explores",
           "   it with --reduction none. Written by tools/bench/lost_update_tla.py. *)",
           "EXTENDS Integers",
           "",
           "EMPTY == -1",
           ""]
    out += wrap("VARIABLES ", variables, "")
    out += [""]
    out += wrap("vars == <<", variables, ">>")
    out += ["", "Init == x = 0"]
    for i in reps:
        out += ["        /\\ " + " /\\ ".join(f"{e}{i} = {v}" for e, v in EDGES[:5]),
                "        /\\ " + " /\\ ".join(f"{e}{i} = {v}" for e, v in EDGES[5:])]
    out += [""]
    actions = []
    for i in reps:
        def unchanged(changed: list, i: int = i) -> list:
            """The UNCHANGED conjunct of an action of replica i that sets `changed`: every other
            variable, named one by one (a tuple of tuples costs TLC 15% more on lost_update 5)."""
            names = {"x" if e == "x" else f"{e}{i}" for e in changed}
            return wrap("    /\\ UNCHANGED <<", [v for v in variables if v not in names], ">>",
                        "        ")
        out += [
            f"\\* replica {i}",
            f"Const{i} == go_c{i} /\\ go_c{i}' = FALSE /\\ v_c{i}' = 1",
            *unchanged(['go_c', 'v_c']),
            f"VarR{i} == go_vr{i} /\\ go_vr{i}' = FALSE /\\ h_r{i}' = TRUE",
            *unchanged(['go_vr', 'h_r']),
            f"VarW{i} == go_vw{i} /\\ go_vw{i}' = FALSE /\\ h_w{i}' = TRUE",
            *unchanged(['go_vw', 'h_w']),
            f"Read{i} == h_r{i} /\\ h_r{i}' = FALSE /\\ v_r{i}' = x",
            *unchanged(['h_r', 'v_r']),
            f"Add{i} == v_r{i} # EMPTY /\\ v_c{i} # EMPTY",
            f"    /\\ v_a{i}' = v_r{i} + v_c{i} /\\ v_r{i}' = EMPTY /\\ v_c{i}' = EMPTY",
            *unchanged(['v_r', 'v_c', 'v_a']),
            f"Write{i} == h_w{i} /\\ v_a{i} # EMPTY",
            f"    /\\ x' = v_a{i} /\\ h_w{i}' = FALSE /\\ v_a{i}' = EMPTY",
            *unchanged(['x', 'h_w', 'v_a']),
            ""]
        actions += [f"{a}{i}" for a in ("Const", "VarR", "VarW", "Read", "Add", "Write")]
    out += ["Next =="]
    out += ["    \\/ " + " \\/ ".join(actions[k:k + 6]) for k in range(0, len(actions), 6)]
    out += ["", "Spec == Init /\\ [][Next]_vars",
            "============================================================================="]
    with open(os.path.join(out_dir, "LostUpdate.tla"), "w") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(out_dir, "LostUpdate.cfg"), "w") as f:
        f.write("\\* lost_update %d: every interleaving; a state where no node can fire is a final"
                " state, not a deadlock\nSPECIFICATION Spec\nCHECK_DEADLOCK FALSE\n" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
