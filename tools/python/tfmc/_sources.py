"""What a check's source may be, and how each becomes the files of a tfmc session.

A source is a path (a .tfg program, a GraphDef .pb/.pbtxt, a MetaGraphDef, a SavedModel
directory), a :class:`Graph` of .tfg text (a ``str`` holding a newline is one too), a TensorFlow
graph file's bytes, or, when TensorFlow is importable, a ``tf.Graph``, a ``GraphDef`` message or a
``tf.function`` (tfmc/_tensorflow.py); or a list of such, which the session composes as the command
line composes several FILEs. Sources held in memory reach tfmc by name, with their bytes: the name
is what messages and the report cite.
"""

import os
from dataclasses import dataclass, field


class Graph:
    """A program given as .tfg text (FORMAT.md), named ``name`` in messages and reports."""

    def __init__(self, text, name="graph.tfg"):
        self.text = text
        self.name = name

    def __repr__(self):
        return f"tfmc.Graph(<{len(self.text)} characters>, name={self.name!r})"


@dataclass
class Files:
    """The files of a session: paths, or names of the contents held in memory; and what a source
    adds to the run (a tf.function's arguments and captured variables as feeds, its outputs as
    fetches, its stateful ops as targets)."""

    files: list = field(default_factory=list)
    contents: dict = field(default_factory=dict)
    feed: dict = field(default_factory=dict)
    fetch: list = field(default_factory=list)
    target: list = field(default_factory=list)

    def hold(self, name, data):
        """Adds in-memory contents under ``name``, made unique among this session's names."""
        stem, dot, ext = name.rpartition(".")
        unique, n = name, 1
        while unique in self.files:
            n += 1
            unique = f"{stem}_{n}{dot}{ext}" if dot else f"{name}_{n}"
        self.contents[unique] = data
        self.files.append(unique)


def add_source(files, source, args=()):
    """Adds ``source`` (the module's doc) to ``files``; ``args`` are a tf.function's arguments."""
    if isinstance(source, (list, tuple)):
        for s in source:
            add_source(files, s, args)
    elif isinstance(source, Graph):
        files.hold(source.name, source.text.encode())
    elif isinstance(source, str) and "\n" in source:
        files.hold("graph.tfg", source.encode())
    elif isinstance(source, (str, os.PathLike)):
        files.files.append(os.fspath(source))
    elif isinstance(source, (bytes, bytearray)):
        files.hold("graph.pb", bytes(source))
    else:
        from . import _tensorflow

        if not _tensorflow.add_tensorflow_source(files, source, args):
            raise TypeError(
                f"tfmc: cannot check a {type(source).__name__}: expected a path, .tfg text, "
                "tfmc.Graph, graph file bytes, or (with TensorFlow) a tf.Graph, GraphDef or "
                "tf.function")
    return files
