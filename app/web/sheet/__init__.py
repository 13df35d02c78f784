"""The kit every game's sheet is made of: the sheet laid out (view), drawn and kept (drawn), what
a screen reader hears of a change (announce), the shared forms, sums in cells, a phone's key."""
