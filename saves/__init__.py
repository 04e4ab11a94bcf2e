"""Save files: format, versions, atomic writes, the saves folder, replays.

The UI uses :class:`SaveManager` (save, autosave, quick save/load, list, rename, delete),
:class:`GameRecord` (a game's setup + action log, kept alongside the live game) and
:class:`Replay`. Every problem with a file is a :class:`SaveError` with a ru and an en message.
This package never imports pygame; the UI passes thumbnails in as PNG bytes.
"""

from saves.errors import (
    SaveCorrupt,
    SaveError,
    SaveExists,
    SaveIllegal,
    SaveMismatch,
    SaveMissing,
    SaveReplayFailed,
    SaveTooLarge,
    SaveUnexpected,
    SaveUnknownRuleset,
    SaveUnreadable,
    SaveVersionTooNew,
    SaveWriteError,
)
from saves.format import decode, encode
from saves.manager import LoadedSave, SaveInfo, SaveManager, load, read_record
from saves.record import GameRecord, PlayerSetup, Snapshot
from saves.replay import Replay, ReplayFrame

__all__ = [
    "GameRecord", "LoadedSave", "PlayerSetup", "Replay", "ReplayFrame", "SaveCorrupt", "SaveError", "SaveExists",
    "SaveIllegal", "SaveInfo", "SaveManager", "SaveMismatch", "SaveMissing", "SaveReplayFailed", "SaveTooLarge", "SaveUnexpected",
    "SaveUnknownRuleset", "SaveUnreadable", "SaveVersionTooNew", "SaveWriteError", "Snapshot", "decode", "encode", "load", "read_record",
]
