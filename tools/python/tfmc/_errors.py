"""The exceptions tfmc raises, each with the exit code the command line gives the same failure."""


class Error(Exception):
    """A check that could not be made. ``str(e)`` is the command line's message; ``e.exit_code``
    its exit code (FORMAT.md, "Exit codes")."""

    exit_code = 4


class InputError(Error):
    """Bad input: a program, graph file, feed or option that tfmc refuses (exit code 2). The message
    is the command line's located one (``FILE:LINE:COL: error: ...``, or the node's name for binary
    graph files)."""

    exit_code = 2


class InternalError(Error):
    """A bug in tfmc, or memory exhausted before ``max_memory`` stopped the check (exit code 4)."""

    exit_code = 4
