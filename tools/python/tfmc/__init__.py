"""tfmc from Python: check that a TensorFlow graph, a tf.function or a .tfg program computes one
thing under every schedule, and that a rewrite adds no outcome.

    >>> import tfmc
    >>> print(tfmc.check("specs/paper/figure1.tfg"))       # the text report of `tfmc check`
    >>> tfmc.testing.assert_deterministic(train_step, x, concurrent=2)

tfmc.check, tfmc.compare and tfmc.races are the commands of the same names; tfmc.testing holds
assertions for tests. Every call explores in C++ with the GIL released; Ctrl-C stops it.
"""

import os as _os
import sys as _sys

# The extension links the system's protobuf; TensorFlow carries its own, whose symbols it makes
# global. Loaded with RTLD_DEEPBIND, the extension and the libraries it links use their own
# symbols first, so each uses its own protobuf, whichever is imported first.
_flags = _sys.getdlopenflags()
_sys.setdlopenflags(_flags | _os.RTLD_DEEPBIND)
try:
    from . import _tfmc  # noqa: F401
finally:
    _sys.setdlopenflags(_flags)

from . import testing  # noqa: E402
from ._checking import check, compare, races  # noqa: E402
from ._errors import Error, InputError, InternalError  # noqa: E402
from ._results import Comparison, Outcome, Race, RaceList, Result, Symbolic  # noqa: E402
from ._sources import Graph  # noqa: E402
from ._tfmc import set_error_types as _set_error_types  # noqa: E402

_set_error_types(InputError, InternalError)

__all__ = ["check", "compare", "races", "testing", "Graph", "Result", "Outcome", "Race",
           "RaceList", "Comparison", "Symbolic", "Error", "InputError", "InternalError"]
