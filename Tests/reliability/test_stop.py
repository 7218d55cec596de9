"""SIGTERM while a write waits for a slow disk (every sync made 1.5 s longer by
scripts/slow-sync.c, preloaded): the server lets the write finish, answers it, and exits 0;
every acknowledged write is there after a restart. Bounded: one write, a few seconds."""

import http.client
import json
import os
import pathlib
import signal
import subprocess
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))


def start_server(database, environment=None):
    process = subprocess.Popen(
        [str(KCORP), "serve", "--port", "0", "--db", database],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment)
    line = process.stdout.readline().decode().strip()
    assert line.startswith("Listening on http://127.0.0.1:"), line
    return process, int(line.rsplit(":", 1)[1])


def players(port):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/api/players")
    return [player["name"] for player in json.loads(connection.getresponse().read())]


def test_a_stop_while_a_write_waits_for_the_disk_answers_it_and_exits_0():
    with tempfile.TemporaryDirectory() as folder:
        library = os.path.join(folder, "slow-sync.so")
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", library,
                        str(ROOT / "scripts" / "slow-sync.c"), "-ldl"], check=True)
        database = os.path.join(folder, "roster.sqlite")
        subprocess.run([str(KCORP), "players", "--db", database], check=True,
                       capture_output=True)  # created before the slow disk is in place
        wal = database + "-wal"
        environment = dict(os.environ, LD_PRELOAD=library, KCORP_SYNC_DELAY_MS="1500")
        server, port = start_server(database, environment)
        answer = {}

        def write():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("POST", "/api/players",
                               json.dumps({"name": "Held", "position": "Mid"}),
                               {"Content-Type": "application/json"})
            answer["status"] = connection.getresponse().status

        before = os.path.getsize(wal) if os.path.exists(wal) else 0
        writer = threading.Thread(target=write)
        writer.start()
        # The write is in the file's log, waiting for its sync: stop the server now.
        deadline = time.monotonic() + 10
        while (not os.path.exists(wal) or os.path.getsize(wal) == before) \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        assert os.path.getsize(wal) > before, "the write never reached the log"
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=20) == 0
        writer.join(timeout=20)
        assert answer.get("status") in (201, 503), answer
        server, port = start_server(database)
        try:
            names = players(port)
        finally:
            server.terminate()
            server.wait(timeout=10)
        if answer["status"] == 201:
            assert "Held" in names
