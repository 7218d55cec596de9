"""Schemathesis against `kcorp serve`'s own OpenAPI document, on loopback: every check (enabled in
schemathesis.toml), a bounded number of examples and a fixed seed. What the schema allows is accepted, what it
forbids is refused, every answer matches its declared schema and status, and nothing is a
5xx. Schemathesis comes from PyPI into the virtual environment `make test` creates (.build/tools)."""

import os
import pathlib
import subprocess
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))
SCHEMATHESIS = ROOT / ".build" / "tools" / "bin" / "schemathesis"


def test_the_api_keeps_its_openapi_contract():
    assert SCHEMATHESIS.exists(), "run `make test`, which installs schemathesis in .build/tools"
    with tempfile.TemporaryDirectory() as folder:
        # The server's log is kept in a file: a failure shows what the server said.
        log = open(os.path.join(folder, "server.log"), "w+")
        server = subprocess.Popen(
            [str(KCORP), "serve", "--port", "0", "--db", os.path.join(folder, "roster.sqlite"),
             "--riot-api", "http://127.0.0.1:9/{routing}"],
            stdout=subprocess.PIPE, stderr=log)
        try:
            line = server.stdout.readline().decode().strip()
            assert line.startswith("Listening on http://127.0.0.1:"), line
            url = line.removeprefix("Listening on ")
            run = subprocess.run(
                [str(SCHEMATHESIS), "--config-file", str(ROOT / "Tests" / "reliability" / "schemathesis.toml"),
                 "--no-color", "run", f"{url}/api/openapi.json",
                 "--max-examples", "50", "--seed", "20261130", "--workers", "1", "--max-time", "120",
                 # Random bytes are schema-valid for a binary body but never a photo (422):
                 # uploads have their own tests (test_photos.py).
                 "--exclude-path-regex", "/photo$",
                 # A live stream never ends: each example would wait out the client's
                 # timeout. EventTests and the browser walk test it.
                 "--exclude-path", "/api/events"],
                capture_output=True, text=True, timeout=300, cwd=folder)
        finally:
            server.terminate()
            server.wait(timeout=10)
            log.seek(0)
            server_log = log.read()
            log.close()
    summary = run.stdout[run.stdout.rfind("SUMMARY"):]
    assert run.returncode == 0, (run.stdout[-6000:] + run.stderr[-2000:]
                                 + "\nThe server's log, its end:\n" + server_log[-3000:])
    assert "API Operations" in summary and "Tested: 0" not in summary, summary
