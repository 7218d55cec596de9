"""A Python client generated from the server's own OpenAPI document by
openapi-python-client 0.29.1 (PyPI, in .build/tools) with its default settings: it generates,
and a roster walk through it (list, add, get, edit, history, lineup, champions, delete,
Recently removed, restore) works against the running server."""

import os
import pathlib
import subprocess
import tempfile
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))
TOOLS = ROOT / ".build" / "tools" / "bin"


def test_a_client_generated_with_the_defaults_walks_the_roster():
    assert (TOOLS / "openapi-python-client").exists(), "run `make test`, which installs it"
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [str(KCORP), "serve", "--port", "0", "--db", os.path.join(folder, "roster.sqlite"),
             "--riot-api", "http://127.0.0.1:9/{routing}"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            line = server.stdout.readline().decode().strip()
            assert line.startswith("Listening on http://127.0.0.1:"), line
            url = line.removeprefix("Listening on ")
            document = os.path.join(folder, "openapi.json")
            with urllib.request.urlopen(f"{url}/api/openapi.json", timeout=10) as answer:
                pathlib.Path(document).write_bytes(answer.read())
            generated = subprocess.run(
                [str(TOOLS / "openapi-python-client"), "generate", "--path", document,
                 "--output-path", os.path.join(folder, "client")],
                capture_output=True, text=True, timeout=120, cwd=folder)
            assert generated.returncode == 0, generated.stdout[-3000:] + generated.stderr[-2000:]
            # The photo upload (one body, several image types) is the only endpoint skipped.
            skipped = [line for line in generated.stdout.splitlines()
                       if "will not be generated" in line]
            assert all("/photo" in line for line in skipped), skipped
            walk = subprocess.run(
                [str(TOOLS / "python"), str(ROOT / "Tests" / "reliability" / "client_walk.py"), url],
                capture_output=True, text=True, timeout=60, cwd=folder,
                env=dict(os.environ, PYTHONPATH=os.path.join(folder, "client")))
            assert walk.returncode == 0 and "walked" in walk.stdout, walk.stdout + walk.stderr
        finally:
            server.terminate()
            server.wait(timeout=10)
