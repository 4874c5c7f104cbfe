"""The tfmc package from a TensorFlow user's tests: a tf.compat.v1 training step and a
tf.function with a loop, each racy and fixed. Skipped where TensorFlow is not installed; run by
tools/tf/run_tf_checks.sh."""

import numpy as np
import pytest

tf = pytest.importorskip("tensorflow")

import tfmc  # noqa: E402  (after TensorFlow, whose absence skips the module)
from tfmc.testing import assert_deterministic  # noqa: E402


def training_graph(report_after_step):
    """One SGD step on loss = sum(w * x), and the weights read back for reporting: by a read the
    step may overtake (racy), or by one that waits for the step (fixed)."""
    graph = tf.Graph()
    with graph.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [2], name="x")
        w = tf.compat.v1.get_variable("w", initializer=[1.0, 2.0], use_resource=True)
        loss = tf.reduce_sum(w * x, name="loss")
        train = tf.compat.v1.train.GradientDescentOptimizer(0.5).minimize(loss, name="train")
        if report_after_step:
            with tf.control_dependencies([train]):
                tf.identity(w.read_value(), name="reported")
        else:
            tf.identity(w.read_value(), name="reported")
        tf.compat.v1.global_variables_initializer()
    return graph


STEP = dict(init="init", target="train", fetch="reported", feed={"x": np.array([1, 1], np.float32)})


def test_a_report_that_races_the_training_step_fails():
    with pytest.raises(AssertionError) as raised:
        assert_deterministic(training_graph(report_after_step=False), concurrent=1, **STEP)
    message = str(raised.value)
    assert "it is not deterministic: 2 outcomes" in message
    assert "output reported = f32[2]{1, 2}" in message
    assert "output reported = f32[2]{0.5, 1.5}" in message
    assert "on w: read-write" in message and "witness: " in message


def test_a_report_after_the_training_step_passes():
    result = assert_deterministic(training_graph(report_after_step=True), concurrent=1, **STEP)
    np.testing.assert_array_equal(result.outcomes[0]["reported"], np.array([0.5, 1.5], np.float32))


def accumulator(atomic):
    """A tf.function that adds xs[0] and xs[1] to a variable in a loop, by assign_add (one atomic
    update) or by assign(total + x) (a read and a write another call can come between)."""
    total = tf.Variable(0.0, name="total")

    @tf.function
    def accumulate(xs):
        for i in tf.range(2):
            if atomic:
                total.assign_add(xs[i])
            else:
                total.assign(total + xs[i])

    return accumulate, total


def test_two_calls_of_a_read_modify_write_loop_lose_updates():
    accumulate, _ = accumulator(atomic=False)
    result = tfmc.check(accumulate, args=(tf.constant([1.0, 2.0]),), concurrent=2,
                        classify_races=False)
    # Each call adds 1 then 2; a write another call's read missed loses that call's update.
    assert [o.variables["total"].tolist() for o in result.outcomes] == [3, 4, 5, 6]
    with pytest.raises(AssertionError, match="it is not deterministic: 4 outcomes"):
        assert_deterministic(accumulate, tf.constant([1.0, 2.0]), concurrent=2)


def test_two_calls_of_an_assign_add_loop_keep_every_update():
    accumulate, total = accumulator(atomic=True)
    total.assign(10.0)  # the check starts from the variable's current value
    result = assert_deterministic(accumulate, tf.constant([1.0, 2.0]), concurrent=2)
    assert result.outcomes[0].variables["total"].tolist() == 16.0


def test_a_graph_def_message_is_a_source():
    graph = training_graph(report_after_step=True)
    result = tfmc.check(graph.as_graph_def(), **STEP)
    np.testing.assert_array_equal(result.outcomes[0]["reported"], np.array([0.5, 1.5], np.float32))
