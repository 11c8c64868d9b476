"""Scorekeeper tables: tournaments, players, rounds, tables, seats, rows and their revisions.

Revision ID: sk0001
Revises:
Create Date: 2026-11-22 11:06:52.790681
"""
import sqlalchemy as sa
from alembic import op

revision = 'sk0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('sk_tournament',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('profile', sa.String(length=80), nullable=True),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('season', sa.String(length=80), nullable=True),
    sa.Column('rounds_planned', sa.Integer(), nullable=False),
    sa.Column('games_4', sa.Integer(), nullable=False),
    sa.Column('games_5', sa.Integer(), nullable=False),
    sa.Column('tiebreaks', sa.JSON(), nullable=False),
    sa.Column('lot_seed', sa.String(length=64), nullable=False),
    sa.Column('organiser_key', sa.String(length=128), nullable=False),
    sa.Column('published', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('sk_tournament', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sk_tournament_season'), ['season'], unique=False)

    op.create_table('sk_player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('club', sa.String(length=200), nullable=False),
    sa.Column('active', sa.Boolean(), nullable=False),
    sa.Column('registered_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['sk_tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'number')
    )
    with op.batch_alter_table('sk_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sk_player_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('sk_round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('method', sa.String(length=20), nullable=False),
    sa.Column('seed', sa.String(length=64), nullable=False),
    sa.Column('repeat_pairs', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['sk_tournament.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('tournament_id', 'number')
    )
    with op.batch_alter_table('sk_round', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sk_round_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('sk_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('games_planned', sa.Integer(), nullable=False),
    sa.Column('entry_key', sa.String(length=64), nullable=False),
    sa.Column('closed', sa.Boolean(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['round_id'], ['sk_round.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('round_id', 'number')
    )
    with op.batch_alter_table('sk_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sk_table_round_id'), ['round_id'], unique=False)

    op.create_table('sk_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('dealer', sa.Integer(), nullable=False),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.Column('settlement', sa.JSON(), nullable=False),
    sa.Column('pflichtsolo_by', sa.Integer(), nullable=True),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['sk_table.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'number')
    )
    with op.batch_alter_table('sk_entry', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sk_entry_table_id'), ['table_id'], unique=False)

    op.create_table('sk_seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('table_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['sk_player.id'], ),
    sa.ForeignKeyConstraint(['table_id'], ['sk_table.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('table_id', 'position')
    )
    with op.batch_alter_table('sk_seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sk_seat_table_id'), ['table_id'], unique=False)

    op.create_table('sk_revision',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('entry_id', sa.Integer(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=20), nullable=False),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.Column('settlement', sa.JSON(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('author', sa.String(length=200), nullable=False),
    sa.Column('at', sa.String(length=40), nullable=False),
    sa.ForeignKeyConstraint(['entry_id'], ['sk_entry.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('entry_id', 'revision')
    )
    with op.batch_alter_table('sk_revision', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sk_revision_entry_id'), ['entry_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('sk_revision', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sk_revision_entry_id'))

    op.drop_table('sk_revision')
    with op.batch_alter_table('sk_seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sk_seat_table_id'))

    op.drop_table('sk_seat')
    with op.batch_alter_table('sk_entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sk_entry_table_id'))

    op.drop_table('sk_entry')
    with op.batch_alter_table('sk_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sk_table_round_id'))

    op.drop_table('sk_table')
    with op.batch_alter_table('sk_round', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sk_round_tournament_id'))

    op.drop_table('sk_round')
    with op.batch_alter_table('sk_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sk_player_tournament_id'))

    op.drop_table('sk_player')
    with op.batch_alter_table('sk_tournament', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sk_tournament_season'))

    op.drop_table('sk_tournament')
