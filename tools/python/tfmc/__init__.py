"""tfmc from Python: check that a TensorFlow graph, a tf.function or a .tfg program computes one
thing under every schedule, and that a rewrite adds no outcome.

    >>> import tfmc
    >>> print(tfmc.check("specs/paper/figure1.tfg"))       # the text report of `tfmc check`
    >>> tfmc.testing.assert_deterministic(train_step, x, concurrent=2)

tfmc.check, tfmc.compare and tfmc.races are the commands of the same names; tfmc.testing holds
assertions for tests. Every call explores in C++ with the GIL released; Ctrl-C stops it.
"""

from . import testing
from ._checking import check, compare, races
from ._errors import Error, InputError, InternalError
from ._results import Comparison, Outcome, Race, RaceList, Result, Symbolic
from ._sources import Graph
from ._tfmc import set_error_types as _set_error_types

_set_error_types(InputError, InternalError)

__all__ = ["check", "compare", "races", "testing", "Graph", "Result", "Outcome", "Race",
           "RaceList", "Comparison", "Symbolic", "Error", "InputError", "InternalError"]
