"""Take the card pictures out of the game-icons set into assets/art/game-icons.

    .venv/bin/python tools/import_art.py [--package PATH] [--authors PATH]

Every built-in card of both games names its picture (``art = "dragon-head"``); this script copies exactly
those pictures (and the few the client draws besides: the neutral picture, the element emblems, the card
backs' emblems) out of the npm package ``@iconify-json/game-icons`` (CC BY 3.0) as small SVG files, and
deletes pictures no card uses any more. The game itself never needs npm or the network: the SVGs are
committed.

``--package``: the package's folder, its ``icons.json`` or the ``.tgz`` that ``npm pack
@iconify-json/game-icons`` makes; without it the script runs that ``npm pack`` in a temporary folder.

``--authors``: a copy of https://github.com/game-icons/icons (a checkout, or a bare git repository). The
npm package names only the set, not who drew each picture; that repository keeps each author's pictures
in a folder of their own, which is how ``authors.toml`` and ``CREDITS.md`` credit every picture. Without
it the authors already recorded in ``authors.toml`` are kept, and a picture with no recorded author is
an error.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.content import load_classic_pool, load_pool  # noqa: E402
from engine.content.art import FALLBACK, ICONS  # noqa: E402
from engine.core.art import is_file_name  # noqa: E402

# Pictures the client draws that no card names: the neutral picture, an emblem per element (the frames),
# the emblems of the two games' card backs.
EXTRA = (FALLBACK, "sun", "oak-leaf", "mountains", "water-drop", "batwing-emblem", "crossed-swords", "cog",
         "crossed-axes")

# The authors' folders of github.com/game-icons/icons and how license.txt names them (CC0 where it says so).
AUTHORS = {
    "lorc": ("Lorc", "https://lorcblog.blogspot.com"), "delapouite": ("Delapouite", "https://delapouite.com"),
    "john-colburn": ("John Colburn", "http://ninmunanmu.com"),
    "felbrigg": ("Felbrigg", "http://blackdogofdoom.blogspot.co.uk"),
    "john-redman": ("John Redman", "http://www.uniquedicetowers.com"),
    "carl-olsen": ("Carl Olsen", "https://twitter.com/unstoppableCarl"),
    "sbed": ("Sbed", "http://opengameart.org/content/95-game-icons"), "priorblue": ("PriorBlue", ""),
    "willdabeast": ("Willdabeast", "http://wjbstories.blogspot.com"),
    "viscious-speed": ("Viscious Speed", "http://viscious-speed.deviantart.com"),
    "lord-berandas": ("Lord Berandas", "http://berandas.deviantart.com"),
    "irongamer": ("Irongamer", "http://ecesisllc.wix.com/home"),
    "heavenly-dog": ("HeavenlyDog", "http://www.gnomosygoblins.blogspot.com"), "lucasms": ("Lucas", ""),
    "faithtoken": ("Faithtoken", "http://fungustoken.deviantart.com"), "skoll": ("Skoll", ""),
    "andymeneely": ("Andy Meneely", "http://www.se.rit.edu/~andy/"), "cathelineau": ("Cathelineau", ""),
    "kier-heyl": ("Kier Heyl", ""), "aussiesim": ("Aussiesim", ""), "sparker": ("Sparker", "http://citizenparker.com"),
    "zeromancer": ("Zeromancer", ""), "rihlsul": ("Rihlsul", ""), "quoting": ("Quoting", ""),
    "guard13007": ("Guard13007", "https://guard13007.com"),
    "darkzaitzev": ("DarkZaitzev", "http://darkzaitzev.deviantart.com"), "spencerdub": ("SpencerDub", ""),
    "generalace135": ("GeneralAce135", ""), "zajkonur": ("Zajkonur", ""), "catsu": ("Catsu", ""),
    "starseeker": ("Starseeker", ""), "pepijn-poolman": ("Pepijn Poolman", ""), "pierre-leducq": ("Pierre Leducq", ""),
    "caro-asercion": ("Caro Asercion", ""), "seregacthtuf": ("SeregaCthtuf", ""),
    "various-artists": ("Various artists", ""),
}
CC0 = {"viscious-speed", "zeromancer"}  # license.txt: "CC0 if mentioned"
SITE = "https://game-icons.net"
LICENCE_URL = "https://creativecommons.org/licenses/by/3.0/"
_NUMBER = re.compile(r"-?\d*\.?\d+")


def wanted() -> list[str]:
    """Every shipped picture some built-in card names, and the client's own."""
    names = set(EXTRA)
    for card in load_pool().cards.values():
        if card.art and not is_file_name(card.art):
            names.add(card.art)
    for ccard in load_classic_pool().cards.values():
        if ccard.art and not is_file_name(ccard.art):
            names.add(ccard.art)
    return sorted(names)


def read_icons(package: pathlib.Path | None) -> tuple[dict, str]:
    """The iconify JSON of the set and the package's version: from the package's folder, its icons.json,
    its .tgz, or a fresh ``npm pack``."""
    if package is None:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["npm", "pack", "--silent", "@iconify-json/game-icons"], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL)
            return read_icons(next(pathlib.Path(tmp).glob("*.tgz")))
    if package.is_dir():
        package = package / "icons.json"
    if package.suffix == ".tgz" or package.name.endswith(".tar.gz"):
        with tarfile.open(package) as tar:
            icons, meta = tar.extractfile("package/icons.json"), tar.extractfile("package/package.json")
            if icons is None or meta is None:
                raise SystemExit(f"{package}: no package/icons.json inside")
            return json.loads(icons.read()), json.loads(meta.read()).get("version", "")
    meta_path = package.parent / "package.json"
    version = json.loads(meta_path.read_text(encoding="utf-8")).get("version", "") if meta_path.is_file() else ""
    return json.loads(package.read_text(encoding="utf-8")), version


def svg(body: str, size: int = 512) -> str:
    """A stand-alone SVG of one picture: white on transparent (the client tints it)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}">'
            f'{body.replace("currentColor", "#fff")}</svg>\n')


class AuthorsRepo:
    """The authors' folders of a game-icons/icons copy: a checkout or a bare git repository."""

    def __init__(self, path: pathlib.Path) -> None:
        self.path = path
        self.git = not (path / "lorc").is_dir()
        self.by_name: dict[str, list[str]] = defaultdict(list)
        for rel in self._files():
            folder, _, file = rel.partition("/")
            if folder in AUTHORS and file.endswith(".svg") and "/" not in file:
                self.by_name[file[:-4]].append(folder)

    def _files(self) -> list[str]:
        if not self.git:
            return [str(p.relative_to(self.path)) for p in self.path.glob("*/*.svg")]
        out = subprocess.run(["git", "--git-dir", str(self.path), "ls-tree", "-r", "--name-only", "HEAD"],
                             check=True, capture_output=True, text=True).stdout
        return out.split()

    def _text(self, rel: str) -> str:
        if not self.git:
            return (self.path / rel).read_text(encoding="utf-8")
        return subprocess.run(["git", "--git-dir", str(self.path), "show", f"HEAD:{rel}"], check=True,
                              capture_output=True, text=True).stdout

    def author(self, name: str, body: str) -> str | None:
        """The folder of the picture's author; when several authors drew a picture of that name, the one
        whose path numbers match the package's picture best."""
        folders = self.by_name.get(name, [])
        if len(folders) <= 1:
            return folders[0] if folders else None
        mine = _NUMBER.findall(body)[:80]

        def score(folder: str) -> int:
            theirs = _NUMBER.findall(self._text(f"{folder}/{name}.svg").split("<path", 2)[-1])[:80]
            return sum(a == b for a, b in zip(mine, theirs, strict=False)) + len(set(mine) & set(theirs))

        return max(folders, key=score)


def read_recorded() -> dict[str, str]:
    """Picture -> author folder from the current authors.toml (kept when no --authors is given)."""
    path = ICONS / "authors.toml"
    if not path.is_file():
        return {}
    import tomllib

    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {icon: t["folder"] for t in data.get("author", []) for icon in t.get("icons", [])}


def write_credits(by_author: dict[str, list[str]], version: str) -> None:
    lines = ["# The authors of the card pictures (written by tools/import_art.py; do not edit by hand).",
             f'# From the game-icons set ({SITE}), npm package @iconify-json/game-icons {version}.', ""]
    md = ["# Card pictures: credits", "",
          f"The card pictures are from [game-icons.net]({SITE}) ({len(sum(by_author.values(), []))} pictures),",
          f"licensed under [Creative Commons Attribution 3.0 Unported (CC BY 3.0)]({LICENCE_URL}),",
          "except those of Viscious Speed and Zeromancer, which are CC0. They were taken from the npm package",
          f"`@iconify-json/game-icons` {version} by `tools/import_art.py`, which also wrote this file.",
          "", "Changes: each picture is saved white on transparent; the game tints it in the card's element",
          "colours and draws it over a generated background. The shapes are unchanged.", "",
          "Icons made by:", ""]
    for folder in sorted(by_author, key=lambda f: (-len(by_author[f]), f)):
        name, url = AUTHORS[folder]
        icons = sorted(by_author[folder])
        licence = "CC0" if folder in CC0 else "CC BY 3.0"
        lines += ["[[author]]", f'name = "{name}"', f'folder = "{folder}"', f'url = "{url}"',
                  f'licence = "{licence}"', "icons = [" + ", ".join(f'"{i}"' for i in icons) + "]", ""]
        link = f"[{name}]({url})" if url else name
        md.append(f"- {link} ({licence}, {len(icons)}): " + ", ".join(icons))
    (ICONS / "authors.toml").write_text("\n".join(lines), encoding="utf-8")
    (ICONS / "CREDITS.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    (ICONS / "LICENSE").write_text(
        "The pictures in this folder are from the game-icons set, https://game-icons.net\n"
        "(https://github.com/game-icons/icons), by the authors listed in CREDITS.md and authors.toml.\n\n"
        "They are licensed under the Creative Commons Attribution 3.0 Unported licence (CC BY 3.0):\n"
        f"{LICENCE_URL} (legal code: {LICENCE_URL}legalcode).\n"
        "The pictures of Viscious Speed and Zeromancer are dedicated to the public domain (CC0 1.0):\n"
        "https://creativecommons.org/publicdomain/zero/1.0/\n\n"
        "Changes made: each picture is stored white on a transparent background; the game draws it tinted\n"
        "in a card's colours over a generated background. The shapes are not changed.\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package", type=pathlib.Path, help="the npm package (folder, icons.json or .tgz)")
    parser.add_argument("--authors", type=pathlib.Path, help="a copy of github.com/game-icons/icons")
    args = parser.parse_args(argv)
    data, version = read_icons(args.package)
    icons, aliases = data["icons"], data.get("aliases", {})
    names = wanted()
    missing = [n for n in names if n not in icons and n not in aliases]
    if missing:
        print("not in the set: " + ", ".join(missing), file=sys.stderr)
        return 2
    repo = AuthorsRepo(args.authors) if args.authors else None
    recorded = read_recorded()
    by_author: dict[str, list[str]] = defaultdict(list)
    unknown = []
    bodies = {}
    for name in names:
        real = aliases[name]["parent"] if name not in icons else name
        bodies[name] = (icons[real]["body"], icons[real].get("width", data.get("width", 512)))
        folder = repo.author(name, bodies[name][0]) if repo else recorded.get(name)
        if folder is None:
            unknown.append(name)
        else:
            by_author[folder].append(name)
    if unknown:
        print("no author known for: " + ", ".join(unknown) + " (give --authors)", file=sys.stderr)
        return 2
    ICONS.mkdir(parents=True, exist_ok=True)
    for old in ICONS.glob("*.svg"):
        if old.stem not in bodies:
            old.unlink()
    for name, (body, size) in bodies.items():
        (ICONS / f"{name}.svg").write_text(svg(body, size), encoding="utf-8")
    write_credits(by_author, version)
    print(f"pictures={len(bodies)} authors={len(by_author)} folder={ICONS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
