"""Assertions for a user's own tests (pytest, unittest): a training step that must be
deterministic when several workers run it at once, a rewrite that must add no outcome.

Each returns the check's result when it holds and raises AssertionError otherwise, with the text
report of the check behind it: the outcomes that differ, the races with their verdicts and a
witness of each outcome, in the report's words.
"""

from ._checking import check, compare


def _name(source):
    return getattr(source, "__name__", None) or getattr(source, "name", None) or str(source)


def assert_deterministic(fn_or_source, *args, concurrent=2, **options):
    """Asserts that ``concurrent`` executions of ``fn_or_source`` (a tf.function called with
    ``args``, or any source :func:`tfmc.check` takes), interleaved in every way, reach one
    outcome and none of them is stuck. ``options`` are :func:`tfmc.check`'s, except that the
    races are listed unclassified unless ``classify_races=True``: classifying a race costs two
    more explorations, many for the iterations of a loop.
    """
    options.setdefault("classify_races", False)
    result = check(fn_or_source, args=args, concurrent=concurrent, **options)
    if result.deterministic:
        return result
    runs = "run once" if concurrent == 1 else f"run {concurrent} times at once"
    if not result.complete:
        why = (f"the check stopped at its {result.stop_reason} limit before it could show that it "
               "is deterministic")
    else:
        why = f"it is not deterministic: {len(result.outcomes)} outcomes"
    raise AssertionError(f"tfmc: {_name(fn_or_source)}, {runs}: {why}\n\n{result}")


def assert_refines(before, after, *, equivalent=False, **options):
    """Asserts that every outcome ``after`` can reach, ``before`` can reach too (with
    ``equivalent``, that the two reach the same outcomes). ``options`` are
    :func:`tfmc.compare`'s.
    """
    comparison = compare(before, after, equivalent=equivalent, **options)
    if comparison.exit_code == 0:
        return comparison
    relation = "is not equivalent to" if equivalent else "does not refine"
    if not comparison.complete:
        relation = f"could not be shown to {'be equivalent to' if equivalent else 'refine'}"
    raise AssertionError(f"tfmc: {_name(after)} {relation} {_name(before)}\n\n{comparison}")
