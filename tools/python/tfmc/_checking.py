"""tfmc.check, tfmc.compare and tfmc.races: the commands of the same names, as functions."""

import os

from . import _tfmc
from ._feeds import feed_texts
from ._progress import Progress
from ._results import Comparison, RaceList, Result
from ._sources import Files, add_source


def _names(value):
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _default_memory():
    """90% of the physical memory, the command line's default for --max-memory (0 where unknown)."""
    try:
        return int(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") * 0.9)
    except (ValueError, OSError):
        return 0


def _session(files, feed, fetch, target, init, concurrent, runs):
    fed = dict(files.feed)
    fed.update(feed or {})
    return dict(contents=files.contents, feeds=feed_texts(fed), fetch=files.fetch + _names(fetch),
                target=files.target + _names(target), init=_names(init), concurrent=concurrent,
                runs=runs)


def _limits(max_seconds, max_memory):
    return dict(max_seconds=max_seconds,
                max_memory=_default_memory() if max_memory is None else max_memory)


def check(source, *, args=(), fetch=None, target=None, init=None, feed=None, concurrent=1, runs=1,
          reduction="stubborn", threads=0, max_states=0, max_seconds=0, max_memory=None,
          classify_races=True, progress=True):
    """Explores every schedule of ``source`` and returns its distinct outcomes (tfmc check),
    as a :class:`tfmc.Result`.

    source: a path (.tfg, GraphDef .pb/.pbtxt, MetaGraphDef, SavedModel directory), .tfg text (a
        ``str`` holding a newline, or ``tfmc.Graph(text, name)``), graph file bytes, or, with
        TensorFlow, a ``tf.Graph``, a ``GraphDef`` message or a ``tf.function`` (called with
        ``args``: its concrete function's graph, captured variables starting at their current
        values); a list of sources is checked as one session of several files.
    args: the tf.function's arguments.
    fetch, target, init: a graph file's run, as Session.run's fetches and targets and the init
        ops run first (``--fetch``, ``--target``, ``--init``); a name or a list of names.
    feed: {name: value}, inputs' and placeholders' values (``--feed``): NumPy arrays and
        scalars keep their dtype, Python numbers take TensorFlow's (float32, int32), a ``str`` is
        a symbol.
    concurrent, runs: K executions of the program interleaved, N runs one after another.
    reduction: "stubborn" (the default), "eager" or "none".
    threads: exploring threads, 0 for every core.
    max_states, max_seconds, max_memory (bytes): limits, 0 for none; max_memory defaults to 90%
        of the physical memory. A check a limit stops returns with ``complete`` False.
    classify_races: classify the races of a nondeterministic result as observable or benign.
    progress: True (the default) shows a progress bar on stderr where it is a terminal, and
        nothing elsewhere; False nothing; a callable gets (label, seconds, states, transitions,
        queued) about every second.

    Raises tfmc.InputError (exit code 2) on bad input, with the command line's message.
    Ctrl-C stops the exploration and raises KeyboardInterrupt.
    """
    files = add_source(Files(), source, args)
    with Progress(progress) as callback:
        return Result(_tfmc.check(files.files, **_session(files, feed, fetch, target, init,
                                                         concurrent, runs),
                                  reduction=reduction, threads=threads, max_states=max_states,
                                  **_limits(max_seconds, max_memory),
                                  classify_races=classify_races, progress=callback))


def compare(before, after, *, args=(), fetch=None, target=None, init=None, feed=None,
            concurrent=1, runs=1, rename=None, ignore=None, equivalent=False,
            reduction="stubborn", threads=0, max_states=0, max_seconds=0, max_memory=None,
            progress=True):
    """Checks both programs and says whether AFTER refines BEFORE (every outcome of AFTER is one
    of BEFORE's) and whether they are equivalent (tfmc compare), as a :class:`tfmc.Comparison`.

    before, after: sources as :func:`check` takes them; every other session option (args,
        fetch, target, init, feed, concurrent, runs) applies to each.
    rename: {before's name: after's name} for outputs and variables (``--map OLD=NEW``).
    ignore: after's names left out of both sides (``--ignore``).
    equivalent: the exit code asks for equivalence, not refinement (``--equivalent``).
    The other arguments are :func:`check`'s.

    Raises tfmc.InputError on bad input or names, dtypes or shapes that do not match.
    """
    files = Files()
    add_source(files, before, args)
    count = len(files.files)
    add_source(files, after, args)
    with Progress(progress) as callback:
        return Comparison(_tfmc.compare(files.files[:count], files.files[count:],
                                        **_session(files, feed, fetch, target, init, concurrent,
                                                   runs),
                                        renames=dict(rename or {}), ignored=_names(ignore),
                                        require_equivalent=equivalent, reduction=reduction,
                                        threads=threads, max_states=max_states,
                                        **_limits(max_seconds, max_memory),
                                        progress=callback))


def races(source, *, args=(), fetch=None, target=None, init=None, feed=None, concurrent=1,
          runs=1, max_seconds=0, max_memory=None):
    """The program's races from its graph alone, without exploring (tfmc races): every pair of
    unordered accesses to one variable of which one writes, as a :class:`tfmc.RaceList`. The
    arguments are :func:`check`'s.
    """
    files = add_source(Files(), source, args)
    return RaceList(_tfmc.races(files.files, **_session(files, feed, fetch, target, init,
                                                        concurrent, runs),
                                **_limits(max_seconds, max_memory)))
