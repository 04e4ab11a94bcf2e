"""The client's screens. They switch by name through :mod:`ui.registry` (``app.show("menu")``) and never
import each other; what several share lives outside this package (:mod:`ui.scene`, :mod:`ui.loading`)."""
