"""A game night's pages: starting one from the group (start.py), the owner's night page
(owner.py), a player's phone that follows them from table to table (phone.py), and the big
screen (screen.py); what they share in view.py."""
