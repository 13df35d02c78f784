"""A group's bank: banking a match and reading the bank (banking.py), its statistics (stats.py),
a player's page (players.py), ratings (ratings.py), seasons, exports and imports. It stands on
a match's services and on the group itself (services/group/), never the other way round."""
