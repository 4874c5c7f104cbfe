"""How a check shows its progress: ``progress=True`` (the default) draws a one-line bar on
stderr, redrawn about every second, where stderr is a terminal, and nothing elsewhere (under
pytest's capture, in a pipe, in a log); ``progress=False`` shows nothing; a callable is called
with each report instead."""

import sys


class _Bar:
    def __init__(self, stream):
        self.stream = stream
        self.drawn = False

    def __call__(self, label, seconds, states, transitions, queued):
        prefix = f"tfmc: {label}: " if label else "tfmc: "
        self.stream.write(f"\r{prefix}{seconds:.0f} s: {states:,} states stored, "
                          f"{transitions:,} transitions, {queued:,} states queued\x1b[K")
        self.stream.flush()
        self.drawn = True

    def close(self):
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


class Progress:
    """The callback the extension calls with (label, seconds, states, transitions, queued), as a
    context that clears the bar when the check ends."""

    def __init__(self, progress):
        self.bar = None
        self.callback = None
        if callable(progress):
            self.callback = progress
        elif progress and sys.stderr.isatty():
            self.bar = _Bar(sys.stderr)
            self.callback = self.bar

    def __enter__(self):
        return self.callback

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.close()
        return False
