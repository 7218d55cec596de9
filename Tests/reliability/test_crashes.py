"""`kill -9` of `kcorp serve` at random moments while API clients and CLI processes add
players to the same file: every write that was acknowledged is there after a restart, and
SQLite finds the file intact. Bounded: 20 rounds of at most about a second each; each round
writes into a team of its own, so that no team reaches its limit of players."""

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


def api_writer(port, prefix, team, stop, acknowledged):
    """Adds players to `team` through the API until the server dies; keeps the names
    answered 201."""
    count = 0
    while not stop.is_set():
        name = f"{prefix}{count}"
        count += 1
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request(
                "POST", "/api/players", json.dumps({"name": name, "position": "Mid", "team": team}),
                {"Content-Type": "application/json"})
            if connection.getresponse().status == 201:
                acknowledged.append(name)
            connection.close()
        except OSError:
            return  # the server was killed


def cli_writer(database, prefix, team, stop, acknowledged):
    """Adds players to `team` with `kcorp players add` beside the server; keeps those that
    exited 0."""
    count = 0
    while not stop.is_set():
        name = f"{prefix}{count}"
        count += 1
        run = subprocess.run(
            [str(KCORP), "players", "add", "--name", name, "--position", "Top", "--team", team,
             "--db", database],
            capture_output=True)
        if run.returncode == 0:
            acknowledged.append(name)


def test_acknowledged_writes_survive_kill_9_of_the_server():
    random.seed(9)
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        acknowledged = []
        for round_number in range(ROUNDS):
            team = f"R{round_number}"
            subprocess.run([str(KCORP), "teams", "add", f"Round {round_number}", "--tag", team,
                            "--db", database], check=True, capture_output=True)
            server, port = start_server(database)
            stop = threading.Event()
            writers = [
                threading.Thread(target=api_writer, args=(port, f"A{round_number}x{i}n", team, stop, acknowledged))
                for i in range(4)
            ] + [threading.Thread(target=cli_writer, args=(database, f"C{round_number}n", team, stop, acknowledged))]
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
            names = set()
            for round_number in range(ROUNDS):
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request("GET", f"/api/players?team=R{round_number}")
                names |= {player["name"] for player in json.loads(connection.getresponse().read())}
                connection.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
        missing = set(acknowledged) - names
        assert not missing, f"{len(missing)} acknowledged writes lost: {sorted(missing)[:5]}"
        with sqlite3.connect(database) as db:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]


def transfer(port, player, team):
    """Moves a player through the API; True when the server answered that it is done."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request(
        "POST", f"/api/players/{player}/transfer", json.dumps({"team": team}),
        {"Content-Type": "application/json"})
    done = connection.getresponse().status == 200
    connection.close()
    return done


def test_a_move_between_teams_under_kill_9_is_all_or_nothing():
    """Players move between two teams while the server is killed: afterwards each player is
    on exactly one team, the one of their last acknowledged move (or of the move under way),
    with one tenure and one history entry per move that took place."""
    random.seed(22)
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        subprocess.run(
            [str(KCORP), "teams", "add", "KC Blue", "--tag", "KCB", "--db", database],
            check=True, capture_output=True)
        server, port = start_server(database)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/api/organisation")
        players = [p["id"] for p in json.loads(connection.getresponse().read())["players"]]
        server.terminate()
        server.wait(timeout=10)
        # Where each player is known to be (KC: the first team), and a move that got no answer.
        acknowledged = {player: "KC" for player in players}
        pending = {}
        moves = 0
        for _ in range(8):
            server, port = start_server(database)
            # Killed within the first hundred or so moves of the round (bounded, so that each
            # player's history stays within one page).
            killer = threading.Timer(random.uniform(0.05, 0.2), server.send_signal, [signal.SIGKILL])
            killer.start()
            try:
                for _ in range(150):
                    player = random.choice(players)
                    target = "KCB" if acknowledged[player] == "KC" else "KC"
                    pending[player] = target
                    if transfer(port, player, target):
                        acknowledged[player] = target
                        del pending[player]
                        moves += 1
            except OSError:
                pass  # the server was killed
            killer.join()
            server.wait(timeout=10)

        assert moves > 20, "too few moves to prove anything"
        server, port = start_server(database)
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/api/organisation")
            organisation = json.loads(connection.getresponse().read())
            tags = {team["id"]: team["tag"] for team in organisation["teams"]}
            found = [p["id"] for p in organisation["players"]]
            assert sorted(found) == sorted(players)  # each once: never both, never neither
            for player in organisation["players"]:
                team = tags[player["teamID"]]
                assert team in {acknowledged[player["id"]], pending.get(player["id"])}
                connection.request("GET", f"/api/players/{player['id']}/tenures")
                tenures = json.loads(connection.getresponse().read())
                connection.request("GET", f"/api/history?player={player['id']}&limit=1000")
                history = json.loads(connection.getresponse().read())
                transfers = [c for c in history if c["kind"] == "transferred"]
                assert len(tenures) == len(transfers)
                # The last move in the history brought the player where they are.
                if transfers:
                    assert transfers[0]["to"] in {t["name"] for t in organisation["teams"] if t["tag"] == team}
        finally:
            server.terminate()
            server.wait(timeout=10)
        with sqlite3.connect(database) as db:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
