"""A throwaway PostgreSQL server for the tests: a new cluster in a temporary directory, on a free
loopback port, stopped and deleted at the end. Uses Debian's ``postgresql`` package (the test
command installs it); as root, the server runs as the ``postgres`` user."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path

from tests.common import free_port


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    paths = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return paths[-1] if paths else None


class PgServer:
    """One running cluster; :meth:`new_database` gives a fresh empty database's URL."""

    def __init__(self) -> None:
        initdb, self._pg_ctl = _bin("initdb"), _bin("pg_ctl")
        if initdb is None or self._pg_ctl is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        # Its own directory under /tmp: the server's user must be able to reach it.
        root = Path(tempfile.mkdtemp(prefix="kosynka-pg-"))
        self.root = root
        self.data = root / "data"
        self.port = free_port()
        self._as: list[str] = []
        if os.geteuid() == 0:  # initdb refuses to run as root
            shutil.chown(root, "postgres")
            self._as = ["runuser", "-u", "postgres", "--"]
        self._run([initdb, "-D", str(self.data), "-U", "kosynka", "--auth=trust", "-E", "UTF8"])
        self.start()

    def _run(self, cmd: list[str]) -> None:
        done = subprocess.run([*self._as, *cmd], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{cmd[0]} failed: {(done.stderr or done.stdout).strip()}")

    def start(self) -> None:
        """Start (or start again) the server."""
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = str(self.root / "server.log")
        self._run([str(self._pg_ctl), "-D", str(self.data), "-o", opts, "-l", log, "-w", "start"])

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``immediate``: as if it went away, no goodbye to the clients)."""
        self._run([str(self._pg_ctl), "-D", str(self.data), "-m", mode, "-w", "stop"])

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of ``database`` on this server."""
        return f"postgresql+psycopg://kosynka@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database and return its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=kosynka dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def close(self) -> None:
        """Stop the server and delete the cluster."""
        with contextlib.suppress(RuntimeError):
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)
