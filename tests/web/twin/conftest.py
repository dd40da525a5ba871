"""The differential tests' fixture: one Node.js process running the browser's rules."""

from tests.web.twin.harness import node

__all__ = ["node"]
