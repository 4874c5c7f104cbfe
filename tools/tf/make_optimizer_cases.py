"""Writes tests/gpu_eval/optimizer_step_cases.inc: one step of each optimizer kernel as
TensorFlow computes it (tf.raw_ops.ResourceApply* on the CPU), inputs and results as tfmc
literals with hex floats, so that the test compares bits.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_optimizer_cases.py OUT
"""
import itertools
import math
import sys

import numpy as np
import tensorflow as tf

from step_cases import literal, variable_values, write_cases

rng = np.random.default_rng(2026)

# tfmc's Step function, TensorFlow's op, the names of its variable inputs, its other inputs
# (name, kind) in TensorFlow's order: 'g' var-shaped, 'p' positive var-shaped, a number a scalar.
OPS = [
    ("MomentumStep", "ResourceApplyMomentum", ["var", "accum"],
     [("lr", 0.1), ("grad", "g"), ("momentum", 0.9)], [{"use_nesterov": False}, {"use_nesterov": True}]),
    ("AdamStep", "ResourceApplyAdam", ["var", "m", "v"],
     [("beta1_power", 0.81), ("beta2_power", 0.998001), ("lr", 0.01), ("beta1", 0.9),
      ("beta2", 0.999), ("epsilon", 1e-7), ("grad", "g")],
     [{"use_nesterov": False}, {"use_nesterov": True}]),
    ("AdamWithAmsgradStep", "ResourceApplyAdamWithAmsgrad", ["var", "m", "v", "vhat"],
     [("beta1_power", 0.81), ("beta2_power", 0.998001), ("lr", 0.01), ("beta1", 0.9),
      ("beta2", 0.999), ("epsilon", 1e-7), ("grad", "g")], [{}]),
    ("AdaMaxStep", "ResourceApplyAdaMax", ["var", "m", "v"],
     [("beta1_power", 0.81), ("lr", 0.01), ("beta1", 0.9), ("beta2", 0.999), ("epsilon", 1e-7),
      ("grad", "g")], [{}]),
    ("AdagradStep", "ResourceApplyAdagrad", ["var", "accum"],
     [("lr", 0.1), ("grad", "g")], [{"update_slots": True}, {"update_slots": False}]),
    ("AdagradV2Step", "ResourceApplyAdagradV2", ["var", "accum"],
     [("lr", 0.1), ("epsilon", 1e-7), ("grad", "g")],
     [{"update_slots": True}, {"update_slots": False}]),
    ("AdadeltaStep", "ResourceApplyAdadelta", ["var", "accum", "accum_update"],
     [("lr", 1.0), ("rho", 0.95), ("epsilon", 1e-7), ("grad", "g")], [{}]),
    ("RMSPropStep", "ResourceApplyRMSProp", ["var", "ms", "mom"],
     [("lr", 0.01), ("rho", 0.9), ("momentum", 0.5), ("epsilon", 1e-7), ("grad", "g")], [{}]),
    ("CenteredRMSPropStep", "ResourceApplyCenteredRMSProp", ["var", "mg", "ms", "mom"],
     [("lr", 0.01), ("rho", 0.9), ("momentum", 0.5), ("epsilon", 1e-7), ("grad", "g")], [{}]),
    ("FtrlStep", "ResourceApplyFtrl", ["var", "accum", "linear"],
     [("grad", "g"), ("lr", 0.1), ("l1", 0.05), ("l2", 0.01), ("lr_power", -0.5)],
     [{"multiply_linear_by_lr": False}, {"multiply_linear_by_lr": True}]),
    ("FtrlV2Step", "ResourceApplyFtrlV2", ["var", "accum", "linear"],
     [("grad", "g"), ("lr", 0.1), ("l1", 0.05), ("l2", 0.01), ("l2_shrinkage", 0.02),
      ("lr_power", -0.5)],
     [{"multiply_linear_by_lr": False}, {"multiply_linear_by_lr": True}]),
    ("ProximalGradientDescentStep", "ResourceApplyProximalGradientDescent", ["var"],
     [("alpha", 0.1), ("l1", 0.05), ("l2", 0.01), ("delta", "g")], [{}]),
    ("ProximalAdagradStep", "ResourceApplyProximalAdagrad", ["var", "accum"],
     [("lr", 0.1), ("l1", 0.05), ("l2", 0.01), ("grad", "g")], [{}]),
    ("KerasMomentumStep", "ResourceApplyKerasMomentum", ["var", "accum"],
     [("lr", 0.1), ("grad", "g"), ("momentum", 0.9)], [{"use_nesterov": False}, {"use_nesterov": True}]),
]
# Variants of a scalar hyperparameter, per op: the other branch of the kernel.
VARIANTS = {
    "ProximalGradientDescentStep": [{}, {"l1": 0.0}],
    "ProximalAdagradStep": [{}, {"l1": 0.0}],
}
# f32 kernels whose TensorFlow CPU code takes Eigen's approximate packet rsqrt for whole
# packets (see FORMAT.md): their f32 cases stay below one packet, where TensorFlow computes
# 1 / sqrt(x) exactly rounded as tfmc does.
RSQRT = {"AdagradStep", "AdadeltaStep", "ProximalAdagradStep"}


def cases():
    for step, op, var_names, tensors, attr_sets in OPS:
        for dt in (np.float32, np.float64):
            n = 7 if (dt == np.float32 and step in RSQRT) else 9
            for attrs in attr_sets:
                for variant in VARIANTS.get(step, [{}]):
                    vals = {v: variable_values(v, n, dt, rng) for v in var_names}
                    ins = {}
                    for name, kind in tensors:
                        if kind == "g":
                            g = rng.standard_normal(n).astype(dt)
                            g[0] = 0  # a zero gradient
                            ins[name] = g
                        else:
                            ins[name] = dt(variant.get(name, kind))
                    handles = [tf.Variable(vals[v]) for v in var_names]
                    getattr(tf.raw_ops, op)(
                        **{v: h.handle for v, h in zip(var_names, handles)}, **ins, **attrs)
                    args = [literal(vals[v], dt) for v in var_names] + [
                        literal(ins[name], dt) for name, _ in tensors]
                    outs = [literal(h.numpy(), dt) for h in handles]
                    yield step, attrs, args, outs


# The optimizers recorded later, from a generator of their own so that the cases above keep
# their values: each on several shapes, a scalar among them, whose elements fill whole packets
# and leave a tail (PowerSign's exp is Eigen's approximation in whole packets of 8 f32 or 4 f64,
# C's exp past them). AdagradDA's global_step is an i64; 2^24 + 1 shows
# that TensorFlow rounds it to float for f64 too.
later_rng = np.random.default_rng(2028)
LATER_SHAPES = [(), (3,), (5,), (9,), (2, 9)]
LATER_OPS = [
    ("AdagradDAStep", "ResourceApplyAdagradDA",
     ["var", "gradient_accumulator", "gradient_squared_accumulator"],
     [("grad", "g"), ("lr", 0.1), ("l1", 0.05), ("l2", 0.01), ("global_step", 3)],
     [{}, {"l1": 0.0}, {"l1": 0.0, "global_step": 2**24 + 1}]),
    ("AddSignStep", "ResourceApplyAddSign", ["var", "m"],
     [("lr", 0.1), ("alpha", 1.0), ("sign_decay", 0.9), ("beta", 0.9), ("grad", "g")],
     [{}, {"alpha": 0.5, "sign_decay": 0.25}]),
    ("PowerSignStep", "ResourceApplyPowerSign", ["var", "m"],
     [("lr", 0.1), ("logbase", math.log(2)), ("sign_decay", 0.9), ("beta", 0.9), ("grad", "g")],
     [{}, {"logbase": 1.0}, {"logbase": 0.3, "sign_decay": 0.7},
      # beta 0 makes every sign(grad) * sign(m) 1, so that every element takes e^-0.21 (f32) or
      # e^-0.39393514636137295 (f64), where Eigen's packet exp and C's exp differ by an ulp.
      {"logbase": 0.3, "sign_decay": -0.7, "beta": 0.0},
      {"logbase": -0.39393514636137295, "sign_decay": 1.0, "beta": 0.0}]),
]


def later_cases():
    for step, op, var_names, tensors, variants in LATER_OPS:
        for dt in (np.float32, np.float64):
            for shape in LATER_SHAPES:
                for variant in variants:
                    vals = {v: variable_values(v, shape, dt, later_rng) for v in var_names}
                    ins, args = {}, [literal(vals[v], dt) for v in var_names]
                    for name, kind in tensors:
                        value = variant.get(name, kind)
                        if kind == "g":
                            ins[name] = later_rng.standard_normal(shape).astype(dt)
                            args.append(literal(ins[name], dt))
                        elif isinstance(kind, int):
                            ins[name] = np.int64(value)
                            args.append(f"i64{{{value}}}")
                        else:
                            ins[name] = dt(value)
                            args.append(literal(ins[name], dt))
                    handles = [tf.Variable(vals[v]) for v in var_names]
                    getattr(tf.raw_ops, op)(
                        **{v: h.handle for v, h in zip(var_names, handles)}, **ins)
                    yield step, {}, args, [literal(h.numpy(), dt) for h in handles]


def main(out):
    write_cases(out, "make_optimizer_cases.py", itertools.chain(cases(), later_cases()))


if __name__ == "__main__":
    main(sys.argv[1])
