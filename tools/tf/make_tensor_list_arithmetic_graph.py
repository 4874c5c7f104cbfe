"""Writes testdata/graphdef/tensor_list_arithmetic/: a TF1 graph of AddN and ZerosLike on
TensorLists (DT_VARIANT), the ops a recurrent layer's gradient sums and zeroes its lists with,
as TensorFlow 2.21 runs them (FORMAT.md, "TensorLists"), with lists.args (the fetches) and
lists.expected (`NAME = LITERAL` per fetched node: TensorFlow's values, hex floats), for
tests/semantics/graphdef/tensorflow_valued_graphs_test.cpp. A list cannot be fetched, so each
is read back with TensorListStack (or TensorListElementShape, TensorListLength):

  zeros_of_set     ZerosLike of a list of set elements, stacked: zeros of each element
  unset_kept       AddN(ZerosLike(r), a), r with element 0 unset and a's element 0 holding
                   -0: an unset element stays unset under ZerosLike (zeros would turn -0
                   into +0, as 0 + -0 is +0)
  partly_set       AddN of two lists set at different indices, an index set in both, one in
                   neither: an unset element takes the other's
  sum_of_five      AddN of five lists named so that TensorFlow's sort by name reorders them,
                   with random signs and exponents: TensorFlow's tree of pairwise sums over
                   the lists sorted by name (the script checks TensorFlow's values against
                   that tree, and that the sum left to right, in written or in sorted order,
                   differs)
  sum_of_three     the same for three lists, whose tree is the sum left to right in sorted
                   order (the script checks that the written order's differs)
  int_wrap         AddN of i32 lists whose sum overflows: it wraps
  merged_shape     TensorListElementShape of AddN of lists with element shapes [-1,3] and
                   [2,-1]: [2,3]
  zeros_length     TensorListLength of ZerosLike of a reserved list of 3 unset elements

The terms are PlaceholderWithDefaults, which TensorFlow does not fold as constants.

Run with the TensorFlow of tools/tf/setup_venv.sh:
  python tools/tf/make_tensor_list_arithmetic_graph.py OUT_DIR
"""
import sys

import numpy as np
import tensorflow as tf

from valued_graph import write_valued_graph

raw = tf.raw_ops
rng = np.random.default_rng(2821)
ROWS, WIDTH = 4, 3


def term(name, value):
    return raw.PlaceholderWithDefault(input=value, shape=value.shape, name=name)


def random_rows(shape=(ROWS, WIDTH)):
    """Floats with random signs and exponents, so that the order of a sum shows."""
    return (rng.choice([-1.0, 1.0], shape) * rng.uniform(1, 2, shape)
            * np.exp2(rng.integers(-12, 13, shape))).astype(np.float32)


def shape(dims):
    return tf.constant(dims, tf.int32)


def from_tensor(name, value, element_shape=None):
    t = term(name, value)
    return raw.TensorListFromTensor(
        tensor=t, element_shape=shape(element_shape or list(value.shape[1:])),
        name=name + "_list")


def reserved(name, items, dtype=tf.float32):
    """A list of ROWS elements of shape [WIDTH], element k set to items[k] where given."""
    handle = raw.TensorListReserve(element_shape=shape([WIDTH]), num_elements=ROWS,
                                   element_dtype=dtype, name=name)
    for k, value in sorted(items.items()):
        handle = raw.TensorListSetItem(input_handle=handle, index=k,
                                       item=term("%s_item%d" % (name, k), value),
                                       name="%s_set%d" % (name, k))
    return handle


def stacked(handle, name, dtype=tf.float32):
    return raw.TensorListStack(input_handle=handle, element_shape=shape([WIDTH]),
                               element_dtype=dtype, name=name)


def left_to_right(terms):
    total = terms[0]
    for t in terms[1:]:
        total = total + t
    return total


def tree_sum(terms):
    """AddNVariant's order (tensorflow/core/framework/variant_ops_util.cc): in rounds of
    doubling stride, term i - skip absorbs term i; an odd term left at a round's end is
    absorbed by term 0."""
    terms, n, skip = list(terms), len(terms), 1
    while skip < n:
        i = skip
        while i < n:
            terms[i - skip] = terms[i - skip] + terms[i]
            i += 2 * skip
        if i == n:
            terms[0] = terms[0] + terms[i - skip]
            n -= skip
        skip *= 2
    return terms[0]


def main(out_dir):
    g = tf.Graph()
    with g.as_default():
        a = random_rows()
        a[0, 0] = -0.0
        a_list = from_tensor("a", a)
        r = reserved("r", {1: random_rows((WIDTH,)), 3: random_rows((WIDTH,))})
        p = reserved("p", {0: random_rows((WIDTH,)), 1: random_rows((WIDTH,))})
        five_values = {n: random_rows() for n in ("e", "b", "d", "a5", "c")}
        three_values = {n: random_rows() for n in ("z", "x", "y")}
        five = [from_tensor(n, v) for n, v in five_values.items()]
        three = [from_tensor(n, v) for n, v in three_values.items()]
        big = np.array([[2147483647, 1, -2147483648]] * ROWS, np.int32)
        ints = [from_tensor("i", big), from_tensor("j", big)]
        loose = from_tensor("loose", random_rows((ROWS, 2, WIDTH)), [-1, WIDTH])
        tight = from_tensor("tight", random_rows((ROWS, 2, WIDTH)), [2, -1])
        fetched = [
            stacked(raw.ZerosLike(x=a_list, name="zeros_a"), "zeros_of_set"),
            stacked(raw.AddN(inputs=[raw.ZerosLike(x=r, name="zeros_r"), a_list],
                             name="addn_unset"), "unset_kept"),
            stacked(raw.AddN(inputs=[r, p], name="addn_partly"), "partly_set"),
            stacked(raw.AddN(inputs=five, name="addn_five"), "sum_of_five"),
            stacked(raw.AddN(inputs=three, name="addn_three"), "sum_of_three"),
            stacked(raw.AddN(inputs=ints, name="addn_ints"), "int_wrap", tf.int32),
            raw.TensorListElementShape(
                input_handle=raw.AddN(inputs=[loose, tight], name="addn_shapes"),
                shape_type=tf.int32, name="merged_shape"),
            raw.TensorListLength(
                input_handle=raw.ZerosLike(
                    x=raw.TensorListReserve(element_shape=shape([WIDTH]), num_elements=3,
                                            element_dtype=tf.float32, name="three_unset")),
                name="zeros_length"),
        ]
    with tf.compat.v1.Session(graph=g) as s:
        results = s.run(fetched)
    for values, result in ((five_values, results[3]), (three_values, results[4])):
        by_name = [v for _, v in sorted(values.items())]
        if not np.array_equal(tree_sum(by_name), result):
            sys.exit("TensorFlow's sum is not the tree of the lists sorted by name")
        orders = [list(values.values())] + ([by_name] if len(values) > 3 else [])
        for order in orders:
            if np.array_equal(left_to_right(order), result):
                sys.exit("a sum left to right is TensorFlow's too: the order does not show")
    if not np.signbit(results[1][0, 0]):
        sys.exit("unset_kept: -0 became +0, so ZerosLike set the unset element")
    write_valued_graph(g, fetched, out_dir, "lists")


if __name__ == "__main__":
    main(sys.argv[1])
