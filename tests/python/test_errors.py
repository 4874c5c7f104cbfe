"""Bad input raises tfmc.InputError with the command line's located message and exit code."""

import pytest

import tfmc


def test_bad_text_gives_the_located_message_of_the_command_line():
    # testdata/error_undefined_name's program under its name: `tfmc check graph.tfg` prints
    # this, its expected_stderr's first line first.
    case = "testdata/error_undefined_name"
    with open(f"{case}/graph.tfg") as f:
        program = tfmc.Graph(f.read(), name="graph.tfg")
    with pytest.raises(tfmc.InputError) as raised:
        tfmc.check(program)
    assert str(raised.value) == ("graph.tfg:4:15: error: undefined name 'B0'\n"
                                 "  w = Write(&x, B0)\n"
                                 "                ^\n"
                                 "graph.tfg:5:23: error: undefined node 'missing' after 'after'\n"
                                 "  r = Read(&x) after w, missing\n"
                                 "                        ^\n"
                                 "graph.tfg:6:8: error: undefined name 'nothing'\n"
                                 "  output nothing\n"
                                 "         ^")
    with open(f"{case}/expected_stderr") as f:
        assert str(raised.value).startswith(f.read())
    assert raised.value.exit_code == 2
    assert isinstance(raised.value, tfmc.Error)


def test_a_missing_file_is_an_input_error():
    with pytest.raises(tfmc.InputError) as raised:
        tfmc.check("no/such/file.tfg")
    assert "no/such/file.tfg" in str(raised.value)


def test_an_unknown_feed_and_reduction_are_input_errors():
    with pytest.raises(tfmc.InputError, match="'nope'"):
        tfmc.check("input b\noutput b\n", feed={"nope": 1})
    with pytest.raises(tfmc.InputError, match="expected none, eager or stubborn"):
        tfmc.check("input b\noutput b\n", reduction="partial")


def test_a_source_of_no_known_kind_is_a_type_error():
    with pytest.raises(TypeError, match="cannot check a dict"):
        tfmc.check({})
