"""`kill -9` of `kcorp serve` at random moments while API clients and CLI processes add
players to the same file: every write that was acknowledged is there after a restart, and
SQLite finds the file intact. Bounded: 20 rounds of at most about a second each."""

import http.client
import json
import os
import pathlib
import random
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))
ROUNDS = 20


def start_server(database):
    process = subprocess.Popen(
        [str(KCORP), "serve", "--port", "0", "--db", database],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = process.stdout.readline().decode().strip()
    assert line.startswith("Listening on http://127.0.0.1:"), line
    return process, int(line.rsplit(":", 1)[1])


def api_writer(port, prefix, stop, acknowledged):
    """Adds players through the API until the server dies; keeps the names answered 201."""
    count = 0
    while not stop.is_set():
        name = f"{prefix}{count}"
        count += 1
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request(
                "POST", "/api/players", json.dumps({"name": name, "position": "Mid"}),
                {"Content-Type": "application/json"})
            if connection.getresponse().status == 201:
                acknowledged.append(name)
            connection.close()
        except OSError:
            return  # the server was killed


def cli_writer(database, prefix, stop, acknowledged):
    """Adds players with `kcorp players add` beside the server; keeps those that exited 0."""
    count = 0
    while not stop.is_set():
        name = f"{prefix}{count}"
        count += 1
        run = subprocess.run(
            [str(KCORP), "players", "add", "--name", name, "--position", "Top", "--db", database],
            capture_output=True)
        if run.returncode == 0:
            acknowledged.append(name)


def test_acknowledged_writes_survive_kill_9_of_the_server():
    random.seed(9)
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        acknowledged = []
        for round_number in range(ROUNDS):
            server, port = start_server(database)
            stop = threading.Event()
            writers = [
                threading.Thread(target=api_writer, args=(port, f"A{round_number}x{i}n", stop, acknowledged))
                for i in range(4)
            ] + [threading.Thread(target=cli_writer, args=(database, f"C{round_number}n", stop, acknowledged))]
            for writer in writers:
                writer.start()
            time.sleep(random.uniform(0.1, 0.6))
            server.send_signal(signal.SIGKILL)
            server.wait(timeout=10)
            stop.set()
            for writer in writers:
                writer.join(timeout=30)
                assert not writer.is_alive()

        assert len(acknowledged) > ROUNDS * 10, "too few writes to prove anything"
        # A restart (which opens, checks and loads the file) sees every acknowledged write.
        server, port = start_server(database)
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/api/players")
            names = {player["name"] for player in json.loads(connection.getresponse().read())}
        finally:
            server.terminate()
            server.wait(timeout=10)
        missing = set(acknowledged) - names
        assert not missing, f"{len(missing)} acknowledged writes lost: {sorted(missing)[:5]}"
        with sqlite3.connect(database) as db:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
