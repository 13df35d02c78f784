"""Recorded plays and played games (SPEC section 14): placed by pure rules, logged by the
owner, brought in from files."""
