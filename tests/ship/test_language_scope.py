"""A test that switches the language cannot leak it to the next one (issue 22, item 5):
the language is scoped (``text.language``), and tests/conftest.py gives every test its own
scope (``tests/language_guard.py``), which puts English back whatever the test did."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

TWO_TESTS = '''
from dealer_app import text


def test_a_switches_to_swedish_and_never_back():
    text.use_language(text.Language("sv", "Svenska", lambda s, d: "SV " + s, "\\u00a0"))
    assert text.tr("Seat") == "SV Seat" and text.thousands(1250) == "1\\u00a0250"


def test_b_comes_next_and_speaks_english():
    assert text.tr("Seat") == "Seat" and text.thousands(1250) == "1,250"
'''


def _run(pytester: pytest.Pytester) -> pytest.RunResult:
    pytester.makepyfile(test_pair=TWO_TESTS)
    return pytester.runpytest_inprocess("-p", "no:xdist", "-p", "no:cacheprovider", "-q")


def test_a_switch_to_swedish_ends_with_its_test(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("from language_guard import one_language_per_test  # noqa: F401\n")
    _run(pytester).assert_outcomes(passed=2)


def test_without_the_guard_the_next_test_would_speak_swedish(
        pytester: pytest.Pytester) -> None:
    """The control: the same two tests without the fixture (what the suite had before)."""
    _run(pytester).assert_outcomes(passed=1, failed=1)
