"""tfmc.check: outcomes, values, witnesses, races and the report, from paths and from text."""

import numpy as np
import pytest

import tfmc

FIGURE1 = "specs/paper/figure1.tfg"
# The two orders of figure 1's AssignAdds (specs/paper/figure1.tfg).
ADD_D_FIRST = "Add(Add(B, Project(Split.0(C))), Project(Split.1(C)))"
ADD_E_FIRST = "Add(Add(B, Project(Split.1(C))), Project(Split.0(C)))"


def test_figure1_has_two_outcomes_with_their_terms_and_witnesses():
    result = tfmc.check(FIGURE1)
    assert result.exit_code == 1 and not result.deterministic and result.complete
    assert [o["r"] for o in result.outcomes] == [ADD_D_FIRST, ADD_E_FIRST]
    assert [o.variables["x"] for o in result.outcomes] == [ADD_D_FIRST, ADD_E_FIRST]
    assert isinstance(result.outcomes[0]["r"], tfmc.Symbolic)
    prefix = "s d e &x@w w &x@a1 &x@a2 &x@r".split()
    assert result.outcomes[0].witness == prefix + ["a1", "a2", "r"]
    assert result.outcomes[1].witness == prefix + ["a2", "a1", "r"]
    assert str(result.outcomes[1]) == (f"outcome 2 of 2:\n  output r = {ADD_E_FIRST}\n"
                                       f"  variable x = {ADD_E_FIRST}\n"
                                       f"  witness: {' '.join(prefix)} a2 a1 r")


def test_figure1_race_is_observable_and_the_report_is_the_command_lines():
    result = tfmc.check(FIGURE1)
    [race] = result.races
    assert race.nodes == ("a1", "a2") and race.variable == "x"
    assert race.kind == "update-update" and race.verdict == "observable"
    assert race.locations == (f"{FIGURE1}:13", f"{FIGURE1}:14")
    report = str(result)
    assert report.startswith(f"tfmc check {FIGURE1}\nverdict: nondeterministic: 2 outcomes\n")
    assert (f"  observable: a1 ({FIGURE1}:13) and a2 ({FIGURE1}:14) on x: update-update\n"
            in report)
    assert report.endswith(str(result.outcomes[1]) + "\n")
    assert result.stats["final_states"] == 2 and result.stats["states"] == 3


def test_concrete_values_are_numpy_arrays_of_their_dtype():
    program = tfmc.Graph("var x = f32[2]{1.5, -2}\ninput b\nr = Read(&x)\ny = Mul(r, b)\n"
                         "w = Write(&x, y)\noutput y\n"
                         "z = Const {value=bool[2,2]{true, false, false, true}}\noutput z\n"
                         "k = Const {value=i64{-7}}\noutput k\n")
    result = tfmc.check(program, feed={"b": np.array([3, 0.5], np.float32)})
    assert result.deterministic
    [outcome] = result.outcomes
    for value, dtype, expected in [(outcome["y"], np.float32, [4.5, -1]),
                                   (outcome.variables["x"], np.float32, [4.5, -1]),
                                   (outcome["z"], np.bool_, [[True, False], [False, True]]),
                                   (outcome["k"], np.int64, -7)]:
        assert value.dtype == dtype
        np.testing.assert_array_equal(value, np.array(expected, dtype))
    assert outcome.witness == "z k &x@r r y &x@w y~copy1 w".split()


def test_fed_floats_keep_every_bit():
    fed = np.array([0.1, np.nan, -0.0, np.inf, 1e-45], np.float32)
    result = tfmc.check("input b\noutput b\n", feed={"b": fed})
    out = result.outcomes[0]["b"]
    assert out.dtype == np.float32 and out.shape == (5,)
    # NaN is one value in tfmc (FORMAT.md, "Concrete tensors"): compare it apart.
    assert np.isnan(out[1])
    assert out[[0, 2, 3, 4]].view(np.int32).tolist() == fed[[0, 2, 3, 4]].view(np.int32).tolist()


def test_python_numbers_take_tensorflows_dtypes_and_str_is_a_symbol():
    result = tfmc.check("input a\ninput b\ninput c\noutput a\noutput b\noutput c\n",
                        feed={"a": 2.5, "b": [1, 2], "c": "Z"})
    outcome = result.outcomes[0]
    assert outcome["a"].dtype == np.float32 and outcome["a"] == 2.5
    assert outcome["b"].dtype == np.int32 and outcome["b"].tolist() == [1, 2]
    assert outcome["c"] == tfmc.Symbolic("Z")


def test_concurrent_executions_of_a_critical_section_are_deterministic():
    result = tfmc.check("specs/sessions/section_increment.tfg", concurrent=2)
    assert result.deterministic
    assert result.outcomes[0]["X"].tolist() == 2
    assert [r.verdict for r in result.races] == ["benign"] * 3
    assert [r.nodes for r in result.races] == [("rd@1", "wr@2"), ("rd@2", "wr@1"),
                                               ("wr@1", "wr@2")]


def test_a_limit_leaves_the_result_incomplete():
    result = tfmc.check("specs/sessions/section_increment.tfg", concurrent=2, max_states=1)
    assert not result.complete and result.stop_reason == "max-states"
    assert result.exit_code == 3
    assert {r.verdict for r in result.races} == {"unknown"}
    assert "stopped: by --max-states in the exploration" in str(result)


@pytest.mark.parametrize("reduction", ["none", "eager", "stubborn"])
def test_every_reduction_finds_figure1s_outcomes(reduction):
    result = tfmc.check(FIGURE1, reduction=reduction, threads=2)
    assert [o["r"] for o in result.outcomes] == [ADD_D_FIRST, ADD_E_FIRST]


def test_a_graph_file_by_path_and_by_its_bytes():
    path = "testdata/graphdef/cond_update_true.pbtxt"
    run = dict(init="init", fetch="r", feed={"p": True})
    by_path = tfmc.check(path, **run)
    with open(path, "rb") as f:
        by_bytes = tfmc.check(f.read(), **run)
    for result in (by_path, by_bytes):
        assert result.deterministic
        assert result.outcomes[0]["r"].tolist() == 2.0
        assert result.outcomes[0].variables["v"].tolist() == 2.0
    assert by_bytes.program == "graph.pb"
    assert by_bytes.outcomes[0].witness == by_path.outcomes[0].witness


def test_a_list_of_sources_is_one_session():
    result = tfmc.check(["specs/sessions/section_increment.tfg"] * 2)
    assert result.deterministic and result.outcomes[0]["X"].tolist() == 2


def test_progress_true_draws_nothing_where_stderr_is_no_terminal(monkeypatch):
    import io
    import sys

    from tfmc._progress import Progress

    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with Progress(True) as callback:
        assert callback is None
    with Progress(print) as callback:
        assert callback is print


def test_progress_is_shown_by_default_where_stderr_is_a_terminal(monkeypatch):
    import inspect
    import io
    import sys

    from tfmc._progress import Progress

    assert inspect.signature(tfmc.check).parameters["progress"].default is True
    assert inspect.signature(tfmc.compare).parameters["progress"].default is True

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with Progress(True) as callback:
        callback("", 1.0, 1200, 3400, 5)
    assert "1 s: 1,200 states stored, 3,400 transitions, 5 states queued" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r\x1b[K")  # the bar is cleared when the check ends
