"""a Bandido character counts from the round in play when it was entered

Revision ID: 224fbfd34b0c
Revises: d9ade3c9c25e
Create Date: 2026-11-30 10:57:21.142566

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '224fbfd34b0c'
down_revision = 'd9ade3c9c25e'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('character_from', sa.Integer(), server_default='0', nullable=False))



def downgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('character_from')

