"""The tfmc package's tests run from the repository root, so that the paths they give tfmc, and
the report lines that quote them, are the repository's relative paths."""

import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def at_repository_root(monkeypatch):
    monkeypatch.chdir(ROOT)
