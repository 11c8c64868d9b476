"""`serve --lang`: the pages' language for a visitor whose browser has not chosen one."""

from stammtisch.server import ServerConfig


def test_api_config_gives_the_servers_default_language(make_client):
    assert make_client().get("/api/config").json() == {"lang": "de"}
    assert make_client(default_lang="en").get("/api/config").json() == {"lang": "en"}


def test_serve_passes_lang_to_the_server_config(monkeypatch, tmp_path):
    """``serve --lang en`` builds its server with ``default_lang="en"`` (stopped before it listens)."""
    import typer
    from typer.testing import CliRunner

    from stammtisch.cli import serve as serve_mod
    from stammtisch.cli.main import app

    seen: list[ServerConfig] = []

    def fake_create_app(*, config, **_kw):
        seen.append(config)
        raise typer.Exit(0)

    monkeypatch.setattr("stammtisch.server.create_app", fake_create_app)
    monkeypatch.setattr(serve_mod, "listen", lambda *a, **k: None)
    r = CliRunner().invoke(app, ["serve", "--data", str(tmp_path), "--lang", "en", "--port", "0"])
    assert r.exit_code == 0, r.output
    assert seen and seen[0].default_lang == "en"


def test_the_page_script_asks_the_server_only_without_a_remembered_choice():
    from importlib.resources import files

    js = (files("stammtisch.web") / "static" / "i18n.js").read_text(encoding="utf-8")
    # a remembered choice first, then the browser's own languages, and only then the server's default
    assert 'fetch("/api/config")' in js and 'known(localStorage.getItem(KEY)) || browserLang() || await' in js
