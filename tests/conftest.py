"""Shared pytest setup: run the tests that check the compiled core only where they mean
something.

``scripts/test`` runs the suite, then the rules, solver and web tests once more with
``KOSYNKA_IMPLEMENTATION=python`` (the pure-Python solvers by default, as in an install
without the core). A test marked ``core`` needs the compiled core: it checks the core itself,
or needs its speed (a search or an analysis that must end within its budget). It is skipped,
with the reason, where the core is not installed and in that run; so is, in that run, a test
that names its implementation (``implementation`` among its parameters): the environment
changes nothing for it, and the main run has made it.
"""

from __future__ import annotations

import os

import pytest

PYTHON_RUN = os.environ.get("KOSYNKA_IMPLEMENTATION", "").strip().lower() == "python"
"""True in the run with ``KOSYNKA_IMPLEMENTATION=python``."""


def _core_installed() -> bool:
    """True when the compiled core was built and installed."""
    from kosynka.solver import NATIVE

    return NATIVE is not None


def pytest_configure(config: pytest.Config) -> None:
    """Declare the ``core`` marker."""
    config.addinivalue_line(
        "markers",
        "core: needs the compiled core, to check it or for its speed (skipped without it, and "
        "with KOSYNKA_IMPLEMENTATION=python)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip, with the reason, the tests that have nothing to show here (see the module)."""
    no_core = pytest.mark.skip(reason="needs the compiled core, which is not installed")
    python_core = pytest.mark.skip(
        reason="KOSYNKA_IMPLEMENTATION=python: needs the compiled core (the main run has it)"
    )
    named = pytest.mark.skip(
        reason="KOSYNKA_IMPLEMENTATION=python: names its implementation (the main run does)"
    )
    installed = _core_installed()
    for item in items:
        is_core = item.get_closest_marker("core") is not None
        callspec = getattr(item, "callspec", None)
        params = callspec.params if callspec is not None else {}
        if is_core and not installed:
            item.add_marker(no_core)
        elif PYTHON_RUN and is_core:
            item.add_marker(python_core)
        elif PYTHON_RUN and "implementation" in params:
            item.add_marker(named)
