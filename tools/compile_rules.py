"""The rules of both games compiled with mypyc: built, checked and removed (standard library only).

Why: the rules are to run at least 2.5 times («Герои») and 3 times (classic) as fast as the baselines of
bench/engine_speed.py; plain CPython gets them about 1.2–1.3 times (the profile is flat: see
docs/performance.md). mypyc, the compiler of typed Python that comes with mypy, builds the typed modules of
``COMPILED`` into C extensions that do exactly what they do, about twice as fast. The sources stay the
program: compiling is an optimisation the client uses when this machine can build it.

How: the modules are built in a temporary copy of ``engine`` and the extension files moved beside their
sources (Python imports ``game.cpython-311-….so`` rather than ``game.py``), with one shared library per group
of ``GROUPS`` at the tree's root (``berserk_rules__mypyc…``: the core, «Герои» and its computer's rules of
thumb; ``berserk_classic__mypyc…``: classic), the two groups compiled by the C compiler side by side. A stamp
(``STAMP``) records a digest of every source of engine/core, engine/heroes, engine/classic and engine/ai
(``WATCHED``, but for the searches and bots of ``UNWATCHED``, which no compiled module imports): a build whose
sources changed since is stale, and stale compiled code must never run, so :func:`check` finds it and
:func:`remove` takes it away (run.py, main.py and the tests ask before they import the rules). Without mypy
or a C compiler, or with ``BERSERK_PLAIN_RULES=1`` set, the rules run as plain Python: the same games, slower.

    python tools/compile_rules.py ensure   # build when missing or stale (else plain Python), say which
    python tools/compile_rules.py status   # fresh, stale or absent
    python tools/compile_rules.py remove   # back to plain Python
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The rules' layers and the records they read on every action, in two groups (one shared library each, built
# side by side). The ability classes (engine/heroes/abilities, engine/classic/abilities) are made by class
# decorators, which mypyc compiles as plain Python classes only: they stay Python, and so do classic's events
# and both games' actions (docs/performance.md says why).
GROUPS = {
    "berserk_rules": ("engine/core/game.py", "engine/heroes/queries.py", "engine/heroes/targets.py",
                      "engine/heroes/changes.py", "engine/heroes/triggers.py", "engine/heroes/effects.py",
                      "engine/heroes/legal.py", "engine/heroes/game.py", "engine/heroes/actiontable.py",
                      "engine/heroes/queue.py", "engine/heroes/state.py", "engine/heroes/chains.py",
                      "engine/heroes/carddef.py", "engine/heroes/cardmodel.py", "engine/core/events.py",
                      "engine/heroes/events.py", "engine/core/rng.py", "engine/core/data.py",
                      "engine/heroes/ai/evaluate.py", "engine/heroes/ai/easy.py"),
    "berserk_classic": ("engine/classic/board.py", "engine/classic/state.py", "engine/classic/cards.py",
                        "engine/classic/hittable.py", "engine/classic/queries.py", "engine/classic/changes.py",
                        "engine/classic/stack.py", "engine/classic/combat.py", "engine/classic/legal.py",
                        "engine/classic/prelim.py", "engine/classic/setup.py", "engine/classic/game.py",
                        "engine/classic/recruit.py", "engine/classic/placement.py"),
}
COMPILED = tuple(m for group in GROUPS.values() for m in group)
STAMP = ".rules-compiled.json"
# Compiled code reads the classes and records of the modules it imports, so any change under these folders
# makes a build stale (not only a change of COMPILED) — but for UNWATCHED: the searches and the bots built on
# them, which no compiled module imports (tests/test_rules_compiled.py checks that), so editing them needs no
# new build. «Герои»'s rules of thumb (Easy's choices and the position's value) are compiled with the rules:
# every look-ahead game of Normal and Hard is played by them, and they took three quarters of a Hard
# decision's time as plain Python (docs/performance.md).
WATCHED = ("engine/core", "engine/heroes", "engine/classic", "engine/ai")
UNWATCHED = ("engine/ai/search.py", "engine/ai/ismcts.py", "engine/heroes/ai/hard.py", "engine/heroes/ai/normal.py",
             "engine/heroes/ai/defence.py", "engine/classic/ai")
PLAIN_ENV = "BERSERK_PLAIN_RULES"

BUILD = r'''
import json, sys
from setuptools import setup
from mypyc.build import mypycify
groups = [(files, name) for name, files in json.loads(sys.argv[1]).items()]
setup(name="berserk_rules", script_args=["build_ext", "--inplace", "--parallel", "2"],
      ext_modules=mypycify(["--ignore-missing-imports", *[f for files, _ in groups for f in files]], opt_level="3",
                           separate=groups))
'''


def digest(root: Path = ROOT) -> str:
    """Of every source under WATCHED (path and bytes) and of this Python: what a build was made from."""
    h = hashlib.sha256(f"{sys.version}|{sysconfig.get_config_var('EXT_SUFFIX')}".encode())
    for folder in WATCHED:
        for path in sorted((root / folder).rglob("*.py")):
            if any(path.is_relative_to(root / skip) for skip in UNWATCHED):
                continue
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def artifacts(root: Path = ROOT) -> list[Path]:
    """The compiled files in the tree: every extension module under engine/ (Python would import one instead of
    its source, whoever built it) and the shared libraries of any mypyc build at the root."""
    found = [p for p in (root / "engine").rglob("*") if p.suffix in (".so", ".pyd")]
    found.extend(p for p in root.glob("*__mypyc*") if p.suffix in (".so", ".pyd"))
    return sorted(found)


def check(root: Path = ROOT) -> str:
    """"fresh" (a build of the sources as they are), "stale" (compiled files of other sources, or without a
    stamp) or "absent" (plain Python)."""
    files = artifacts(root)
    if not files:
        return "absent"
    try:
        stamp = json.loads((root / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "stale"
    if not isinstance(stamp, dict) or stamp.get("digest") != digest(root) \
            or sorted(stamp.get("files", [])) != [p.relative_to(root).as_posix() for p in files]:
        return "stale"
    return "fresh"


def remove(root: Path = ROOT) -> list[Path]:
    """Take every compiled file and the stamp away (plain Python from now on); the files removed."""
    files = artifacts(root)
    (root / STAMP).unlink(missing_ok=True)  # first: a half-removed build must not look fresh
    gone = []
    for path in files:
        try:
            path.unlink()
            gone.append(path)
        except FileNotFoundError:
            pass
        except OSError as exc:  # e.g. a .pyd a running game holds on Windows: the next start tries again
            print(f"could not remove {path}: {exc}", file=sys.stderr)
    return gone


def missing() -> str | None:
    """What this interpreter lacks to build the rules, or None."""
    for module, what in (("mypyc", "mypy"), ("setuptools", "setuptools")):
        if importlib.util.find_spec(module) is None:
            return f"no {what} in this Python"
    if not any(shutil.which(cc) for cc in ("cc", "gcc", "clang", "cl")):
        return "no C compiler (cc, gcc, clang or cl)"
    return None


def build(root: Path = ROOT) -> list[Path]:
    """Compile COMPILED for ``root`` (in a temporary copy, then moved into place) and write the stamp;
    RuntimeError, with the compiler's last words, when it fails (the tree is then left plain)."""
    remove(root)
    made = digest(root)
    with tempfile.TemporaryDirectory(prefix="berserk-rules-") as tmp:
        work = Path(tmp)
        shutil.copytree(root / "engine", work / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        out = subprocess.run([sys.executable, "-c", BUILD, json.dumps(GROUPS)], cwd=work, capture_output=True,
                             text=True, check=False)
        if out.returncode != 0:
            raise RuntimeError((out.stdout + out.stderr).strip()[-3000:])
        built = artifacts(work)
        if len(built) != len(COMPILED) + len(GROUPS):
            raise RuntimeError(f"the build made {len(built)} files, not {len(COMPILED) + len(GROUPS)}")
        placed = []
        try:
            for path in built:
                target = root / path.relative_to(work)
                shutil.move(path, target)
                placed.append(target)
        except OSError:
            remove(root)
            raise
    if digest(root) != made:  # the sources changed while it was built: this build is of neither
        remove(root)
        raise RuntimeError("the sources changed during the build")
    tmp_stamp = root / (STAMP + ".tmp")
    tmp_stamp.write_text(json.dumps({"digest": made, "files": [p.relative_to(root).as_posix() for p in placed]}),
                         encoding="utf-8")
    os.replace(tmp_stamp, root / STAMP)
    return placed


def ensure(root: Path = ROOT, *, quiet: bool = False) -> str:
    """Compiled rules that match the sources, when this machine can build them; else plain Python (a stale
    build is removed either way). Returns "compiled" or "plain"; says what it did unless ``quiet``."""
    say = (lambda text: None) if quiet else (lambda text: print(text, file=sys.stderr, flush=True))
    state = check(root)
    if os.environ.get(PLAIN_ENV):
        if state != "absent":
            remove(root)
        return "plain"
    if state == "fresh":
        return "compiled"
    if state == "stale":
        remove(root)
    lack = missing()
    if lack:
        say(f"The rules run as plain Python ({lack} to compile them; about half the speed).")
        return "plain"
    say("Compiling the rules of both games with mypyc (after every change of engine/core, engine/heroes, "
        "engine/classic or engine/ai; about a minute and a half)...")
    started = time.monotonic()
    try:
        build(root)
    except (RuntimeError, OSError) as exc:
        say(f"Compiling the rules failed; they run as plain Python.\n{exc}")
        return "plain"
    say(f"Compiled in {time.monotonic() - started:.0f} s.")
    return "compiled"


def guard(root: Path = ROOT) -> None:
    """Before the rules are imported: remove a stale build (compiled code of other sources must never run).
    For main.py and the tests, which may be started without run.py."""
    if check(root) == "stale":
        removed = remove(root)
        print(f"Removed {len(removed)} compiled files of the rules that no longer match their sources "
              "(plain Python now; `python3 run.py` compiles them again).", file=sys.stderr)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "status"
    if command == "ensure":
        ensure()
    elif command == "status":
        print(check())
    elif command == "remove":
        for path in remove():
            print(f"removed {path.relative_to(ROOT)}")
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
