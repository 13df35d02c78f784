"""A group itself: its links and who they are (groups.py), and its roster (roster.py). Below the
match and the bank: a match is seated from a group's roster, and the bank holds a group's matches;
neither is imported here."""
