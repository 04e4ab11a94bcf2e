"""Pieces shared by every ruleset: errors, seeded randomness, actions, hashing."""
