"""What tfmc.check, tfmc.compare and tfmc.races return: Python objects over the extension's plain
results, every text in the command line's words."""

import numpy as np


class Symbolic:
    """A value that is not a concrete tensor: a symbol (``B``), a term (``Add(B, D)``), an error
    (``Error(shape)``), ``DEAD`` or ``EMPTY``. It prints, and compares equal to a ``str``, as the
    report prints it (FORMAT.md, "How values print")."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Symbolic({self.text!r})"

    def __eq__(self, other):
        if isinstance(other, Symbolic):
            return self.text == other.text
        return isinstance(other, str) and self.text == other

    def __hash__(self):
        return hash(self.text)


def _value(tensor, text):
    if tensor is None:
        return Symbolic(text)
    dtype, shape, data = tensor
    return np.frombuffer(data, dtype=dtype).reshape(shape).copy()


def _values(named):
    return {name: _value(tensor, text) for name, tensor, text in named}


class Outcome:
    """One outcome: the values of the named outputs and of every variable, as NumPy arrays for
    concrete tensors and :class:`Symbolic` otherwise; whether the run is stuck and which nodes it
    left blocked; the loop bounds it reached; and a witness, the node names a run fires to reach
    it. ``str(outcome)`` is the outcome as the text report shows it; ``outcome["x"]`` is an
    output's value, or a variable's when no output has that name."""

    def __init__(self, d):
        self.outputs = _values(d["outputs"])
        self.variables = _values(d["variables"])
        self.texts = {name: text for name, _, text in d["outputs"] + d["variables"]}
        self.stuck = d["stuck"]
        self.blocked = list(d["blocked"])
        self.bounds = [tuple(b) for b in d["bounds"]]
        self.witness = list(d["witness"])
        self.assumptions = [list(s) for s in d["assumptions"]]
        self._text = d["text"].strip("\n")

    def __getitem__(self, name):
        if name in self.outputs:
            return self.outputs[name]
        return self.variables[name]

    def __str__(self):
        return self._text

    def __repr__(self):
        shown = ", ".join(f"{name}={text}" for name, text in self.texts.items())
        return f"<tfmc.Outcome {shown}{' stuck' if self.stuck else ''}>"


class Race:
    """Two unordered accesses to one variable, at least one a write: the nodes ``first`` and
    ``second`` (``nodes``), the ``variable``, the ``kind`` (read-write, write-write or
    update-update) and the ``verdict``: observable (their order can change what the program
    computes), benign, or unknown (``unknown_reason`` says why). ``str(race)`` is its line in the
    report."""

    def __init__(self, d):
        self.first = d["first"]
        self.second = d["second"]
        self.nodes = (self.first, self.second)
        self.locations = (d["first_location"], d["second_location"])
        self.variable = d["variable"]
        self.kind = d["kind"]
        self.verdict = d["verdict"]
        self.unknown_reason = d["unknown_reason"]
        self._text = d["text"]

    def __str__(self):
        return self._text

    def __repr__(self):
        return f"<tfmc.Race {self._text} ({self.verdict})>"


class Result:
    """The result of :func:`tfmc.check`.

    ``outcomes``: the distinct outcomes (:class:`Outcome`), in the report's order; ``races``: the
    program's races (:class:`Race`); ``stats``: the exploration's figures (states, transitions,
    final_states, stuck_states, evaluations, eager_firings, values, seconds, threads,
    store_bytes); ``complete``: no limit stopped it (else ``stop_reason`` names the limit);
    ``warnings``; ``exit_code``: what ``tfmc check`` exits with (0 deterministic, 1 not, 3
    incomplete, 5 inconclusive); ``deterministic``: exit code 0. ``str(result)`` is the text
    report of ``tfmc check``."""

    def __init__(self, d):
        self.program = d["program"]
        self.outcomes = [Outcome(o) for o in d["outcomes"]]
        self.races = [Race(r) for r in d["races"]]
        self.stats = dict(d["stats"])
        self.complete = d["complete"]
        self.stop_reason = d["stop_reason"] or None
        self.warnings = list(d["warnings"])
        self.exit_code = d["exit_code"]
        self._report = d["report"]

    @property
    def deterministic(self):
        return self.exit_code == 0

    def __str__(self):
        return self._report

    def __repr__(self):
        return (f"<tfmc.Result {self.program}: {len(self.outcomes)} outcomes, "
                f"{len(self.races)} races, exit code {self.exit_code}>")


class Comparison:
    """The result of :func:`tfmc.compare`.

    ``refines``: every outcome of AFTER is one of BEFORE's; ``equivalent``: the outcome sets are
    equal (both None when a limit stopped either exploration: ``complete`` is then False);
    ``added`` and ``lost``: AFTER's outcomes that BEFORE lacks and BEFORE's that AFTER lacks
    (:class:`Outcome`, with their side's witnesses); ``before`` and ``after``: each side's
    :class:`Result`; ``exit_code``: what ``tfmc compare`` exits with. ``str(comparison)`` is its
    text report."""

    def __init__(self, d):
        self.before = Result(d["before"])
        self.after = Result(d["after"])
        self.complete = d["complete"]
        self.refines = d["refines"]
        self.equivalent = d["equivalent"]
        self.added = [Outcome(o) for o in d["added"]]
        self.lost = [Outcome(o) for o in d["lost"]]
        self.exit_code = d["exit_code"]
        self._report = d["report"]

    def __str__(self):
        return self._report

    def __repr__(self):
        return (f"<tfmc.Comparison refines={self.refines} equivalent={self.equivalent} "
                f"exit code {self.exit_code}>")


class RaceList(list):
    """The result of :func:`tfmc.races`: a list of :class:`Race` (their verdicts unknown: nothing
    is explored), with ``complete`` (no limit stopped the analysis), ``exit_code`` (what ``tfmc
    races`` exits with) and ``str()`` its text report."""

    def __init__(self, d):
        super().__init__(Race(r) for r in d["races"])
        self.program = d["program"]
        self.complete = d["complete"]
        self.exit_code = d["exit_code"]
        self._report = d["report"]

    def __str__(self):
        return self._report
