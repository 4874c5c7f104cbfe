"""Writes the TF2 SavedModels of testdata/savedmodel/ with real TensorFlow.

Each model is a directory NAME/ as tf.saved_model.save writes it (saved_model.pb and the
checkpoint in variables/); a few are TF1 SavedModels that tf.compat.v1.saved_model.Builder
writes. The values are fixed (explicit initial values, fixed data), so running the script
again writes the same tensors. The graphs are tiny on purpose: tfmc explores every
interleaving of their calls.

The first three are the models of tests/semantics/graphdef/saved_model_test.cpp:

  momentum_module  a tf.Module with w = [[1, 2]] and b = 0.5, `__call__(x) = sum(x * w) + b`
                   and `train_step(x)`, one step of Keras SGD with momentum 0.9 and learning
                   rate 0.1; saved after one step on x = [[1, 1]], with the signatures
                   serving_default (__call__) and train (train_step)
  captured_call.pbtxt
                   the graph of momentum_module's concrete `__call__` (tf.function's graph,
                   written with tf.io.write_graph): its captured variables are DT_RESOURCE
                   placeholders
  shape_mismatch   a SavedModel like momentum_module whose checkpoint holds an f32[3] for w:
                   loading it must fail

The corpus after them (tests/semantics/graphdef/saved_model_corpus_test.cpp) has a NAME.args
next to each NAME/, the arguments of `tfmc check NAME/saved_model.pb` for the call the model is
about, one per line, and an entry in MANIFEST.md saying what it shows. After writing each, the
script loads it back, calls it as its NAME.args says (savedmodel_run.py; the calls of
`--concurrent K` one after the other) and prints the outputs and every variable as tfmc prints
values: the values the test expects of tfmc. tools/tf/cross_check.py runs them in TensorFlow.

Usage: python3 tools/tf/make_savedmodels.py OUT_DIR [NAME...]   (OUT_DIR: testdata/savedmodel)
With NAMEs, only those corpus models are written again (and MANIFEST.md).
"""

import os
import shutil
import sys

import keras
import numpy as np
import tensorflow as tf

import savedmodel_run
import tfmc_results

v1 = tf.compat.v1


class MomentumModule(tf.Module):
    def __init__(self, w):
        super().__init__()
        self.w = tf.Variable(w, name="w")
        self.b = tf.Variable(0.5, name="b")
        self.opt = tf.keras.optimizers.SGD(0.1, momentum=0.9)

    @tf.function(input_signature=[tf.TensorSpec([1, 2], tf.float32)])
    def __call__(self, x):
        return tf.reduce_sum(x * self.w) + self.b

    @tf.function(input_signature=[tf.TensorSpec([1, 2], tf.float32)])
    def train_step(self, x):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(x * self.w) + self.b
        grads = tape.gradient(y, [self.w, self.b])
        self.opt.apply_gradients(zip(grads, [self.w, self.b]))
        return y


def save(module, path):
    if os.path.exists(path):
        shutil.rmtree(path)
    tf.saved_model.save(module, path, signatures={
        "serving_default": module.__call__, "train": module.train_step})


def momentum_module(out):
    m = MomentumModule([[1.0, 2.0]])
    x = tf.constant([[1.0, 1.0]])
    m.train_step(x)
    path = os.path.join(out, "momentum_module")
    save(m, path)
    loaded = tf.saved_model.load(path)
    print("momentum_module serving_default:", loaded.signatures["serving_default"](x=x))
    y = loaded.train_step(x)
    print("momentum_module train_step: output_0 =", repr(y.numpy()))
    print("   w =", repr(loaded.w.numpy()), "b =", repr(loaded.b.numpy()))
    graph = m.__call__.get_concrete_function().graph.as_graph_def()
    tf.io.write_graph(graph, out, "captured_call.pbtxt", as_text=True)


def shape_mismatch(out):
    path = os.path.join(out, "shape_mismatch")
    save(MomentumModule([[1.0, 2.0]]), path)
    shutil.rmtree(os.path.join(path, "variables"))
    other = tf.train.Checkpoint(w=tf.Variable([1.0, 2.0, 3.0]), b=tf.Variable(0.5))
    other.write(os.path.join(path, "variables", "variables"))




# The corpus: name -> (writer of OUT/name, tfmc arguments, what it shows and which outcomes).
CORPUS = {}


def corpus_model(name, args, shows):
    def register(write):
        CORPUS[name] = (write, args, shows)
        return write

    return register


def save_module(module, path):
    tf.saved_model.save(module, path)


# The data of every training step: exact in f32 through the forward and backward passes
# (dyadic values), so that tfmc's arithmetic and TensorFlow's kernels give the same bits
# wherever both compute the same sums.
MLP_X = "x=f32[1,2]{1, 2}"
MLP_Y = "y=f32[1,1]{1}"
CNN_X = "x=f32[1,3,3,1]{0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2}"
CNN_Y = "y=f32[1,1]{1}"


def squared_error(prediction, y):
    return tf.reduce_sum(tf.square(prediction - y))


class KerasTrainStep(tf.Module):
    """A Keras model with a Keras optimizer: train_step(x, y) is one step on the summed
    squared error, returning the loss before the step."""

    def __init__(self, model, optimizer, x_shape):
        super().__init__()
        self.model = model
        self.optimizer = optimizer
        self.train_step = tf.function(self.step, input_signature=[
            tf.TensorSpec(x_shape, tf.float32), tf.TensorSpec([1, 1], tf.float32)])

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = squared_error(self.model(x), y)
        variables = self.model.trainable_variables
        self.optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss


def mlp():
    """Dense 2->1 with w = [[0.5], [-0.25]], b = [0.25]: on x = [[1, 2]] and y = [[1]] the
    prediction is 0.25, the loss 0.5625, the gradients dw = [[-1.5], [-3]], db = [-1.5]."""
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.layers[0].kernel.assign([[0.5], [-0.25]])
    model.layers[0].bias.assign([0.25])
    return model


@corpus_model("keras_cnn", ["--function", "train_step", "--feed", CNN_X, "--feed", CNN_Y,
                            "--concurrent", "2"],
              "a Keras Conv2D (one 2x2 filter on a 3x3 single-channel input), Flatten and "
              "Dense(1), and a train_step with Keras SGD(0.125); two concurrent steps race on "
              "the kernels, biases and the iteration count: nondeterministic, exit 1")
def _(path):
    model = keras.Sequential([keras.Input((3, 3, 1)), keras.layers.Conv2D(1, 2),
                              keras.layers.Flatten(), keras.layers.Dense(1)])
    model.layers[0].kernel.assign(np.array([0.5, -0.25, 0.25, 1], np.float32).reshape(2, 2, 1, 1))
    model.layers[0].bias.assign([0.5])
    model.layers[2].kernel.assign([[0.5], [-0.5], [0.25], [1]])
    model.layers[2].bias.assign([0])
    save_module(KerasTrainStep(model, keras.optimizers.SGD(0.125), [1, 3, 3, 1]), path)


KERAS_OPTIMIZERS = {
    "sgd_nesterov": (lambda: keras.optimizers.SGD(0.125, momentum=0.5, nesterov=True),
                     "Keras SGD with momentum 0.5 and nesterov"),
    "adam": (lambda: keras.optimizers.Adam(0.125), "Keras Adam"),
    "adam_amsgrad": (lambda: keras.optimizers.Adam(0.125, amsgrad=True),
                     "Keras Adam with amsgrad"),
    "adamax": (lambda: keras.optimizers.Adamax(0.125), "Keras Adamax"),
    "adagrad": (lambda: keras.optimizers.Adagrad(0.125), "Keras Adagrad"),
    "adadelta": (lambda: keras.optimizers.Adadelta(1.0), "Keras Adadelta"),
    "rmsprop": (lambda: keras.optimizers.RMSprop(0.125), "Keras RMSprop"),
    "rmsprop_centered": (lambda: keras.optimizers.RMSprop(0.125, momentum=0.5, centered=True),
                         "Keras RMSprop, centered, with momentum 0.5"),
    "ftrl": (lambda: keras.optimizers.Ftrl(0.125, l1_regularization_strength=0.01,
                                           l2_regularization_strength=0.01),
             "Keras Ftrl with l1 and l2 0.01"),
}


def keras_optimizer_model(key, make, what):
    @corpus_model(f"mlp_{key}", ["--function", "train_step", "--feed", MLP_X, "--feed", MLP_Y],
                  f"one train_step of a Keras Dense 2->1 with {what}: deterministic")
    def _(path):
        save_module(KerasTrainStep(mlp(), make(), [1, 2]), path)


for _key, (_make, _what) in KERAS_OPTIMIZERS.items():
    keras_optimizer_model(_key, _make, _what)


# A hidden layer, a batch of 2 and inexact data: every product and sum rounds, so the steps
# are bit-identical to TensorFlow's only where tfmc rounds as TensorFlow's kernels do (MatMul
# fused, the matrix-vector product in lanes, the reductions in Eigen's order).
HIDDEN_X = "x=f32[2,4]{0.3, -1.2, 0.7, 2.1, -0.4, 0.9, 1.6, -0.8}"
HIDDEN_Y = "y=f32[2,1]{0.5, -1.5}"


class HiddenLayerSteps(tf.Module):
    """Dense(4 -> 16, relu) and Dense(16 -> 1) with fixed random weights and Keras SGD(0.125)
    on the mean squared error: train_step(x, y) is one step, two_steps(x, y) two in a row;
    each returns the loss before its (last) step."""

    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(28)
        self.model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(16, "relu"),
                                       keras.layers.Dense(1)])
        for w in self.model.weights:
            w.assign(rng.normal(0, 0.5, w.shape).astype(np.float32))
        self.optimizer = keras.optimizers.SGD(0.125)
        spec = [tf.TensorSpec([2, 4], tf.float32), tf.TensorSpec([2, 1], tf.float32)]
        self.train_step = tf.function(self.step, input_signature=spec)
        self.two_steps = tf.function(lambda x, y: self.step(x, y) + 0 * self.step(x, y),
                                     input_signature=spec)

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.model(x) - y))
        variables = self.model.trainable_variables
        self.optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss


@corpus_model("mlp_hidden_two_steps", ["--function", "two_steps", "--feed", HIDDEN_X,
                                       "--feed", HIDDEN_Y],
              "two serial train steps of a Dense(4 -> 16, relu), Dense(16 -> 1) model with "
              "Keras SGD(0.125) on inexact data: deterministic, every weight TensorFlow's bits")
def _(path):
    save_module(HiddenLayerSteps(), path)


@corpus_model("mlp_hidden_hogwild", ["--function", "train_step", "--feed", HIDDEN_X,
                                     "--feed", HIDDEN_Y, "--concurrent", "2"],
              "two concurrent (Hogwild) train steps of the same model: their reads and "
              "updates of the weights interleave; nondeterministic, exit 1")
def _(path):
    save_module(HiddenLayerSteps(), path)


class RawApplyStep(tf.Module):
    """w = [[0.5], [-0.25]] and b = [0.25] (mlp()'s), a slot variable per name of `slots`
    for each (`w_accum`, filled with the slot's start value), and train_step(x, y) computing
    the gradients with a tape and updating each variable with one TF1 training op of
    tf.raw_ops: apply(var, {slot: handle}, grad)."""

    def __init__(self, slots, apply):
        super().__init__()
        self.w = tf.Variable([[0.5], [-0.25]], name="w")
        self.b = tf.Variable([0.25], name="b")
        self.slots = {}
        for var, name in ((self.w, "w"), (self.b, "b")):
            self.slots[name] = {s: tf.Variable(tf.fill(var.shape, start), name=f"{name}_{s}")
                                for s, start in slots.items()}
        self.apply = apply
        self.train_step = tf.function(self.step, input_signature=[
            tf.TensorSpec([1, 2], tf.float32), tf.TensorSpec([1, 1], tf.float32)])

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = squared_error(tf.matmul(x, self.w) + self.b, y)
        grads = tape.gradient(loss, [self.w, self.b])
        for var, name, grad in ((self.w, "w", grads[0]), (self.b, "b", grads[1])):
            self.apply(var.handle, {s: v.handle for s, v in self.slots[name].items()}, grad)
        return loss


LR, BETA1, BETA2, EPS = 0.125, 0.5, 0.75, 0.25
raw = tf.raw_ops
RAW_OPS = {
    "gradient_descent": ("ResourceApplyGradientDescent", {}, lambda v, s, g: (
        raw.ResourceApplyGradientDescent(var=v, alpha=LR, delta=g))),
    "momentum": ("ResourceApplyMomentum", {"accum": 0.0}, lambda v, s, g: (
        raw.ResourceApplyMomentum(var=v, accum=s["accum"], lr=LR, grad=g, momentum=0.5))),
    "momentum_nesterov": ("ResourceApplyMomentum {use_nesterov}", {"accum": 0.0},
                          lambda v, s, g: raw.ResourceApplyMomentum(
                              var=v, accum=s["accum"], lr=LR, grad=g, momentum=0.5,
                              use_nesterov=True)),
    "keras_momentum": ("ResourceApplyKerasMomentum", {"accum": 0.0}, lambda v, s, g: (
        raw.ResourceApplyKerasMomentum(var=v, accum=s["accum"], lr=LR, grad=g, momentum=0.5))),
    "adam": ("ResourceApplyAdam", {"m": 0.0, "v": 0.0}, lambda v, s, g: raw.ResourceApplyAdam(
        var=v, m=s["m"], v=s["v"], beta1_power=BETA1, beta2_power=BETA2, lr=LR, beta1=BETA1,
        beta2=BETA2, epsilon=EPS, grad=g)),
    "adam_amsgrad": ("ResourceApplyAdamWithAmsgrad", {"m": 0.0, "v": 0.0, "vhat": 0.0},
                     lambda v, s, g: raw.ResourceApplyAdamWithAmsgrad(
                         var=v, m=s["m"], v=s["v"], vhat=s["vhat"], beta1_power=BETA1,
                         beta2_power=BETA2, lr=LR, beta1=BETA1, beta2=BETA2, epsilon=EPS,
                         grad=g)),
    "adamax": ("ResourceApplyAdaMax", {"m": 0.0, "v": 0.0}, lambda v, s, g: (
        raw.ResourceApplyAdaMax(var=v, m=s["m"], v=s["v"], beta1_power=BETA1, lr=LR,
                                beta1=BETA1, beta2=BETA2, epsilon=EPS, grad=g))),
    "adagrad": ("ResourceApplyAdagrad", {"accum": 0.25}, lambda v, s, g: (
        raw.ResourceApplyAdagrad(var=v, accum=s["accum"], lr=LR, grad=g))),
    "adagrad_v2": ("ResourceApplyAdagradV2", {"accum": 0.25}, lambda v, s, g: (
        raw.ResourceApplyAdagradV2(var=v, accum=s["accum"], lr=LR, epsilon=EPS, grad=g))),
    "adadelta": ("ResourceApplyAdadelta", {"accum": 0.0, "accum_update": 0.0},
                 lambda v, s, g: raw.ResourceApplyAdadelta(
                     var=v, accum=s["accum"], accum_update=s["accum_update"], lr=1.0,
                     rho=BETA2, epsilon=EPS, grad=g)),
    "rmsprop": ("ResourceApplyRMSProp", {"ms": 0.25, "mom": 0.0}, lambda v, s, g: (
        raw.ResourceApplyRMSProp(var=v, ms=s["ms"], mom=s["mom"], lr=LR, rho=BETA2,
                                 momentum=BETA1, epsilon=EPS, grad=g))),
    "centered_rmsprop": ("ResourceApplyCenteredRMSProp", {"mg": 0.0, "ms": 0.25, "mom": 0.0},
                         lambda v, s, g: raw.ResourceApplyCenteredRMSProp(
                             var=v, mg=s["mg"], ms=s["ms"], mom=s["mom"], lr=LR, rho=BETA2,
                             momentum=BETA1, epsilon=EPS, grad=g)),
    "ftrl": ("ResourceApplyFtrl", {"accum": 0.25, "linear": 0.0}, lambda v, s, g: (
        raw.ResourceApplyFtrl(var=v, accum=s["accum"], linear=s["linear"], grad=g, lr=LR,
                              l1=0.01, l2=0.01, lr_power=-0.5))),
    "ftrl_v2": ("ResourceApplyFtrlV2", {"accum": 0.25, "linear": 0.0}, lambda v, s, g: (
        raw.ResourceApplyFtrlV2(var=v, accum=s["accum"], linear=s["linear"], grad=g, lr=LR,
                                l1=0.01, l2=0.01, l2_shrinkage=0.02, lr_power=-0.5))),
    "proximal_gradient_descent": ("ResourceApplyProximalGradientDescent", {}, lambda v, s, g: (
        raw.ResourceApplyProximalGradientDescent(var=v, alpha=LR, l1=0.01, l2=0.01, delta=g))),
    "proximal_adagrad": ("ResourceApplyProximalAdagrad", {"accum": 0.25}, lambda v, s, g: (
        raw.ResourceApplyProximalAdagrad(var=v, accum=s["accum"], lr=LR, l1=0.01, l2=0.01,
                                         grad=g))),
}


def raw_op_model(key, op, slots, apply):
    @corpus_model(f"raw_{key}", ["--function", "train_step", "--feed", MLP_X, "--feed", MLP_Y],
                  f"one train_step of Dense 2->1 (tf.matmul) updating w and b with "
                  f"tf.raw_ops.{op} in a tf.function: deterministic")
    def _(path):
        save_module(RawApplyStep(slots, apply), path)


for _key, (_op, _slots, _apply) in RAW_OPS.items():
    raw_op_model(_key, _op, _slots, _apply)


def v1_builder_model(name, make_optimizer, what):
    @corpus_model(name, ["--signature", "train", "--feed", MLP_X, "--feed", MLP_Y],
                  f"a TF1 SavedModel (tf.compat.v1.saved_model.Builder, no object graph: "
                  f"the variables restored by their node names) of Dense 2->1 with {what}; "
                  f"its signature train returns the loss after the step: deterministic")
    def _(path):
        g = tf.Graph()
        with g.as_default():
            x = v1.placeholder(tf.float32, [1, 2], name="x")
            y = v1.placeholder(tf.float32, [1, 1], name="y")
            w = v1.get_variable("w", initializer=tf.constant([[0.5], [-0.25]]), use_resource=True)
            b = v1.get_variable("b", initializer=tf.constant([0.25]), use_resource=True)
            train = make_optimizer().minimize(squared_error(tf.matmul(x, w) + b, y))
            with tf.control_dependencies([train]):
                after = squared_error(tf.matmul(x, w.read_value()) + b.read_value(), y)
            with v1.Session(graph=g) as session:
                session.run(v1.global_variables_initializer())
                builder = v1.saved_model.Builder(path)
                signature = v1.saved_model.signature_def_utils.predict_signature_def(
                    inputs={"x": x, "y": y}, outputs={"loss": after})
                builder.add_meta_graph_and_variables(session, ["serve"],
                                                     signature_def_map={"train": signature})
                builder.save()


v1_builder_model("v1_momentum", lambda: v1.train.MomentumOptimizer(0.125, 0.5),
                 "tf.compat.v1.train.MomentumOptimizer(0.125, 0.5) (ResourceApplyMomentum)")
v1_builder_model("v1_adam", lambda: v1.train.AdamOptimizer(0.125),
                 "tf.compat.v1.train.AdamOptimizer(0.125) (ResourceApplyAdam)")


class RangeLoop(tf.Module):
    """count(n): for i in tf.range(n), if i % 2 == 0, total += i and hits += 1 (AutoGraph: a
    While whose body holds an If); returns hits."""

    def __init__(self):
        super().__init__()
        self.total = tf.Variable(1.0, name="total")

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def count(self, n):
        hits = tf.constant(0)
        for i in tf.range(n):
            if i % 2 == 0:
                self.total.assign_add(tf.cast(i, tf.float32))
                hits += 1
        return hits


@corpus_model("range_loop", ["--function", "count", "--feed", "n=i32{4}", "--max-iterations",
                             "5"],
              "a TF2 loop `for i in tf.range(n): if i % 2 == 0:` adding i to total = 1 and "
              "counting the hits: one outcome, hits = 2, total = 3 for n = 4")
def _(path):
    save_module(RangeLoop(), path)


class KerasMean(tf.Module):
    """A tf.keras.metrics.Mean after update_state(2) and update_state(4); update(x) is
    update_state(x) then result()."""

    def __init__(self):
        super().__init__()
        self.metric = keras.metrics.Mean(name="mean")
        self.metric.update_state(2.0)
        self.metric.update_state(4.0)
        # A Keras 3 metric's variables are not tracked for tf.saved_model.save: the module
        # tracks them itself, so that the checkpoint holds them.
        self.metric_variables = list(self.metric.variables)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def update(self, x):
        self.metric.update_state(x)
        return self.metric.result()


@corpus_model("keras_mean", ["--function", "update", "--feed", "x=f32{9}", "--concurrent", "2"],
              "two concurrent update(9) of a tf.keras.metrics.Mean holding total = 6, count = 2: "
              "Keras 3's update_state reads total and count and assigns the sums (not "
              "AssignAddVariableOp), so an update of each may be lost: total = 15 or 24, "
              "count = 3 or 4, and each result reads them between the other call's updates "
              "(16 outcomes)")
def _(path):
    save_module(KerasMean(), path)


class StreamingMean(tf.Module):
    """A hand-written streaming mean, total = 6 and count = 2: update(x) assigns total + x
    and count + 1 as reads and writes, and returns total / count read after them."""

    def __init__(self):
        super().__init__()
        self.total = tf.Variable(6.0, name="total")
        self.count = tf.Variable(2.0, name="count")

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def update(self, x):
        self.total.assign(self.total + x)
        self.count.assign(self.count + 1.0)
        return self.total / self.count


@corpus_model("streaming_mean", ["--function", "update", "--feed", "x=f32{9}", "--concurrent",
                                 "2"],
              "two concurrent update(9) of a hand-written streaming mean (total = 6, count = 2; "
              "total.assign(total + x), count.assign(count + 1)): an update of each may be lost "
              "(total = 15 or 24, count = 3 or 4; 16 outcomes)")
def _(path):
    save_module(StreamingMean(), path)


class CapturedConstant(tf.Module):
    """scaled(x) = x * scale + w, where scale is a tensor the function closes over: the
    SavedModel keeps it as a captured constant (a TrackableConstant naming a Const node of the
    graph), as Keras's Normalization layer in EfficientNet keeps its mean and variance."""

    def __init__(self):
        super().__init__()
        self.w = tf.Variable([0.5, -1.5], name="w")
        self.scale = tf.constant([3.0, 0.25])

    @tf.function(input_signature=[tf.TensorSpec([2], tf.float32)])
    def scaled(self, x):
        return x * self.scale + self.w


@corpus_model("captured_constant", ["--function", "scaled", "--feed", "x=f32[2]{2, 4}"],
              "a tf.function capturing a constant tensor (scale = [3, 0.25]) beside a variable "
              "(w = [0.5, -1.5]): scaled(x) = x * scale + w, one outcome, [6.5, -0.5]")
def _(path):
    save_module(CapturedConstant(), path)


def print_outcome(name, directory, args):
    """The outputs and every variable after the calls of `args`, one after the other, as
    TensorFlow computes them from the saved model."""
    run = savedmodel_run.SavedModelRun(directory, args)
    for _ in range(run.concurrent):
        outputs = run.call()
    values = {**outputs, **run.read(sorted(run.variables))}
    print(f"{name}: " + ", ".join(f"{k} = {tfmc_results.format_value(v)}"
                                  for k, v in values.items()))


def write_corpus(out, only=None):
    manifest = ["# The TensorFlow SavedModel corpus", "",
                "Written by tools/tf/make_savedmodels.py with TensorFlow " + tf.__version__ +
                " (Keras " + keras.__version__ + "); each NAME.args holds the arguments of "
                "`tfmc check NAME/saved_model.pb` for its run. "
                "tests/semantics/graphdef/saved_model_corpus_test.cpp checks each model's "
                "outcomes, and tools/tf/cross_check.py runs them in TensorFlow. "
                "`momentum_module`, `captured_call.pbtxt` and `shape_mismatch` belong to "
                "tests/semantics/graphdef/saved_model_test.cpp.",
                "", "| model | run | what it shows |", "| --- | --- | --- |"]
    for name, (write, args, shows) in CORPUS.items():
        manifest.append(f"| `{name}/` | `{' '.join(args)}` | {shows} |")
        if only and name not in only:
            continue
        path = os.path.join(out, name)
        if os.path.exists(path):
            shutil.rmtree(path)
        # Keras names each layer and optimizer uniquely in the process (`sequential_1`):
        # cleared, every model's variables are named as if it were the only one.
        keras.backend.clear_session()
        write(path)
        remove_fingerprint(path)
        with open(os.path.join(out, f"{name}.args"), "w") as f:
            f.write("\n".join(args) + "\n")
        print_outcome(name, path, args)
    with open(os.path.join(out, "MANIFEST.md"), "w") as f:
        f.write("\n".join(manifest) + "\n")


def remove_fingerprint(path):
    # fingerprint.pb holds hashes that change from run to run; tfmc does not read it.
    fingerprint = os.path.join(path, "fingerprint.pb")
    if os.path.exists(fingerprint):
        os.remove(fingerprint)


def write_all(out, only):
    os.makedirs(out, exist_ok=True)
    if only:
        return write_corpus(out, only)
    # momentum_module first: its functions' names (__inference_train_step_230) count the
    # functions traced before it, and saved_model_test.cpp names them.
    momentum_module(out)
    shape_mismatch(out)
    for model in ("momentum_module", "shape_mismatch"):
        remove_fingerprint(os.path.join(out, model))
    write_corpus(out)


if __name__ == "__main__":
    write_all(sys.argv[1], sys.argv[2:])
