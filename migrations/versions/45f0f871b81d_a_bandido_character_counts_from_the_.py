"""a Bandido character counts from the deal, and only the phone that typed it reads it

Revision ID: 45f0f871b81d
Revises: 5e0c7f3a91d2
Create Date: 2026-11-30 21:52:42.021683

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '45f0f871b81d'
down_revision = '5e0c7f3a91d2'
branch_labels = None
depends_on = None


# SQLite drops a column by copying the table. No foreign key points at `seat` (unlike
# `change.undoes`, see 5e0c7f3a91d2), so dropping the old copy clears nothing elsewhere.


def upgrade():
    # A character stored before counted from the round it was typed in; it now counts from
    # the deal, as the card did. Keys are new: a character typed before has none, so it stays
    # hidden from every link until its seat types it again (or it is revealed, or the match ends).
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('character_key', sa.String(length=64), nullable=True))
        batch_op.drop_column('character_from')


def downgrade():
    # From the deal is from round 1 on: 0 says just that.
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('character_from', sa.Integer(), server_default='0',
                                      nullable=False))
        batch_op.drop_column('character_key')
