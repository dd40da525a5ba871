"""How hard a winnable deal is for a person, one module per game (``graders.<game>``), each with
``grade(game, states, runs) -> dict`` giving the stored grading figures, score and grade, and
``regrade(record) -> (score, grade)`` from stored figures."""
