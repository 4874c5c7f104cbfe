"""A SavedModel's run as its `tfmc check` arguments name it, run by TensorFlow itself.

SavedModelRun loads DIR with tf.saved_model.load and calls what the arguments name: the
tf.function `--function NAME` (an object path from the root, called with the `--feed`
values as keyword arguments; its flattened results are output_0, output_1, ...), or the
signature `--signature KEY` (default serving_default; its outputs by key), as tfmc names
them (specs/FORMAT.md, "Signatures and functions"). Its variables are found by the names
tfmc gives them, the VarHandleOps' shared names, which are the names the loader gives the
restored tf.Variables (`sgd/w_0_momentum`). `reset` assigns every variable the value the
checkpoint restored, so that each trial starts where a fresh load starts.
"""

import numpy as np
import tensorflow as tf

import tfmc_results
from tfmc_results import options


def feeds_of(args):
    feeds = {}
    for text in options(args, "--feed"):
        name, value = text.split("=", 1)
        array = tfmc_results.parse_array(value)
        if array is None:
            raise ValueError(f"cannot feed {text}")
        feeds[name] = tf.constant(array)
    return feeds


def variables_by_name(loaded, captured):
    """Every tf.Variable reachable from the loaded object, by its name without `:0`. Where two
    objects share a name (Keras 3 models saved with the variables their functions capture list
    them twice), the one in `captured`, the variables the run's function reads, is kept."""
    found = [o for o in tf.train.TrackableView(loaded).descendants() if isinstance(o, tf.Variable)]
    found += list(getattr(loaded, "variables", []))  # a TF1 SavedModel's variables
    ours = {id(v) for v in captured}
    by_name = {}
    for v in found:
        name = v.name[:-2] if v.name.endswith(":0") else v.name
        kept = by_name.setdefault(name, v)
        if kept is v or (id(kept) in ours and id(v) not in ours):
            continue
        if id(v) in ours and id(kept) not in ours:
            by_name[name] = v
        else:
            raise ValueError(f"two variables are named {name}")
    return by_name


class SavedModelRun:
    def __init__(self, directory, args):
        self.directory = directory
        self.args = args
        self.feeds = feeds_of(args)
        self.concurrent = int((options(args, "--concurrent") or ["1"])[0])
        self.load()

    def load(self):
        self.loaded = tf.saved_model.load(self.directory)
        function = options(self.args, "--function")
        if function:
            target = self.loaded
            for part in function[0].split("."):
                target = getattr(target, part)
            self.function = target
            self.signature = None
            captured = [v for f in target.concrete_functions for v in f.variables]
        else:
            key = (options(self.args, "--signature") or ["serving_default"])[0]
            self.signature = self.loaded.signatures[key]
            captured = self.signature.variables
        self.variables = variables_by_name(self.loaded, captured)
        self.restored = {n: v.numpy() for n, v in self.variables.items()}

    def reset(self):
        for name, value in self.restored.items():
            self.variables[name].assign(value)

    def call(self):
        """One call, as a dict output name -> numpy array."""
        if self.signature is not None:
            return {k: v.numpy() for k, v in self.signature(**self.feeds).items()}
        results = tf.nest.flatten(self.function(**self.feeds))
        return {f"output_{i}": np.asarray(r) for i, r in enumerate(results)}

    def read(self, names):
        """The variables `names` as numpy arrays, by name."""
        return {n: self.variables[n].numpy() for n in names}
