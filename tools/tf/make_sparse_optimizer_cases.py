"""Writes tests/gpu_eval/sparse_optimizer_step_cases.inc: one step of each sparse optimizer kernel
as TensorFlow computes it (tf.raw_ops.ResourceSparseApply* on the CPU), inputs and results as
tfmc literals with hex floats, so that the test compares bits. The indices repeat a row (3 at
offsets 0, 2 and 4), so each case also records how TensorFlow applies duplicates; the variables
are 1-D (TensorFlow's one-element-row branch) and of rows of several elements, f32 and f64, with
i32 and i64 indices.

With --measure it prints instead how often TensorFlow's f32 Adagrad and RMSProp rows of 16
elements (two whole SIMD packets, where Eigen's rsqrt is approximate) differ from the same
expressions with 1 / sqrt, as tfmc computes them, and by how many ulps at most.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_sparse_optimizer_cases.py OUT | --measure
"""
import sys

import numpy as np
import tensorflow as tf
from tfmc_results import ulp_distances

from step_cases import literal, variable_values, write_cases

rng = np.random.default_rng(2027)

# tfmc's Step function, TensorFlow's op, its variable inputs, its other inputs (name, kind) in
# TensorFlow's order without indices, which follow grad: 'g' the gradient, an int the i64
# global step, a float a scalar; then its attribute sets and hyperparameter variants.
OPS = [
    ("SparseAdagradStep", "Adagrad", ["var", "accum"], [("lr", 0.1), ("grad", "g")],
     [{"update_slots": True}, {"update_slots": False}], [{}]),
    ("SparseAdagradV2Step", "AdagradV2", ["var", "accum"],
     [("lr", 0.1), ("epsilon", 1e-7), ("grad", "g")], [{"update_slots": True}], [{}]),
    ("SparseAdagradDAStep", "AdagradDA", ["var", "gradient_accumulator",
                                          "gradient_squared_accumulator"],
     [("grad", "g"), ("lr", 0.1), ("l1", 0.05), ("l2", 0.01), ("global_step", 3)], [{}],
     [{}, {"l1": 0.0}]),
    ("SparseAdadeltaStep", "Adadelta", ["var", "accum", "accum_update"],
     [("lr", 1.0), ("rho", 0.95), ("epsilon", 1e-7), ("grad", "g")], [{}], [{}]),
    ("SparseMomentumStep", "Momentum", ["var", "accum"],
     [("lr", 0.1), ("grad", "g"), ("momentum", 0.9)],
     [{"use_nesterov": False}, {"use_nesterov": True}], [{}]),
    ("SparseKerasMomentumStep", "KerasMomentum", ["var", "accum"],
     [("lr", 0.1), ("grad", "g"), ("momentum", 0.9)],
     [{"use_nesterov": False}, {"use_nesterov": True}], [{}]),
    ("SparseRMSPropStep", "RMSProp", ["var", "ms", "mom"],
     [("lr", 0.01), ("rho", 0.9), ("momentum", 0.5), ("epsilon", 1e-7), ("grad", "g")], [{}],
     [{}]),
    ("SparseCenteredRMSPropStep", "CenteredRMSProp", ["var", "mg", "ms", "mom"],
     [("lr", 0.01), ("rho", 0.9), ("momentum", 0.5), ("epsilon", 1e-7), ("grad", "g")], [{}],
     [{}]),
    ("SparseFtrlStep", "Ftrl", ["var", "accum", "linear"],
     [("grad", "g"), ("lr", 0.1), ("l1", 0.05), ("l2", 0.01), ("lr_power", -0.5)],
     [{"multiply_linear_by_lr": False}, {"multiply_linear_by_lr": True}], [{}]),
    ("SparseFtrlV2Step", "FtrlV2", ["var", "accum", "linear"],
     [("grad", "g"), ("lr", 0.1), ("l1", 0.05), ("l2", 0.01), ("l2_shrinkage", 0.02),
      ("lr_power", -0.5)],
     [{"multiply_linear_by_lr": False}, {"multiply_linear_by_lr": True}], [{}]),
    ("SparseProximalAdagradStep", "ProximalAdagrad", ["var", "accum"],
     [("lr", 0.1), ("l1", 0.05), ("l2", 0.01), ("grad", "g")], [{}], [{}, {"l1": 0.0}]),
    ("SparseProximalGradientDescentStep", "ProximalGradientDescent", ["var"],
     [("alpha", 0.1), ("l1", 0.05), ("l2", 0.01), ("grad", "g")], [{}], [{}, {"l1": 0.0}]),
]
# Rows of 7 elements stay below one SIMD packet of 8 f32 (FORMAT.md: where TensorFlow's Eigen
# takes its approximate packet rsqrt the bits may differ); rows of 11 have a packet and a tail.
SHAPES = [(5,), (5, 1), (4, 7), (4, 2, 3)]
WIDE = (4, 11)
RSQRT = {"SparseAdagradStep", "SparseAdadeltaStep", "SparseProximalAdagradStep",
         "SparseRMSPropStep", "SparseCenteredRMSPropStep"}
INDICES = [3, 0, 3, 1, 3]


def cases():
    count = 0
    for step, op, var_names, tensors, attr_sets, variants in OPS:
        shapes = SHAPES + ([] if step in RSQRT else [WIDE])
        for dt in (np.float32, np.float64):
            for shape in shapes:
                for attrs in attr_sets:
                    for variant in variants:
                        count += 1
                        index_dt = np.int32 if count % 2 else np.int64
                        vals = {v: variable_values(v, shape, dt, rng) for v in var_names}
                        handles = [tf.Variable(vals[v]) for v in var_names]
                        kw = {v: h.handle for v, h in zip(var_names, handles)}
                        args = [literal(vals[v], dt) for v in var_names]
                        for name, kind in tensors:
                            if kind == "g":
                                g = rng.standard_normal((len(INDICES),) + shape[1:]).astype(dt)
                                kw[name] = g
                                kw["indices"] = np.array(INDICES, index_dt)
                                args.append(literal(g, dt))
                                bits = "i32" if index_dt == np.int32 else "i64"
                                args.append(f"{bits}[{len(INDICES)}]{{{', '.join(map(str, INDICES))}}}")
                            elif isinstance(kind, int):
                                kw[name] = np.int64(kind)
                                args.append(f"i64{{{kind}}}")
                            else:
                                kw[name] = dt(variant.get(name, kind))
                                args.append(literal(kw[name], dt))
                        getattr(tf.raw_ops, "ResourceSparseApply" + op)(**kw, **attrs)
                        outs = [literal(h.numpy(), dt) for h in handles]
                        yield step, attrs, args, outs


def measure_packets(rows=2000, width=16):
    f = np.float32
    var = rng.standard_normal((rows, width)).astype(f)
    grad = rng.standard_normal((rows, width)).astype(f)
    slot = (np.abs(rng.standard_normal((rows, width))) + 0.5).astype(f)
    mom = rng.standard_normal((rows, width)).astype(f)
    indices = np.arange(rows, dtype=np.int32)
    v, a = tf.Variable(var), tf.Variable(slot)
    tf.raw_ops.ResourceSparseApplyAdagrad(var=v.handle, accum=a.handle, lr=f(0.1), grad=grad,
                                          indices=indices)
    exact = var - grad * f(0.1) * (f(1) / np.sqrt(slot + grad * grad))
    u = ulp_distances(v.numpy(), exact)
    print(f"Adagrad: {np.mean(u > 0):.4f} of elements differ, at most {u.max()} ulps")
    v, ms, mo = tf.Variable(var), tf.Variable(slot), tf.Variable(mom)
    tf.raw_ops.ResourceSparseApplyRMSProp(var=v.handle, ms=ms.handle, mom=mo.handle, lr=f(0.01),
                                          rho=f(0.9), momentum=f(0.5), epsilon=f(1e-7),
                                          grad=grad, indices=indices)
    ms1 = slot * f(0.9) + grad * grad * (f(1) - f(0.9))
    exact = var - (mom * f(0.5) + (f(1) / np.sqrt(ms1 + f(1e-7))) * f(0.01) * grad)
    u = ulp_distances(v.numpy(), exact)
    print(f"RMSProp: {np.mean(u > 0):.4f} of elements differ, at most {u.max()} ulps")


def main(out):
    write_cases(out, "make_sparse_optimizer_cases.py", cases())


if __name__ == "__main__":
    if sys.argv[1] == "--measure":
        measure_packets()
    else:
        main(sys.argv[1])
