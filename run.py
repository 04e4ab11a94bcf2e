#!/usr/bin/env python3
"""Berserk Table bootstrap: the one entry point.  Standard library only.

    python3 run.py [game args...]   start the game (main.py)
    python3 run.py test [args...]   run the test suite (pytest) and exit with its code
    python3 run.py lint [args...]   run ruff check
    python3 run.py build [args...]  a one-folder build that runs without Python (PyInstaller; tools/build_app.py)

On first use (or when the dependency lists in pyproject.toml change) this creates
.venv next to this file and installs the dependencies plus the `test` extra into it.
Afterwards it only compares a hash with a stamp file, so repeated runs start fast.
Before the game or the tests it compiles the rules of both games with mypyc when they are
missing or their sources changed and the machine has a C compiler (tools/compile_rules.py;
BERSERK_PLAIN_RULES=1 keeps them plain Python).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

if sys.version_info < (3, 11):  # noqa: UP036 - run.py may be started by an older python3
    sys.exit(f"Berserk Table needs Python 3.11 or newer (this is {sys.version.split()[0]}).")

import tomllib  # noqa: E402  (3.11+, after the version check on purpose)

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".berserk-deps.sha256"
IS_WINDOWS = os.name == "nt"
VENV_PYTHON = VENV / ("Scripts/python.exe" if IS_WINDOWS else "bin/python")


def _requirements() -> tuple[list[str], str]:
    """Return (requirements to install, hash of the dependency section of pyproject.toml)."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    deps = list(project.get("dependencies", []))
    test = list(project.get("optional-dependencies", {}).get("test", []))
    key = json.dumps({"deps": deps, "test": test, "python": project.get("requires-python")}, sort_keys=True)
    return deps + test, hashlib.sha256(key.encode()).hexdigest()


def ensure_venv() -> Path:
    """Make sure .venv exists and matches pyproject.toml; return its python."""
    reqs, digest = _requirements()
    try:
        up_to_date = VENV_PYTHON.exists() and STAMP.read_text().strip() == digest
    except OSError:
        up_to_date = False
    if up_to_date:
        return VENV_PYTHON

    if VENV_PYTHON.exists() and STAMP.exists():
        print("Dependencies changed; rebuilding .venv...", flush=True)
    else:
        print("Setting up .venv (first run only)...", flush=True)
    started = time.monotonic()
    STAMP.unlink(missing_ok=True)  # a half-done setup must not look finished

    if subprocess.call([sys.executable, "-m", "venv", "--clear", str(VENV)]) != 0:
        hint = "" if IS_WINDOWS else " On Debian/Ubuntu: sudo apt install python3-venv"
        sys.exit(f"Could not create {VENV}.{hint}")
    pip = [str(VENV_PYTHON), "-m", "pip", "install", "-qq", "--disable-pip-version-check", "--no-input"]
    if subprocess.call([*pip, *reqs]) != 0:
        sys.exit("Installing dependencies into .venv failed (see pip's errors above). Run again to retry.")

    tmp = STAMP.with_suffix(".tmp")
    tmp.write_text(digest + "\n")
    os.replace(tmp, STAMP)
    print(f"Ready in {time.monotonic() - started:.0f} s.", flush=True)
    return VENV_PYTHON


PYINSTALLER = "pyinstaller>=6.10"  # only `run.py build` needs it: installed into .venv on its first use


def ensure_pyinstaller(python: str) -> bool:
    """PyInstaller in .venv (kept out of the dependency lists: players and the tests do not need it)."""
    if subprocess.call([python, "-c", "import PyInstaller"], stderr=subprocess.DEVNULL) == 0:
        return True
    print("Installing PyInstaller into .venv (first build only)...", flush=True)
    return subprocess.call([python, "-m", "pip", "install", "-qq", "--disable-pip-version-check", "--no-input",
                            PYINSTALLER]) == 0


def _run(cmd: list[str], cwd: Path | None = None) -> int:
    try:
        return subprocess.call(cmd, cwd=cwd)
    except KeyboardInterrupt:
        return 130


def main(argv: list[str]) -> int:
    try:
        python = str(ensure_venv())
    except KeyboardInterrupt:
        print("\nInterrupted; setup will resume on the next run.", file=sys.stderr)
        return 130

    if argv[:1] == ["lint"]:
        return _run([python, "-m", "ruff", "check", *argv[1:]], cwd=ROOT)
    # The rules of both games compiled with mypyc when this machine can (tools/compile_rules.py: about twice
    # as fast; built again after a change of the rules' sources, else plain Python). The tests run them too.
    if _run([python, str(ROOT / "tools" / "compile_rules.py"), "ensure"], cwd=ROOT) == 130:
        return 130
    if argv[:1] == ["test"]:
        return _run([python, "-m", "pytest", *argv[1:]], cwd=ROOT)
    if argv[:1] == ["build"]:
        if not ensure_pyinstaller(python):
            print("Installing PyInstaller failed (see pip's errors above).", file=sys.stderr)
            return 1
        return _run([python, str(ROOT / "tools" / "build_app.py"), *argv[1:]], cwd=ROOT)

    game = [python, str(ROOT / "main.py"), *argv]
    if IS_WINDOWS:  # os.exec* on Windows does not replace the process; wait for the child instead
        return _run(game)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(python, game)
    return 1  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
