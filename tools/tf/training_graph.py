"""What the scripts that record one training step of a TF1 graph share (make_optimizer_graphs.py,
make_sparse_optimizer_graphs.py, make_embedding_graphs.py): the step run in TensorFlow's
Session and the three files tfmc's tests read, OUT/NAME.pbtxt (the graph), OUT/NAME.args (the
arguments of `tfmc check`: `--init init --target train`) and OUT/NAME.expected (every global
variable after the step, `VARIABLE = LITERAL` with hex floats, sorted by name)."""
import os

import tensorflow as tf

from valued_graph import hex_literal


def write_expected(path, variables, values):
    with open(path, "w") as f:
        for var, value in sorted(zip(variables, values), key=lambda p: p[0].op.name):
            f.write(f"{var.op.name} = {hex_literal(value)}\n")


def write_training_step(graph, out_dir, name):
    """Runs `init`, then `train` once, in a Session of `graph`, writes the three files and
    returns the global variables' values after the step, in the graph's order."""
    with graph.as_default():
        variables = tf.compat.v1.global_variables()
        with tf.compat.v1.Session(graph=graph) as s:
            s.run("init")
            s.run("train")
            values = s.run(variables)
    tf.io.write_graph(graph.as_graph_def(), out_dir, f"{name}.pbtxt")
    with open(os.path.join(out_dir, f"{name}.args"), "w") as f:
        f.write("--init\ninit\n--target\ntrain\n")
    write_expected(os.path.join(out_dir, f"{name}.expected"), variables, values)
    return values
