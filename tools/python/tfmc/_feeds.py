"""Python values as the literals of ``--feed NAME=VALUE`` (FORMAT.md, "Concrete tensors").

A ``str`` is a symbol's name. Anything else becomes a concrete tensor through NumPy: NumPy arrays
and scalars (and TensorFlow tensors, through ``numpy()``) keep their dtype; Python floats, ints and
bools, and lists of them, take the dtype TensorFlow gives them (float32, int32, bool). Floats are
written as C hex floats, so every bit reaches tfmc as it is.
"""

import numpy as np

_DTYPES = {
    np.dtype(np.float32): "f32",
    np.dtype(np.float64): "f64",
    np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64",
    np.dtype(np.bool_): "bool",
}


def _array(value):
    if hasattr(value, "numpy") and not isinstance(value, np.ndarray):
        value = value.numpy()
    if isinstance(value, (np.ndarray, np.generic)):
        return np.asarray(value)
    array = np.asarray(value)
    if array.dtype == np.float64:
        return array.astype(np.float32)
    if array.dtype == np.int64:
        return array.astype(np.int32)
    return array


def _element(x, dtype):
    if dtype == "bool":
        return "true" if x else "false"
    if dtype in ("f32", "f64"):
        return float(x).hex()
    return str(int(x))


def literal(value):
    """The tfmc literal (or symbol name) for ``value``; TypeError for a dtype tfmc lacks."""
    if isinstance(value, str):
        return value
    array = _array(value)
    dtype = _DTYPES.get(array.dtype)
    if dtype is None:
        raise TypeError(f"tfmc: cannot feed a value of dtype {array.dtype}: tfmc has f32, f64, "
                        "i32, i64 and bool")
    elements = ", ".join(_element(x, dtype) for x in array.reshape(-1).tolist())
    shape = "" if array.ndim == 0 else "[" + ",".join(str(d) for d in array.shape) + "]"
    return f"{dtype}{shape}{{{elements}}}"


def feed_texts(feed):
    """``--feed`` texts, NAME=VALUE, for a mapping of names to values."""
    return [f"{name}={literal(value)}" for name, value in (feed or {}).items()]
