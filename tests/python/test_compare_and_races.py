"""tfmc.compare and tfmc.races, as `tfmc compare` and `tfmc races`."""

import tfmc

BEFORE = "specs/rewrites/fuse_lost_update.before.tfg"
AFTER = "specs/rewrites/fuse_lost_update.after.tfg"
LOST_E = "Add(B, Project(Split.0(C)))"
LOST_D = "Add(B, Project(Split.1(C)))"


def test_fusing_into_assign_add_refines_and_loses_two_outcomes():
    comparison = tfmc.compare(BEFORE, AFTER)
    assert comparison.complete and comparison.refines is True
    assert comparison.equivalent is False and comparison.exit_code == 0
    assert comparison.added == []
    assert [o["r"] for o in comparison.lost] == [LOST_E, LOST_D]
    assert comparison.lost[0].witness[-7:] == "rd1 ad1 rd2 ad2 wr2 wr1 r".split()
    assert len(comparison.before.outcomes) == 4 and len(comparison.after.outcomes) == 2
    assert str(comparison).startswith(
        f"tfmc compare {BEFORE} {AFTER}\n"
        "verdict: AFTER refines BEFORE: no new outcome, 2 outcomes lost\n")
    assert tfmc.compare(BEFORE, AFTER, equivalent=True).exit_code == 1


def test_the_reverse_rewrite_adds_the_lost_updates():
    comparison = tfmc.compare(AFTER, BEFORE)
    assert comparison.refines is False and comparison.exit_code == 1
    assert [o["r"] for o in comparison.added] == [LOST_E, LOST_D]


def test_races_lists_figure1s_race_without_exploring():
    races = tfmc.races("specs/paper/figure1.tfg")
    assert [(r.nodes, r.variable, r.kind, r.verdict) for r in races] == [
        (("a1", "a2"), "x", "update-update", "unknown")]
    assert races.exit_code == 1 and races.complete
    assert str(races) == ("a1 (specs/paper/figure1.tfg:13) and a2 (specs/paper/figure1.tfg:14) "
                          "on x: update-update\n1 race\n")
    assert tfmc.races("specs/sessions/section_increment.tfg").exit_code == 0


COUNTER = """var x = i32{0}
one = Const {value=i32{1}}
a = AssignAdd(&x, one)
r = Read(&x) after a
output r
"""
RENAMED = """var y = i32{0}
var z = i32{5}
one = Const {value=i32{1}}
a = AssignAdd(&y, one)
s = Read(&y) after a
output s
"""


def test_rename_and_ignore_match_the_two_programs_names():
    # Without the map, the names differ: an input error, as `tfmc compare` exits 2.
    try:
        tfmc.compare(COUNTER, RENAMED)
    except tfmc.InputError as e:
        assert e.exit_code == 2
    else:
        raise AssertionError("compare accepted programs whose names differ")
    comparison = tfmc.compare(COUNTER, RENAMED, rename={"x": "y", "r": "s"}, ignore=["z"],
                              equivalent=True)
    assert comparison.complete and comparison.refines and comparison.equivalent
    assert comparison.exit_code == 0
    assert comparison.added == [] and comparison.lost == []
