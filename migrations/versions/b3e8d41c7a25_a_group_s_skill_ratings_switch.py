"""a group's skill ratings, off until its owner switches them on

Revision ID: b3e8d41c7a25
Revises: 6a1f3c2e9b70
Create Date: 2026-12-02 07:40:00.000000

SPEC section 8: ratings are opt-in per group; every group kept before starts with them off.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b3e8d41c7a25'
down_revision = '6a1f3c2e9b70'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('group', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ratings', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('group', schema=None) as batch_op:
        batch_op.drop_column('ratings')
