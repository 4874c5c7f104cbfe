"""What the scripts that record TensorFlow's optimizer steps share (make_optimizer_cases.py,
make_sparse_optimizer_cases.py): random values for a variable or slot, a numpy value as the
tfmc literal of its exact bits (hex floats), and the .inc file of cases that tests/gpu_eval/*optimizer_step_test.cpp include,
`{step, {attribute, value}..., arguments, TensorFlow's results},` per case."""
import numpy as np
import tensorflow as tf


# The slots that must be positive (square roots and divisions of them).
POSITIVE = {"accum", "v", "vhat", "ms", "accum_update", "gradient_squared_accumulator"}


def variable_values(name, shape, dt, rng):
    """Standard normal values from `rng` for variable or slot `name`: above 0.5 for a positive
    slot, scaled by 0.1 for a centered RMSProp's mean gradient `mg`."""
    a = rng.standard_normal(shape).astype(dt)
    if name in POSITIVE:
        return np.abs(a) + dt(0.5)
    if name == "mg":
        return a * dt(0.1)
    return a


def literal(a, dt):
    name = "f32" if dt == np.float32 else "f64"
    a = np.asarray(a, dtype=dt)
    items = ", ".join(float(x).hex() for x in a.reshape(-1))
    if a.ndim == 0:
        return f"{name}{{{items}}}"
    return f"{name}[{','.join(map(str, a.shape))}]{{{items}}}"


def write_cases(out, script, cases):
    """Writes `cases`, (step, attributes, argument literals, result literals) tuples, to `out`
    as `script` (the path under tools/tf/ that recorded them) with this TensorFlow."""
    lines = [f"// Written by tools/tf/{script} with TensorFlow " + tf.__version__ +
             ": {step, {attribute, value}..., arguments, TensorFlow's results}.",
             "// clang-format off"]
    for step, attrs, args, outs in cases:
        a = ", ".join(f'{{"{k}", {str(v).lower()}}}' for k, v in attrs.items())
        lines.append(f'{{"{step}", {{{a}}},')
        lines.append("  {" + ", ".join(f'"{x}"' for x in args) + "},")
        lines.append("  {" + ", ".join(f'"{x}"' for x in outs) + "}},")
    lines.append("// clang-format on")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
