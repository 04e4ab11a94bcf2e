"""The game as players get it: `pip install .` into a fresh virtual environment gives the `berserk-table`
command, and `python3 run.py build` makes a folder (PyInstaller) whose executable starts to the main menu.

Both are slow (a venv with its dependencies, a PyInstaller build: a minute or more each) and need the
package index or pip's cache: `python3 run.py test -m slow tests/test_install.py` runs them (docs/install.md).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.processes import run_unless_stuck
from tests.real_window import Client, Person, Screen, centre, need_tools

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "main.py", "engine", "ui", "saves", "net", "assets")
BIN = "Scripts" if os.name == "nt" else "bin"
EXE = ".exe" if os.name == "nt" else ""


def _plain_env(**extra: str) -> dict[str, str]:
    """This environment without anything that points at the source checkout or its .venv."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV") and not k.startswith("SDL_")}
    return {**env, **extra}


@pytest.mark.slow
def test_pip_install_into_a_fresh_venv_gives_a_command_that_renders_the_screens(tmp_path: Path):
    src = tmp_path / "src"  # a copy, so the build writes nothing into the checkout (and takes no compiled rules)
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        else:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / BIN / ("python" + EXE)
    pip = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-input",
                          str(src)], cwd=tmp_path, env=_plain_env(), capture_output=True, text=True, timeout=900)
    assert pip.returncode == 0, pip.stdout[-3000:] + pip.stderr[-3000:]
    shutil.rmtree(src)  # the installed game must not lean on the copy it was built from

    home = tmp_path / "home"
    where = subprocess.run(
        [str(python), "-c", "import engine.content.files as f, saves.paths as p; "
         "print(f.ASSETS); print(p.data_dir()); print(p.config_dir())"],
        cwd=tmp_path, env=_plain_env(HOME=str(home), XDG_DATA_HOME="", XDG_CONFIG_HOME=""),
        capture_output=True, text=True, timeout=120)
    assert where.returncode == 0, where.stderr
    assets, data, config = (Path(line) for line in where.stdout.splitlines())
    assert assets.is_relative_to(env_dir) and (assets / "i18n" / "ru.toml").is_file(), assets  # package data
    if sys.platform.startswith("linux"):  # platformdirs' folders in the player's home, not beside the code
        assert data == home / ".local" / "share" / "BerserkTable"
        assert config == home / ".config" / "BerserkTable"

    command = env_dir / BIN / ("berserk-table" + EXE)
    assert command.is_file(), f"no {command.name} in {command.parent}: {sorted(os.listdir(command.parent))}"
    out = tmp_path / "shots"
    code, stdout, stderr, _ = run_unless_stuck(
        [str(command), "--screenshot", str(out), "--size", "1280x720"], cwd=tmp_path, cpu_limit=300,
        env=_plain_env(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BERSERK_TABLE_HOME=str(home)))
    assert code == 0, stdout[-3000:] + stderr[-3000:]
    shots = {p.name for p in out.glob("*.png")}
    assert {"menu.png", "setup.png", "table.png", "classic_board.png", "cards.png"} <= shots, sorted(shots)
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and p.stat().st_size > 10_000 for p in out.glob("*.png"))


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the window is driven on Xvfb")
def test_pyinstaller_build_starts_without_python_to_the_main_menu(tmp_path: Path):
    need_tools()
    dist = tmp_path / "dist"
    code, stdout, stderr, _ = run_unless_stuck(
        [sys.executable, str(ROOT / "run.py"), "build", "--dist", str(dist), "--work", str(tmp_path / "work")],
        cpu_limit=900)
    assert code == 0, stdout[-3000:] + stderr[-3000:]
    exe = dist / "berserk-table" / ("berserk-table" + EXE)
    assert exe.is_file() and (dist / "berserk-table" / "_internal" / "assets" / "i18n" / "ru.toml").is_file()

    screen = Screen(tmp_path / "xvfb.log")
    try:  # started in tmp_path, no .venv on its PATH: the folder carries its own interpreter
        client = Client(screen, tmp_path, 120.0, program=(str(exe),), extra={"PATH": "/usr/bin:/bin"})
        try:
            d = client.wait(lambda d: d.get("scene") == "MenuScene", "the main menu of the built game", timeout=90)
            client.find_window()
            assert client.size == (1280, 720), client.size
            assert d["lang"] == "ru" and d["widgets"]["buttons.new"]["text"] == "Новая игра"
            client.shot("menu")
            quit_button = d["widgets"]["buttons.quit"]
            Person(client).click(centre(quit_button["rect"]))
            try:
                code = client.proc.wait(20)
            except subprocess.TimeoutExpired:
                client.fail("the built game did not exit in 20 s after a click on «Выход»")
            assert code == 0, f"the built game exited with code {code}"
        finally:
            client.stop()
    finally:
        screen.stop()
