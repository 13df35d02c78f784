"""a Bandido seat's secret character

Revision ID: d9ade3c9c25e
Revises: 4b7810bf04f8
Create Date: 2026-11-30 10:17:43.347224

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd9ade3c9c25e'
down_revision = '4b7810bf04f8'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('character', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('revealed', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))



def downgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('revealed')
        batch_op.drop_column('character')

