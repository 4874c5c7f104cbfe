"""tfmc.testing: the assertions pass on a deterministic step and a refining rewrite, and fail
with the report's words (outcomes, racing nodes, witnesses) otherwise."""

import pytest

import tfmc
from tfmc.testing import assert_deterministic, assert_refines

# An increment of X by Read and Write, unprotected and in a critical section
# (specs/sessions/section_increment.tfg).
INCREMENT = ("var X = i32{0}\none = Const {value=i32{1}}\nrd = Read(&X)\ninc = Add(rd, one)\n"
             "wr = Write(&X, inc)\n")
RACY = tfmc.Graph(INCREMENT, name="increment.tfg")
FIXED = tfmc.Graph(INCREMENT + "section increment : rd, wr\n", name="increment.tfg")


def test_a_racy_increment_fails_with_the_lost_update_and_its_races():
    with pytest.raises(AssertionError) as raised:
        assert_deterministic(RACY, concurrent=2)
    message = str(raised.value)
    assert message.startswith("tfmc: increment.tfg, run 2 times at once: it is not deterministic: "
                              "2 outcomes\n\ntfmc check increment.tfg\n")
    assert ("  unknown: rd@1 (increment.tfg:3) and wr@2 (increment.tfg:5) on X: read-write "
            "(not classified)\n") in message
    assert "outcome 1 of 2:\n  variable X = i32{1}\n  witness: " in message
    assert "outcome 2 of 2:\n  variable X = i32{2}\n  witness: " in message


def test_races_are_classified_when_asked():
    with pytest.raises(AssertionError) as raised:
        assert_deterministic(RACY, concurrent=2, classify_races=True)
    assert ("  observable: rd@1 (increment.tfg:3) and wr@2 (increment.tfg:5) on X: read-write\n"
            in str(raised.value))


def test_the_increment_in_a_critical_section_passes():
    result = assert_deterministic(FIXED, concurrent=2)
    assert result.outcomes[0]["X"] == 2


def test_a_check_stopped_by_a_limit_does_not_pass():
    with pytest.raises(AssertionError, match="stopped at its max-states limit"):
        assert_deterministic(FIXED, concurrent=2, max_states=1)


def test_assert_refines_passes_on_a_refinement_and_names_added_outcomes_otherwise():
    before = "specs/rewrites/fuse_lost_update.before.tfg"
    after = "specs/rewrites/fuse_lost_update.after.tfg"
    assert assert_refines(before, after).refines
    with pytest.raises(AssertionError) as raised:
        assert_refines(after, before)
    message = str(raised.value)
    assert message.startswith(f"tfmc: {before} does not refine {after}\n\ntfmc compare {after} "
                              f"{before}\n")
    assert "added outcome 1 of 2" in message and "witness: " in message
    with pytest.raises(AssertionError, match="is not equivalent to"):
        assert_refines(before, after, equivalent=True)
