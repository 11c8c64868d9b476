"""Money rates and draw bounds (issue 32): a cup's (or a table's) rate in cents per point, and the
lower bound on repeated pairs a repeat-minimal draw proved.

Revision ID: sk0004
Revises: sk0003
Create Date: 2026-12-02 04:30:00
"""
import sqlalchemy as sa
from alembic import op

revision = 'sk0004'
down_revision = 'sk0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('sk_tournament') as b:
        b.add_column(sa.Column('rate_cents', sa.Integer(), nullable=True))
    with op.batch_alter_table('sk_table') as b:
        b.add_column(sa.Column('rate_cents', sa.Integer(), nullable=True))
    with op.batch_alter_table('sk_round') as b:
        b.add_column(sa.Column('repeats_bound', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('sk_round') as b:
        b.drop_column('repeats_bound')
    with op.batch_alter_table('sk_table') as b:
        b.drop_column('rate_cents')
    with op.batch_alter_table('sk_tournament') as b:
        b.drop_column('rate_cents')
