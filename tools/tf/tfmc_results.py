"""tfmc's results as the cross-checks compare them with TensorFlow's.

Values (specs/FORMAT.md, "How values print"): parse_value turns a text such as
`f32[1,2]{0.71, 1.71}` into a comparable key, format_value turns an array into the text tfmc
prints for it, and tensor_key makes the key of an array. Keys compare floats by their bits in
their own dtype, every NaN as one value; a text that is not a concrete tensor (a term,
`Error(uninitialized)`) is its own key ("text", TEXT).

Distances: ulp_distances gives how many units in the last place apart two float arrays are,
element by element.

Runs: read_args reads a NAME.args file, options picks a flag's values. Outcomes (FORMAT.md,
"The JSON result"): tfmc_check runs `tfmc check ... --json` and gives its
outcomes as dicts of keys; print_figures prints a check's line of the figures table.
"""

import json
import re
import subprocess

import numpy as np

DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64,
          "bool": np.bool_}
NAMES = {np.dtype(t): name for name, t in DTYPES.items()}


def parse_array(text):
    """The numpy array of a concrete tensor text, or None for any other value."""
    m = re.fullmatch(r"(f32|f64|i32|i64|bool)(?:\[([0-9,]*)\])?\{(.*)\}", text)
    if not m:
        return None
    dtype = DTYPES[m.group(1)]
    shape = tuple(int(d) for d in m.group(2).split(",") if d) if m.group(2) is not None else ()
    items = [s.strip() for s in m.group(3).split(",") if s.strip()]
    if dtype is np.bool_:
        values = [s == "true" for s in items]
    elif dtype in (np.float32, np.float64):
        values = [float(s) for s in items]
    else:
        values = [int(s) for s in items]
    if len(values) == 1:  # one element fills the whole shape (FORMAT.md, "Concrete tensors")
        return np.full(shape, values[0], dtype=dtype)
    return np.array(values, dtype=dtype).reshape(shape)


def parse_value(text):
    """tfmc's value text as a comparable key."""
    array = parse_array(text)
    return ("text", text) if array is None else tensor_key(array)


def tensor_key(array):
    array = np.asarray(array)
    if array.dtype.kind in "SUO":
        text = '"' + array.item().decode() + '"' if array.ndim == 0 else repr(array)
        return ("text", text)
    if array.dtype.kind == "f":
        # Every NaN is one value (FORMAT.md): canonical bits.
        array = np.where(np.isnan(array), np.array(np.nan, dtype=array.dtype), array)
    return ("tensor", array.dtype.str, array.shape, array.tobytes())


def format_element(x):
    if isinstance(x, np.bool_):
        return "true" if x else "false"
    if isinstance(x, np.floating):
        if np.isnan(x):
            return "nan"
        if np.isinf(x):
            return "inf" if x > 0 else "-inf"
        # numpy prints the shortest digits of x in its own dtype, laid out as Python's repr.
        text = str(x)
        return text[:-2] if text.endswith(".0") else text
    return str(int(x))


def format_value(array):
    """The text tfmc prints for the concrete tensor `array`."""
    array = np.asarray(array)
    name = NAMES[array.dtype]
    shape = "" if array.ndim == 0 else "[" + ",".join(str(d) for d in array.shape) + "]"
    return f"{name}{shape}{{{', '.join(format_element(x) for x in array.reshape(-1))}}}"


def ulp_distances(a, b):
    """The distance of each element of f32 or f64 array a from b's in units in the last place
    (its bits as integers ordered as the floats they are; -0 and +0 are 0 apart)."""
    bits = {np.dtype(np.float32): np.int32, np.dtype(np.float64): np.int64}[np.asarray(a).dtype]
    total = np.iinfo(bits).min

    def ordered(x):
        i = np.asarray(x).view(bits).astype(np.int64)
        return np.where(i < 0, total - i, i)

    return np.abs(ordered(a) - ordered(b))


def read_args(path):
    """The arguments of a NAME.args file, one a line."""
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


def options(args, flag):
    """The values of every `flag VALUE` in args."""
    return [args[i + 1] for i, a in enumerate(args) if a == flag]


def is_term(key):
    """Whether tfmc's value is a symbol or a term: what an op without a mapping computes."""
    return key[0] == "text" and not key[1].startswith(("Error(", '"', "DEAD", "EMPTY"))


def tfmc_check(tfmc, path, args):
    """tfmc's outcomes of `tfmc check PATH ARGS --json`: (outcomes, stuck), each outcome a
    dict {"outputs": {name: key}, "variables": {name: key}} of the runs that finished, stuck
    whether some run got stuck. Raises RuntimeError when tfmc rejects the file or does not
    explore it completely."""
    r = subprocess.run([tfmc, "check", path, *args, "--json", "--quiet"],
                       capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"tfmc rejected {path} (exit {r.returncode}): {r.stderr.strip()}")
    doc = json.loads(r.stdout)
    if not doc["complete"]:
        raise RuntimeError(f"tfmc's exploration of {path} is incomplete")
    outcomes = [{part: {k: parse_value(v) for k, v in o[part].items()}
                 for part in ("outputs", "variables")}
                for o in doc["outcomes"] if not o["stuck"]]
    return outcomes, any(o["stuck"] for o in doc["outcomes"])


def print_figures(ok, name, runs, seen, expected, reached):
    """A line of the figures table; `reached` None (printed `-`) where tfmc's outcomes hold
    terms, which any value matches."""
    print(f"{'ok' if ok else 'FAIL':4} {name:30} runs {runs:6}  TensorFlow outcomes "
          f"{seen:2}  tfmc outcomes {expected:3}  tfmc outcomes TensorFlow reached "
          f"{'-' if reached is None else reached:>3}")
