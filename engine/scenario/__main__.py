"""``python -m engine.scenario FILE [--lang ru|en] [--log]`` (the command reads the file, so it lives with
the content loader: :func:`engine.content.cli.scenario_main`)."""

from __future__ import annotations

import sys

from engine.content.cli import scenario_main

if __name__ == "__main__":
    sys.exit(scenario_main())
