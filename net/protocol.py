"""What server and client say to each other: JSON objects, one a WebSocket text message, each with a type
``"t"``; the limits; and the typed errors, each in ru and en (docs/network.md lists the messages).

A request may carry ``"id"`` (a whole number); the answer to it carries it back as ``"re"``. Nothing read
from the wire is trusted: :func:`decode` and the ``Fields`` checks refuse anything of the wrong shape with a
:class:`NetError` whose code says what was wrong, and never echo what they refused.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

PROTOCOL = 1  # bumped when a message changes shape; a client of another protocol is told to update
DEFAULT_PORT = 7777
MAX_MESSAGE = 64 * 1024  # bytes: a longer message is refused with "too_large" (the connection stays)
FRAME_LIMIT = 256 * 1024  # bytes: past this the WebSocket layer closes the connection (code 1009)
MAX_TEXT = 200  # characters of a chat line
MAX_NAME = 24  # characters of a player's or a room's name
MAX_ACTION = 400  # characters of an action's text
MAX_DECK = 200  # cards in a deck or a squad
KEEP_SECONDS = 300.0  # how long a room waits for a player who dropped (the server's --keep)

ERRORS: dict[str, tuple[str, str]] = {
    "malformed": ("Сообщение не читается: нужен объект JSON с полем «t».",
                  "The message cannot be read: a JSON object with a field \"t\" is expected."),
    "too_large": ("Сообщение слишком длинное (больше 64 КиБ).", "The message is too long (over 64 KiB)."),
    "flood": ("Слишком много сообщений: подождите немного.", "Too many messages: wait a moment."),
    "unknown_type": ("Сервер не знает такого сообщения.", "The server knows no such message."),
    "bad_field": ("Поле сообщения неверно: {field}.", "A field of the message is wrong: {field}."),
    "version": ("Сервер говорит на другой версии протокола ({v}): обновите игру.",
                "The server speaks another version of the protocol ({v}): update the game."),
    "no_room": ("Нет такой игры на сервере.", "There is no such game on the server."),
    "name_taken": ("Игра с таким названием уже есть.", "A game of that name already exists."),
    "room_full": ("В этой игре уже два игрока.", "This game already has two players."),
    "password": ("Неверный пароль.", "Wrong password."),
    "token": ("Это место занято другим игроком.", "That seat belongs to another player."),
    "seated": ("Вы уже в игре.", "You are already in a game."),
    "not_seated": ("Вы не играете в этой партии.", "You are not playing in this game."),
    "not_started": ("Партия ещё не началась: ждём второго игрока.",
                    "The game has not started: waiting for the second player."),
    "not_your_turn": ("Сейчас решает другой игрок.", "The other player decides now."),
    "stale": ("Партия уже изменилась: ход сделан по старому виду стола.",
              "The game has changed: the move was made on an old view of the table."),
    "syntax": ("Это не действие этой игры.", "That is not an action of this game."),
    "server_only": ("Это действие делает только сервер.", "Only the server takes that action."),
    "illegal": ("{ru}", "{en}"),
    "deck": ("Колода не подходит: {ru}", "The deck is not legal: {en}"),
    "game": ("Нет такой игры или такого режима.", "No such game or mode."),
    "not_host": ("Это может только тот, кто создал игру.", "Only the player who made the game can do that."),
    "undo": ("{ru}", "{en}"),
    "no_undo": ("Никто не просил отменить ход.", "Nobody asked to take a move back."),
    "save_failed": ("Сервер не смог сохранить партию: {why}", "The server could not save the game: {why}"),
    "no_save": ("На сервере нет такой сохранённой партии.", "The server has no such saved game."),
    "full": ("Сервер занят: слишком много игр.", "The server is busy: too many games."),
}


class NetError(Exception):
    """A refusal with a code (a key of :data:`ERRORS`) and its words in ru and en."""

    def __init__(self, code: str, **values: Any) -> None:
        ru, en = ERRORS[code]
        self.code = code
        self.ru = ru.format(**values)
        self.en = en.format(**values)
        super().__init__(self.en)

    def message(self, ref: Any = None) -> dict[str, Any]:
        """The error as the message the server sends (``ref``: the request's ``id``)."""
        out: dict[str, Any] = {"t": "error", "code": self.code, "ru": self.ru, "en": self.en}
        if ref is not None:
            out["re"] = ref
        return out

    def reason(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


def encode(message: Mapping[str, Any]) -> str:
    """One message as the text sent (compact JSON; non-ASCII as it is)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), check_circular=False)  # plain data: no loops


def decode(raw: str | bytes) -> dict[str, Any]:
    """A message as read: a JSON object with a text ``"t"``, within :data:`MAX_MESSAGE` bytes."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise NetError("too_large")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise NetError("malformed") from None
    if not isinstance(data, dict) or not isinstance(data.get("t"), str):
        raise NetError("malformed")
    return data


class Fields:
    """Typed reads of one message's fields: a wrong type or size is :class:`NetError` ``bad_field`` naming
    the field (never its value)."""

    def __init__(self, message: Mapping[str, Any], prefix: str = "") -> None:
        self.m = message
        self.prefix = prefix

    def _bad(self, name: str) -> NetError:
        return NetError("bad_field", field=self.prefix + name)

    def text(self, name: str, max_len: int, *, default: str | None = None, blank: bool = False) -> str:
        value = self.m.get(name, default)
        if not isinstance(value, str) or len(value) > max_len or (not blank and not value.strip()) \
                or not value.isprintable():
            raise self._bad(name)
        return value

    def whole(self, name: str, low: int, high: int, *, default: int | None = None) -> int:
        value = self.m.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise self._bad(name)
        return value

    def flag(self, name: str, *, default: bool | None = None) -> bool:
        value = self.m.get(name, default)
        if not isinstance(value, bool):
            raise self._bad(name)
        return value

    def table(self, name: str) -> Fields:
        value = self.m.get(name)
        if not isinstance(value, dict):
            raise self._bad(name)
        return Fields(value, f"{self.prefix}{name}.")

    def ids(self, name: str, max_len: int) -> list[str]:
        """A list of card ids (short printable texts)."""
        value = self.m.get(name)
        if not isinstance(value, list) or len(value) > max_len \
                or not all(isinstance(v, str) and 0 < len(v) <= 64 and v.isprintable() for v in value):
            raise self._bad(name)
        return list(value)

    def has(self, name: str) -> bool:
        return name in self.m


def request_id(message: Mapping[str, Any]) -> int | None:
    """The request's ``id`` when it is a plain whole number (anything else is ignored, not echoed)."""
    ref = message.get("id")
    return ref if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < 1 << 53 else None
