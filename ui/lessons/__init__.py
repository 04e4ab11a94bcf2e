"""Learning to play at the table: the lessons on offer, the player's progress, a lesson being played.

The lessons themselves are data (assets/lessons, docs/lessons.md) read by the content loader; here are the
client's parts: which lessons loaded and which did not (``catalog``), what the player finished and which tips
they turned off (``progress``), and a lesson in play — its step, the scripted opponent and the coaching when a
move is wrong (``run``). The screens are ui/scenes/lessons.py (the path of each game) and ui/scenes/lesson.py
(a lesson at its game's table).
"""
