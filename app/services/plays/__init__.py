"""Plays a group logged elsewhere: brought in from the files other score pads keep."""
