"""TensorFlow objects as sources (tfmc/_sources.py), when TensorFlow is imported.

A ``tf.Graph`` or ``GraphDef`` message goes to tfmc as the binary GraphDef it serializes to, and
is imported as a graph file is (FORMAT.md, "TensorFlow graph files"). A ``tf.function`` (or a
concrete function) is traced with the check's arguments; its concrete function's graph is the
program: the arguments are fed to their placeholders, each captured variable starts with its
current value (a feed to its DT_RESOURCE placeholder) and each captured tensor is fed its value,
the function's outputs are fetched and its stateful ops are targets, as a call of it runs them.
"""

import sys


def add_tensorflow_source(files, source, args):
    """Adds ``source`` to ``files`` when it is a TensorFlow object; False when it is not."""
    tf = sys.modules.get("tensorflow")
    if tf is None:
        return False
    if isinstance(source, tf.Graph):
        files.hold("graph.pb", source.as_graph_def().SerializeToString())
    elif type(source).__name__ == "GraphDef" and hasattr(source, "SerializeToString"):
        files.hold("graph.pb", source.SerializeToString())
    elif hasattr(source, "get_concrete_function"):
        name = getattr(source, "__name__", "function")
        _add_concrete(tf, files, source.get_concrete_function(*args), args, name)
    elif hasattr(source, "captured_inputs") and hasattr(source, "graph"):
        _add_concrete(tf, files, source, args, source.graph.name)
    else:
        return False
    return True


def _add_concrete(tf, files, concrete, args, name):
    graph = concrete.graph
    values = [a for a in tf.nest.flatten(args) if not isinstance(a, (bool, int, float, str))]
    arguments = concrete.inputs[: len(concrete.inputs) - len(graph.captures)]
    if len(values) != len(arguments):
        raise TypeError(f"tfmc: {name} takes {len(arguments)} tensor arguments, "
                        f"{len(values)} given")
    for placeholder, value in zip(arguments, values):
        files.feed[placeholder.op.name] = value
    graph_def = graph.as_graph_def()
    variables = {id(v.handle): v for v in concrete.variables}
    for external, internal in graph.captures:
        placeholder = internal.op.name
        value = variables.get(id(external))
        if value is not None:
            placeholder = _rename(graph_def, placeholder, value.name.split(":")[0])
        elif external.dtype != tf.resource:
            value = external
        if value is not None:
            files.feed[placeholder] = value
    files.hold(f"{name}.pb", graph_def.SerializeToString())
    files.fetch += [t.name for t in concrete.outputs]
    files.target += [op.name for op in graph.control_outputs]


def _rename(graph_def, old, new):
    """Renames node ``old`` of ``graph_def`` to ``new`` where no node has that name, so that a
    captured variable's placeholder (``while/input_5``) is named as the variable is (``total``)
    in the report; returns the node's name."""
    if any(node.name == new for node in graph_def.node):
        return old
    for node in graph_def.node:
        if node.name == old:
            node.name = new
        for i, source in enumerate(node.input):
            control = source.startswith("^")
            bare, colon, port = source.lstrip("^").partition(":")
            if bare == old:
                node.input[i] = ("^" if control else "") + new + colon + port
    return new
