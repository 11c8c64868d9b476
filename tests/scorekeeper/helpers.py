"""Shared helpers of the scorekeeper tests: an organiser account and its session header."""

API = "/scorekeeper/api"
PASSWORD = "geheim-12345"


def login(client, name: str = "Maria Moser", password: str = PASSWORD) -> dict[str, str]:
    """Create organiser ``name`` (if new) on the client's store, log in, return the auth header."""
    store = client.app.state.scorekeeper
    if name not in {o["name"] for o in store.organisers()}:
        store.create_organiser(name, password)
    r = client.post(f"{API}/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def unlock(client, table_id: int, code: str) -> dict[str, str]:
    """The list keeper's header after entering the table card's code."""
    r = client.post(f"{API}/tables/{table_id}/unlock", json={"code": code})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}
