"""Values shared by the deal library tests (a module of its own: ``from conftest import`` would
find whichever test folder's conftest was loaded first)."""

SMALL_STATES = 4000
"""A solver state limit that keeps the tests quick (deals beyond it stay undecided)."""
