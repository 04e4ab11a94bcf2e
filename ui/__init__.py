"""Desktop client UI (pygame-ce + pygame_gui). Placeholder until the real client lands."""
