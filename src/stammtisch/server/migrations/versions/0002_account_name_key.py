"""account names unique under case folding and NFKC: a ``name_key`` column with a unique index

Existing accounts whose names differ only by case or compatibility form (``victim``, ``VICTIM``,
``Ｖictim``) keep their names, passwords and sessions: the oldest owns the key (logins by any
spelling reach it), each later one gets the key ``<key>#<id>`` and is still reached by its exact
name. New registrations of any spelling of a taken name are refused.

Revision ID: 0002_server_account_key
Revises: 0001_server
"""
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0002_server_account_key"
down_revision = "0001_server"
branch_labels = None
depends_on = None


def _key(name: str) -> str:
    # frozen copy of stammtisch.server.store.account_key at the time of this migration
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()[:80]


def upgrade() -> None:
    with op.batch_alter_table("server_accounts") as b:
        b.add_column(sa.Column("name_key", sa.String(96), nullable=True))
    conn = op.get_bind()
    accounts = sa.table("server_accounts", sa.column("id", sa.Integer), sa.column("name", sa.String),
                        sa.column("name_key", sa.String))
    taken: set[str] = set()
    for id_, name in conn.execute(sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.id)).all():
        key = _key(name)
        if key in taken:
            key = f"{key}#{id_}"
        taken.add(key)
        conn.execute(accounts.update().where(accounts.c.id == id_).values(name_key=key))
    op.create_index("ix_server_accounts_name_key", "server_accounts", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_server_accounts_name_key", table_name="server_accounts")
    with op.batch_alter_table("server_accounts") as b:
        b.drop_column("name_key")
