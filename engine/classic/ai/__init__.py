"""The classic computer opponents' side of the engine: what a player may know (:mod:`.observe`)."""
