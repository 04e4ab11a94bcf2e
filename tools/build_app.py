"""A one-folder build of the game with PyInstaller: ``dist/berserk-table/`` runs on a machine without Python.

    python3 run.py build               # what players get: dist/berserk-table/berserk-table(.exe)
    python tools/build_app.py [--dist DIR] [--work DIR]   # the same, with the .venv's Python and PyInstaller

The folder holds the executable, an ``_internal`` folder with Python, the libraries and the code, and the
assets at ``_internal/assets`` (the code finds them one folder above its packages, as in a source checkout).
Zip the folder to hand it on. PyInstaller builds for the system it runs on: build on Windows for Windows
(docs/install.md). When the rules are compiled (run.py compiles them first where there is a C
compiler) the build carries the compiled rules; else plain Python.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "berserk-table"
PACKAGES = ("engine", "ui", "saves", "net")  # rulesets, scenes, save kits and the server's kits are imported by name


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    """PyInstaller's command line for the one-folder build."""
    sys.path.insert(0, str(ROOT))
    from tools.compile_rules import GROUPS, check

    args = ["--noconfirm", "--clean", "--onedir", "--name", NAME, "--distpath", str(dist), "--workpath", str(work),
            "--specpath", str(work), "--add-data", f"{ROOT / 'assets'}{os.pathsep}assets",
            "--collect-data", "pygame_gui",  # its fonts and default theme
            "--exclude-module", "tools", "--exclude-module", "pytest", "--exclude-module", "mypy",
            "--exclude-module", "mypyc", "--exclude-module", "hypothesis"]
    for package in PACKAGES:
        args += ["--collect-submodules", package]
    if check(ROOT) == "fresh":  # the compiled modules import their shared libraries by name, unseen by PyInstaller
        for group in GROUPS:
            args += ["--hidden-import", f"{group}__mypyc"]
    if sys.platform in ("win32", "darwin"):
        args.append("--windowed")  # no console window beside the game
    return [*args, str(ROOT / "main.py")]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Build dist/berserk-table with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the folder goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder (default: build/pyinstaller)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        print("PyInstaller is not installed in this Python; `python3 run.py build` installs it.", file=sys.stderr)
        return 1
    started = time.monotonic()
    pyinstaller.run(pyinstaller_args(args.dist.resolve(), args.work.resolve()))
    exe = args.dist.resolve() / NAME / (NAME + (".exe" if os.name == "nt" else ""))
    if not exe.is_file():
        print(f"PyInstaller ended without making {exe}", file=sys.stderr)
        return 1
    print(f"Built {exe} in {time.monotonic() - started:.0f} s; hand on the whole folder {exe.parent}.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
