"""The computer opponents of «Герои» (Easy and Normal) and what their player may know; registered with
the ruleset (``find_ruleset("heroes").bots``), created through :func:`engine.ai.make_bot`."""
