"""The README's examples, run as written: a newcomer copies them first, so a stale one fails here.

Examples are fenced code blocks of README.md, and the block's language says how one is run:

* ``console``: each line starting ``$ `` is a command (a line ending in a backslash goes on on
  the next), run by bash with ``pipefail`` in a temporary directory of the block's own (a file
  one command writes, the next reads), with the ``kosynka`` installed beside this Python first
  on PATH and an empty data directory. The lines below a command, up to the next ``$ ``, are
  what it prints, stdout and stderr together as a terminal shows them (trailing blanks aside; a
  line ``...`` stands for any number of lines, so ``...`` alone leaves the output unshown); a
  command with nothing below it must print nothing. Every command must exit 0, but
  ``<!-- example: exit N -->`` just before the block asks exit status N of its last command.
* ``pycon``: a doctest (``>>>`` lines and the values they show), run with the package.
* ``python``: run as a script; it must finish without an error.

A block that must not run here (a server, an install, a run of minutes) is skipped only when the
line just before it says so: ``<!-- example: skip: REASON -->``; it is then reported as skipped
with the reason. A console block that calls one of ``NEVER_RUN`` without that marker fails
without being run. So that no example escapes the test, a ``$`` prompt outside a console
block, or a complete command (``kosynka ...``, ``python3 ...``, ``bash ...``) in an indented or
other block, fails ``test_every_example_is_one_the_test_runs``; usage lines, which have
placeholders (``POSITION``, ``[--json]``, ``1|3``, ``MOVE...``), are not commands. So does a
marker that is not understood or stands before no block.

To add an example: write it in a ``console`` (or ``pycon``) block with what it prints below it.
"""

from __future__ import annotations

import doctest
import io
import os
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = ("README.md",)
"""The documents whose examples are run (paths from the repository's root)."""

NEVER_RUN = {
    "kosynka serve": "starts a server that runs until it is stopped",
    "scripts/test": "installs packages and runs the whole suite",
    "pip install": "installs packages",
    "kosynka library build": "proves and grades deals for minutes",
    "kosynka library starter": "rebuilds a starter library for hours",
}
"""Commands a console block may show only with a skip marker (what each would do here)."""

COMMAND_WORDS = {"kosynka", "python", "python3", "bash", "sh", "pip", "pip3", "npm", "npx"}
"""Programs whose complete command lines count as examples (wherever they are written)."""

TIMEOUT = 60
"""Seconds a command or a block may take; a slower one belongs under a skip marker."""

_FENCE = re.compile(r"^(`{3,})\s*([\w+-]*)\s*$")
_MARKER = re.compile(r"^<!--\s*example:\s*(.*?)\s*-->$")
RUN_LANGUAGES = ("console", "pycon", "python")


@dataclass(frozen=True)
class Block:
    """A fenced code block: its document, the line of its opening fence, its language, its
    text and what the ``<!-- example: ... -->`` line before it says (None without one)."""

    document: str
    line: int
    language: str
    body: str
    marker: str | None

    @property
    def name(self) -> str:
        """``README.md:123`` (where the block starts) and its first line, as a test id."""
        first = next((s.strip() for s in self.body.splitlines() if s.strip()), "")
        return f"{self.document}:{self.line}:{first[:50]}"


@dataclass
class Document:
    """A document's fenced blocks, its lines outside them (number, text) and what is wrong
    with its markers."""

    blocks: list[Block]
    loose: list[tuple[int, str]]
    problems: list[str]


def read_document(name: str) -> Document:
    """Split ``name`` into fenced blocks (with their markers) and the lines outside them."""
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    doc = Document([], [], [])
    marker: tuple[int, str] | None = None
    i = 0
    while i < len(lines):
        text = lines[i]
        fence = _FENCE.match(text)
        found = _MARKER.match(text.strip())
        if found:
            if marker is not None:
                doc.problems.append(f"{name}:{marker[0]}: a marker with no code block after it")
            marker = (i + 1, found.group(1))
        elif fence:
            end = next(
                (j for j in range(i + 1, len(lines)) if lines[j].strip() == fence.group(1)),
                len(lines),
            )
            body = "\n".join(lines[i + 1 : end]) + "\n"
            said = marker[1] if marker else None
            doc.blocks.append(Block(name, i + 1, fence.group(2), body, said))
            marker = None
            i = end
        elif text.strip():
            if marker is not None:
                doc.problems.append(f"{name}:{marker[0]}: a marker with no code block after it")
                marker = None
            doc.loose.append((i + 1, text))
        i += 1
    if marker is not None:
        doc.problems.append(f"{name}:{marker[0]}: a marker with no code block after it")
    for block in doc.blocks:
        if block.marker is not None and parse_marker(block.marker) is None:
            doc.problems.append(
                f"{block.document}:{block.line - 1}: unknown marker {block.marker!r} (expected"
                " 'skip: REASON' or 'exit N')"
            )
    return doc


def parse_marker(text: str) -> tuple[str, str | int] | None:
    """``("skip", reason)`` or ``("exit", status)`` from a marker's words; None when they are
    neither (or a skip gives no reason)."""
    skip = re.fullmatch(r"skip:\s*(\S.*)", text)
    if skip:
        return "skip", skip.group(1)
    status = re.fullmatch(r"exit\s+([0-9]{1,3})", text)
    if status:
        return "exit", int(status.group(1))
    return None


def examples() -> Iterator[Block]:
    """Every block of the documents that the test runs (or skips by its marker)."""
    for name in DOCUMENTS:
        for block in read_document(name).blocks:
            if block.language in RUN_LANGUAGES:
                yield block


@dataclass(frozen=True)
class Command:
    """A ``$`` command of a console block and the lines shown below it."""

    text: str
    shown: list[str]


def console_commands(block: Block) -> list[Command]:
    """The commands of a console block; a line before the first ``$`` is an error."""
    commands: list[Command] = []
    lines = block.body.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.startswith("$ "):
            if commands:
                commands[-1].shown.append(line)
            elif line.strip():
                pytest.fail(f"{block.name}: {line!r} comes before the block's first '$ ' command")
            i += 1
            continue
        text = line[2:]
        while text.endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text[:-1] + "\n" + lines[i]
        commands.append(Command(text, []))
        i += 1
    if not commands:
        pytest.fail(f"{block.name}: a console block without a '$ ' command")
    return commands


def shown_matches(shown: list[str], printed: str) -> bool:
    """Whether ``printed`` is what the README shows (lines compared without trailing blanks,
    blank lines at the end ignored; a line ``...`` matches any number of lines)."""
    want = [s.rstrip() for s in shown]
    got = [s.rstrip() for s in printed.splitlines()]
    while want and not want[-1]:
        want.pop()
    while got and not got[-1]:
        got.pop()
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line.strip() == "..." else re.escape(line) + r"\n" for line in want
    )
    return re.fullmatch(pattern, "".join(g + "\n" for g in got)) is not None


def example_env(tmp_path: Path) -> dict[str, str]:
    """The environment of an example: this install's ``kosynka`` first on PATH (the venv's
    bin directory, as given, not resolved), a private data directory, no implementation forced
    beyond what the test run itself forces."""
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "kosynka").exists():
        pytest.fail(f"no kosynka command beside {sys.executable}: install the package first")
    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run_shell(command: str, cwd: Path, env: dict[str, str]) -> tuple[int, str]:
    """Run ``command`` with bash (pipefail: every command of a pipe must succeed): its exit
    status and what it printed on stdout and stderr together. A command that runs past
    ``TIMEOUT`` is stopped (its process group) and fails the test."""
    with subprocess.Popen(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        start_new_session=True,
    ) as proc:
        try:
            printed, _ = proc.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            pytest.fail(
                f"{command!r} ran over {TIMEOUT} s: make it quicker or mark it "
                "<!-- example: skip: REASON -->"
            )
    return proc.returncode, printed


def run_console(block: Block, tmp_path: Path, last_exit: int) -> None:
    """Run a console block's commands in order and check their statuses and output."""
    commands = console_commands(block)
    for command in commands:
        for words, why in NEVER_RUN.items():
            if words in command.text:
                pytest.fail(
                    f"{block.name}: {command.text!r} {why}: mark the block"
                    " <!-- example: skip: REASON --> (or change the example)"
                )
    work = tmp_path / "work"
    work.mkdir()
    env = example_env(tmp_path)
    for n, command in enumerate(commands, 1):
        status, printed = run_shell(command.text, work, env)
        want = last_exit if n == len(commands) else 0
        where = f"{block.name}: $ {command.text}"
        assert status == want, f"{where}\nexit status {status}, not {want}; it printed:\n{printed}"
        if not shown_matches(command.shown, printed):
            shown = "\n".join(command.shown) or "(nothing)"
            pytest.fail(f"{where}\nthe README shows:\n{shown}\nit printed:\n{printed}")


def run_python(block: Block, tmp_path: Path) -> None:
    """Run a python block as a script in a directory of its own."""
    env = example_env(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", block.body],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, f"{block.name} failed:\n{done.stdout}{done.stderr}"


def run_pycon(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a pycon block as a doctest (``...`` in a shown value matches anything)."""
    monkeypatch.chdir(tmp_path)
    test = doctest.DocTestParser().get_doctest(
        block.body, {"__name__": "__readme__"}, block.name, block.document, block.line
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    runner.run(test, out=report.write)
    assert test.examples, f"{block.name}: a pycon block without a '>>>' line"
    assert runner.failures == 0, report.getvalue()


@pytest.mark.parametrize("block", list(examples()), ids=lambda b: b.name)
def test_example(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each example block runs as written and prints what the document shows."""
    said = parse_marker(block.marker) if block.marker is not None else None
    if said is not None and said[0] == "skip":
        pytest.skip(f"marked in {block.document}: {said[1]}")
    last_exit = int(said[1]) if said is not None and said[0] == "exit" else 0
    if block.language == "console":
        run_console(block, tmp_path, last_exit)
        return
    assert last_exit == 0, f"{block.name}: 'exit N' is for console blocks"
    if block.language == "pycon":
        run_pycon(block, tmp_path, monkeypatch)
    else:
        run_python(block, tmp_path)


def is_complete_command(line: str) -> bool:
    """Whether ``line`` is a command to copy (``kosynka deal klondike 1``) rather than a usage
    line (``kosynka show POSITION``, ``[--json]``, ``--draw 1|3``, ``MOVE...``) or prose."""
    try:
        words = shlex.split(line, comments=True)
    except ValueError:
        words = line.split()
    while words and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=\S*", words[0]):
        words = words[1:]  # VAR=value before the command
    if not words or Path(words[0]).name not in COMMAND_WORDS:
        return False
    for word in words:
        if word in ("|", "||"):
            continue
        if any(c in word for c in "[]|") or "..." in word:
            return False
        if re.fullmatch(r"[A-Z][A-Z_]*", word):  # a placeholder: N, GAME, POSITION, URL
            return False
    return True


def test_every_example_is_one_the_test_runs() -> None:
    """No example escapes ``test_example``: a ``$`` prompt is only in a console block, a
    complete command only in a block the test runs, and every marker is understood and stands
    just before a block."""
    problems: list[str] = []
    for name in DOCUMENTS:
        doc = read_document(name)
        problems += doc.problems
        places: list[tuple[int, str, str]] = [(n, t, "an indented line") for n, t in doc.loose]
        for block in doc.blocks:
            if block.language in RUN_LANGUAGES:
                continue
            where = f"a {block.language or 'plain'} block"
            for k, text in enumerate(block.body.splitlines(), 1):
                places.append((block.line + k, text, where))
        for n, text, where in places:
            stripped = text.strip()
            if where == "an indented line" and not text.startswith("    "):
                continue  # prose
            if stripped.startswith("$ ") or is_complete_command(stripped):
                problems.append(
                    f"{name}:{n}: {stripped!r} in {where}: write it in a ```console block"
                    " ($ before each command, what it prints below) or make it a usage line"
                )
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("line", "complete"),
    [
        ("kosynka deal klondike 1 > deal.txt", True),
        ("kosynka apply deal.txt s 'JD>3' | kosynka show -", True),
        ("KOSYNKA_IMPLEMENTATION=python kosynka solve deal.txt", True),
        (".venv/bin/kosynka serve", True),
        ("bash scripts/test", True),
        ("kosynka show POSITION            # draws the position", False),
        ("kosynka deal GAME N [rule flags] [--numbering N]", False),
        ("kosynka library build --game klondike --draw 1|3 --deals 1-100000 [--jobs N]", False),
        ("kosynka apply POSITION MOVE... --score", False),
        ("GET /api/<game>/daily?date=2026-12-01", False),
        ("src/kosynka/cards.py errors.py   Card, Suit", False),
    ],
)
def test_commands_are_told_from_usage_lines(line: str, complete: bool) -> None:
    """The guard above tells commands to copy from usage lines."""
    assert is_complete_command(line) is complete


@pytest.mark.parametrize(
    ("shown", "printed", "matches"),
    [
        (["a", "b"], "a\nb\n", True),
        (["a", "b  "], "a  \nb\n\n", True),
        (["a", "...", "z"], "a\nb\nc\nz\n", True),
        (["a", "...", "z"], "a\nz\n", True),
        (["a", "b"], "a\nc\n", False),
        (["a"], "a\nb\n", False),
        (["a", "...", "z"], "a\nb\n", False),
        (["..."], "anything\nat all\n", True),
        ([], "", True),
        ([], "a\n", False),
    ],
)
def test_shown_output_is_matched(shown: list[str], printed: str, matches: bool) -> None:
    """Output is compared line by line, ``...`` standing for any lines."""
    assert shown_matches(shown, printed) is matches
