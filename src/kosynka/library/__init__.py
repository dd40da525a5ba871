"""The deal library: deals of every game that has a grader (each registered game with a
module in :mod:`kosynka.library.graders`) proven winnable by the solver and graded easy, normal
or hard for people, stored in SQLite (or any SQLAlchemy database), built on one machine or a
Dask cluster, with a starter library per game shipped in the package.

* :func:`pick` - a deal of a game and grade the browser has not played (the game's "new deal");
* :func:`build` with a :class:`BuildSpec` - solve, grade and store a range of deals (resumable);
* :func:`open_library` - the storage; :mod:`kosynka.library.grading` - how grades are made,
  :mod:`kosynka.library.graders` - each game's figures and thresholds (:func:`difficulty_score`
  and :func:`grade_of` here are Klondike's).

See ``README.md`` in this directory for the grading method and the commands.
"""

from kosynka.library.build import BuildReport, BuildSpec, build, examine_deal, parse_deal_ranges
from kosynka.library.graders.klondike import difficulty_score, grade_of
from kosynka.library.grading import GRADES
from kosynka.library.starter import (
    build_starter,
    counts_for,
    pick,
    read_starter,
    write_starter,
)
from kosynka.library.storage import Library, LibraryError, default_db_path, open_library
from kosynka.solver.stats import wilson_interval

__all__ = [
    "GRADES",
    "BuildReport",
    "BuildSpec",
    "Library",
    "LibraryError",
    "build",
    "build_starter",
    "counts_for",
    "default_db_path",
    "difficulty_score",
    "examine_deal",
    "grade_of",
    "open_library",
    "parse_deal_ranges",
    "pick",
    "read_starter",
    "wilson_interval",
    "write_starter",
]
