"""A group's pages: the group's page and its layout, the roster, its links, import and export."""
