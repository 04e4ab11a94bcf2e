"""Write the game's sound effects as .wav files, to listen to them or measure them (``sox FILE -n stat``).

The game does not read these files: it makes the same effects in memory (ui/sound.py). Usage:

    python tools/make_sounds.py DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ui.sound import NAMES, wav_bytes  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        path = out / f"{name}.wav"
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(wav_bytes(name))
        tmp.replace(path)  # a half-written file never stands under the name
        print(f"Saved {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
