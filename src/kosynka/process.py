"""Process hygiene shared by the server's and the deal library's worker processes: a worker
must never outlive the process that started it."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1


def die_with_parent(sig: int = signal.SIGTERM) -> None:
    """Ask the kernel to send ``sig`` to this process when its parent dies (Linux), so that a
    worker whose master was killed (even with SIGKILL) ends instead of holding a port or a
    database. Elsewhere, or if the parent is already gone, the process exits at once when
    orphaned; on systems without ``prctl`` this does nothing."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
        except (OSError, AttributeError):
            return
    if parent == 1 or os.getppid() != parent:
        # The parent died before the request took effect.
        os.kill(os.getpid(), sig)
