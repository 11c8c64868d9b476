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


def serve_app(db_path, organiser: str = "Maria Moser", password: str = PASSWORD):
    """A standalone scorekeeper app on a free loopback port with one organiser, run by uvicorn in a
    thread; yields its base address and stops it afterwards (a generator for pytest fixtures)."""
    import threading
    import time

    import pytest

    uvicorn = pytest.importorskip("uvicorn")
    from stammtisch.scorekeeper.api import create_app
    from tests.server.live import free_port

    app = create_app(f"sqlite:///{db_path}")
    app.state.scorekeeper.create_organiser(organiser, password)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(5)
