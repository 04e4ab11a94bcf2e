"""Network play: a game server and the client's connection to it, one more layer above the engine.

The server (:mod:`net.server`) holds the only full game of each room and sends each player what their
ruleset lets them know (:func:`engine.ai.observe.observe`, :func:`engine.ai.observe.tell`); the client's
connection (:mod:`net.client`) runs on a thread of its own and hands messages to the table. Messages are
JSON objects over WebSocket (:mod:`net.protocol`). Nothing in ``engine/`` knows about any of this.
"""
