"""Online tables (issue 30): a tournament table is ``live`` (a keeper enters its games) or
``online`` (a table of the table server plays them; ``server_table`` is its number there), and a
tournament keeps the settings of its online tables (``online``: games, clocks, Kiebitze, the
invitation and the check-in); a player who registered himself keeps his personal code
(``code_hash``, argon2).

Revision ID: sk0003
Revises: sk0002
Create Date: 2026-12-02 04:40:00
"""
import sqlalchemy as sa
from alembic import op

revision = 'sk0003'
down_revision = 'sk0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('sk_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('kind', sa.String(length=10), nullable=False, server_default='live'))
        batch_op.add_column(sa.Column('server_table', sa.Integer(), nullable=True))
    with op.batch_alter_table('sk_tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('online', sa.JSON(), nullable=True))
    with op.batch_alter_table('sk_player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('code_hash', sa.String(length=255), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('sk_player', schema=None) as batch_op:
        batch_op.drop_column('code_hash')
    with op.batch_alter_table('sk_tournament', schema=None) as batch_op:
        batch_op.drop_column('online')
    with op.batch_alter_table('sk_table', schema=None) as batch_op:
        batch_op.drop_column('server_table')
        batch_op.drop_column('kind')
