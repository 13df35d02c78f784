"""A group's bank: groups and their links (groups.py), the roster (roster.py), banking a match
and reading the bank (banking.py), its statistics (stats.py), a player's page (players.py),
ratings (ratings.py), exports and imports."""
