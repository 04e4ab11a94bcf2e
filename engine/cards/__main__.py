"""``python -m engine.cards stats | show ID [--cards DIR] | check DIR`` (the command reads files, so it
lives with the content loader: :func:`engine.content.cli.cards_main`)."""

from __future__ import annotations

import sys

from engine.content.cli import cards_main

if __name__ == "__main__":
    sys.exit(cards_main())
