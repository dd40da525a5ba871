"""The documented schema and the answers agree: schemathesis with every check, on a small budget,
against a real server (its own, with shares large enough that no answer is a 429)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.web.web_helpers import start_server


def test_schemathesis_every_check_passes(tmp_path: Path) -> None:
    cli = shutil.which("schemathesis") or str(Path(sys.executable).parent / "schemathesis")
    assert os.path.exists(cli), "schemathesis is one of the test extras"
    proc, base = start_server(
        extra_env={
            "KOSYNKA_CLIENT_SOLVER": "1000",
            "KOSYNKA_CLIENT_SOLVER_BURST": "100000",
            "KOSYNKA_CLIENT_WORK": "1000",
            "KOSYNKA_CLIENT_WORK_BURST": "100000",
            "KOSYNKA_HINT_TIME": "0.05",
            "KOSYNKA_WINNABLE_TIME": "0.05",
        }
    )
    # An invalid body over the size limit is refused with 413 before it is read: a rejection
    # as right as a 422 for a body that is merely invalid.
    (tmp_path / "schemathesis.toml").write_text(
        "[checks.negative_data_rejection]\n"
        'expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415",'
        ' "422", "428", "429"]\n'
    )
    try:
        args = ["--checks", "all", "--max-examples", "20", "--no-color", "--seed", "20261130"]
        run = subprocess.run(
            [cli, "run", f"{base}/api/openapi.json", *args],
            capture_output=True,
            text=True,
            timeout=600,
            cwd=tmp_path,
        )
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    tail = "\n".join(run.stdout.splitlines()[-40:])
    assert run.returncode == 0, tail
    assert " passed" in run.stdout and "failed" not in run.stdout.split("SUMMARY")[-1], tail
