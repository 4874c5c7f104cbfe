"""Writes tests/gpu_eval/optimizer_step_cases.inc: one step of each optimizer kernel as
TensorFlow computes it (tf.raw_ops.ResourceApply* on the CPU), inputs and results as tfmc
literals with hex floats, so that the test compares bits.

Run with the TensorFlow of tools/tf/setup_venv.sh:  python tools/tf/make_optimizer_cases.py OUT
"""
import sys

import numpy as np
import tensorflow as tf

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
POSITIVE = {"accum", "v", "vhat", "ms", "accum_update"}


def literal(a, dt):
    name = "f32" if dt == np.float32 else "f64"
    a = np.asarray(a, dtype=dt)
    items = ", ".join(float(x).hex() for x in a.reshape(-1))
    if a.ndim == 0:
        return f"{name}{{{items}}}"
    return f"{name}[{','.join(map(str, a.shape))}]{{{items}}}"


def var_values(name, n, dt):
    a = rng.standard_normal(n).astype(dt)
    if name in POSITIVE:
        return np.abs(a) + dt(0.5)
    if name == "mg":
        return a * dt(0.1)
    return a


def cases():
    for step, op, var_names, tensors, attr_sets in OPS:
        for dt in (np.float32, np.float64):
            n = 7 if (dt == np.float32 and step in RSQRT) else 9
            for attrs in attr_sets:
                for variant in VARIANTS.get(step, [{}]):
                    vals = {v: var_values(v, n, dt) for v in var_names}
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


def main(out):
    lines = ["// Written by tools/tf/make_optimizer_cases.py with TensorFlow " + tf.__version__ +
             ": {step, {attribute, value}..., arguments, TensorFlow's results}.",
             "// clang-format off"]
    for step, attrs, args, outs in cases():
        a = ", ".join(f'{{"{k}", {str(v).lower()}}}' for k, v in attrs.items())
        lines.append(f'{{"{step}", {{{a}}},')
        lines.append("  {" + ", ".join(f'"{x}"' for x in args) + "},")
        lines.append("  {" + ", ".join(f'"{x}"' for x in outs) + "}},")
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
