"""a night's table keeps the night's name as typed; its seating and table are said by each page

Revision ID: 7c2d4e6f8a10
Revises: cbf321e8ffa0
Create Date: 2026-12-04 05:30:00.000000

A table of a game night was named "<night>: seating 3, table 2" in English and stored so, which
German and Arabic pages then showed in English. The night's name is what was typed: it is kept,
and every page (and the API, in English) says the seating and the table from the night's own
rows. Going back writes the English names again.
"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '7c2d4e6f8a10'
down_revision = 'cbf321e8ffa0'
branch_labels = None
depends_on = None


def upgrade():
    op.execute(
        "UPDATE match SET name = (SELECT substr(night.name, 1, 80) FROM night_table "
        "JOIN night ON night.id = night_table.night_id WHERE night_table.match_id = match.id) "
        "WHERE id IN (SELECT match_id FROM night_table)")


def downgrade():
    op.execute(
        "UPDATE match SET name = (SELECT substr(night.name || ': seating ' || "
        "night_table.seating || ', table ' || (night_table.position + 1), 1, 80) "
        "FROM night_table JOIN night ON night.id = night_table.night_id "
        "WHERE night_table.match_id = match.id) "
        "WHERE id IN (SELECT match_id FROM night_table)")
