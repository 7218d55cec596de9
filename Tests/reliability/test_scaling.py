"""Several `kcorp serve` on one PostgreSQL database, started by the test on loopback in a
temporary folder (scripts/test-postgres): each sees the others' changes and live updates
within a second, a sign-in on one holds on the other, failed sign-ins are counted together,
a conflicting edit is refused, and neither PostgreSQL stopping nor a server killed loses an
acknowledged write. Bounded: a few seconds of writes per test."""

import http.client
import itertools
import json
import os
import pathlib
import random
import signal
import subprocess
import threading
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
KCORP = pathlib.Path(os.environ.get("KCORP_BIN", ROOT / ".build" / "debug" / "kcorp"))
SCRIPT = ROOT / "scripts" / "test-postgres"


@pytest.fixture(scope="module")
def postgres():
    """The folder of a PostgreSQL server of this module's own, stopped afterwards."""
    started = subprocess.run([str(SCRIPT), "start"], check=True, capture_output=True, text=True)
    folder = started.stdout.split()[0]
    yield folder
    subprocess.run([str(SCRIPT), "stop", folder], check=False, capture_output=True)


@pytest.fixture
def database(postgres):
    """A new, empty database on the server, as a URL."""
    made = subprocess.run(
        [str(SCRIPT), "createdb", postgres], check=True, capture_output=True, text=True)
    return made.stdout.strip()


def serve(url, *options):
    if "--port" not in options:
        options = ("--port", "0", *options)
    process = subprocess.Popen(
        [str(KCORP), "serve", "--database", url, *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = process.stdout.readline().decode().strip()
    assert line.startswith("Listening on http://127.0.0.1:"), process.stderr.read().decode()
    process.port = int(line.rsplit(":", 1)[1])
    return process


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def request(port, method, path, body=None, headers=None, timeout=10):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body)
        headers["Content-Type"] = "application/json"
    connection.request(method, path, data, headers)
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), payload


def add_coach(database):
    """An owner account, coach, whose password is "coach password"."""
    subprocess.run(
        [str(KCORP), "users", "add", "coach", "--role", "owner", "--password-stdin",
         "--database", database],
        input="coach password\n", check=True, capture_output=True, text=True)


def names(port, headers=None, teams=("KC",)):
    """The pseudos of the players of `teams` (`/api/players` lists one team's)."""
    found = set()
    for tag in teams:
        status, _, body = request(port, "GET", f"/api/players?team={tag}", headers=headers)
        assert status == 200
        found |= {player["name"] for player in json.loads(body)}
    return found


# A team holds at most 200 players (TeamKit's PlayerLimits): the runs that write many spread
# them over teams, this many to a team (the first starts with three).
PER_TEAM = 190


class Teams:
    """Teams added to a database for writes to spread over; `next()` is the team of the next
    write, so that no team passes its limit."""

    def __init__(self, database, count=20):
        self.tags = ["KC"] + [f"S{index}" for index in range(1, count)]
        for tag in self.tags[1:]:
            subprocess.run([str(KCORP), "teams", "add", f"Team {tag}", "--tag", tag,
                            "--database", database], check=True, capture_output=True)
        self.counter = itertools.count()

    def next(self):
        return self.tags[min(next(self.counter) // PER_TEAM, len(self.tags) - 1)]


class EventStream(threading.Thread):
    """`GET /api/events` held open; the time each `change` event arrived, with its data."""

    def __init__(self, port, headers=None):
        super().__init__(daemon=True)
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", "/api/events", headers=headers or {})
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        self.changes = []
        self.start()

    def run(self):
        try:
            for raw in self.response.fp:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    self.changes.append((time.monotonic(), line[5:]))
        except (OSError, ValueError):
            pass

    def close(self):
        self.connection.close()


def until(condition, limit):
    """Polls `condition` every 10 ms; the seconds it took to hold, or None past `limit`."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if condition():
            return time.monotonic() - start
        time.sleep(0.01)
    return None


def test_a_change_through_one_server_is_on_the_others_api_and_live_stream_within_a_second(
        database):
    a, b = serve(database), serve(database)
    try:
        stream = EventStream(b.port)
        time.sleep(0.3)  # the stream is open
        delays = []
        for index in range(5):
            name = f"Crossed{index}"
            status, _, _ = request(a.port, "POST", "/api/players", {"name": name, "position": "Mid"})
            assert status == 201
            # The server that made it shows it at once.
            assert name in names(a.port)
            delay = until(lambda: name in names(b.port), 1.0)
            assert delay is not None, f"{name} not on B's API within a second"
            delays.append(delay)
        heard = until(lambda: sum("Crossed" in data for _, data in stream.changes) >= 5, 1.0)
        assert heard is not None, f"B's live stream told {len(stream.changes)} changes"
        stream.close()
        # A stream opened on A resumes from an event id B gave: nothing is told twice.
        print(f"A → B: {max(delays) * 1000:.0f} ms at most")
    finally:
        stop(a)
        stop(b)


def test_last_event_id_resumes_on_another_server(database):
    a, b = serve(database), serve(database)
    try:
        request(a.port, "POST", "/api/players", {"name": "Before", "position": "Top"})
        status, _, body = request(b.port, "GET", "/api/history?limit=1")
        assert status == 200
        newest = json.loads(body)[0]["id"]
        request(a.port, "POST", "/api/players", {"name": "Missed", "position": "Top"})
        until(lambda: "Missed" in names(b.port), 1.0)
        stream = EventStream(b.port, {"Last-Event-ID": str(newest)})
        told = until(lambda: any("Missed" in data for _, data in stream.changes), 2.0)
        stream.close()
        assert told is not None
        assert not any("Before" in data for _, data in stream.changes)
    finally:
        stop(a)
        stop(b)


def test_a_sign_in_on_one_server_holds_on_the_other_and_failures_count_together(database):
    add_coach(database)
    a, b = serve(database, "--require-login"), serve(database, "--require-login")
    try:
        status, headers, _ = request(
            a.port, "POST", "/api/session", {"name": "coach", "password": "coach password"})
        assert status == 201
        cookie = headers["Set-Cookie"].split(";")[0]
        status, _, body = request(b.port, "GET", "/api/session", headers={"Cookie": cookie})
        assert status == 200 and json.loads(body)["name"] == "coach"
        assert request(b.port, "GET", "/api/players")[0] == 401
        # Five wrong passwords, three through A and two through B: the next is slowed, as
        # one server slows the sixth.
        for port in [a.port, a.port, a.port, b.port, b.port]:
            wrong = request(port, "POST", "/api/session", {"name": "coach", "password": "guess"})
            assert wrong[0] == 401
        status, headers, _ = request(
            a.port, "POST", "/api/session", {"name": "coach", "password": "coach password"})
        assert status == 429 and int(headers["Retry-After"]) >= 1
    finally:
        stop(a)
        stop(b)


def test_an_edit_from_an_outdated_version_is_refused_across_servers(database):
    a, b = serve(database), serve(database)
    try:
        status, headers, body = request(a.port, "GET", "/api/players")
        canna = next(p for p in json.loads(body) if p["name"] == "Canna")
        path = f"/api/players/{canna['id']}"
        status, headers, _ = request(a.port, "GET", path)
        seen = headers["ETag"]
        status, _, _ = request(b.port, "PATCH", path, {"position": "Jungle"}, {"If-Match": seen})
        assert status == 200
        # A has not necessarily heard of B's change yet: the database's version decides.
        status, _, body = request(a.port, "PATCH", path, {"name": "Kanna"}, {"If-Match": seen})
        assert status == 412, body
        status, _, body = request(a.port, "GET", path)
        assert json.loads(body)["position"] == "Jungle" and json.loads(body)["name"] == "Canna"
        # A pseudo taken through one server is refused through the other.
        request(a.port, "POST", "/api/players", {"name": "Saken", "position": "Mid"})
        status, _, _ = request(b.port, "POST", "/api/players", {"name": "SAKEN", "position": "Top"})
        assert status == 409
    finally:
        stop(a)
        stop(b)


def writer(port, prefix, stop_event, acknowledged, answers, teams):
    count = 0
    while not stop_event.is_set():
        name = f"{prefix}{count}"
        count += 1
        try:
            status, headers, _ = request(
                port, "POST", "/api/players",
                {"name": name, "position": "Mid", "team": teams.next()}, timeout=10)
        except OSError:
            answers.append("closed")
            time.sleep(0.05)
            continue
        answers.append(status)
        if status == 201:
            acknowledged.append(name)
        elif status == 503:
            assert "Retry-After" in headers
            time.sleep(0.05)


def test_postgres_stopped_while_serving_refuses_writes_keeps_reads_and_comes_back(
        postgres, database):
    teams = Teams(database)
    server = serve(database)
    try:
        assert request(server.port, "GET", "/healthz")[0] == 200
        stop_event = threading.Event()
        acknowledged, answers = [], []
        threads = [threading.Thread(target=writer, args=(server.port, f"W{i}n", stop_event,
                                                         acknowledged, answers, teams))
                   for i in range(3)]
        for thread in threads:
            thread.start()
        time.sleep(1)
        subprocess.run([str(SCRIPT), "pause", postgres], check=True, capture_output=True)
        time.sleep(1.5)
        # Reads of the roster come from the server's snapshot; the load balancer's check says
        # the server is not ready.
        assert request(server.port, "GET", "/api/players")[0] == 200
        assert request(server.port, "GET", "/")[0] == 200
        assert request(server.port, "GET", "/healthz")[0] == 503
        refused = len([a for a in answers if a == 503])
        subprocess.run([str(SCRIPT), "resume", postgres], check=True, capture_output=True)
        back = until(lambda: request(server.port, "GET", "/healthz")[0] == 200, 10)
        assert back is not None, "the server did not reconnect"
        written_after = len(acknowledged)
        assert until(lambda: len(acknowledged) > written_after + 5, 5) is not None
        stop_event.set()
        for thread in threads:
            thread.join(timeout=30)
        assert refused > 0, f"no write was refused while PostgreSQL was down: {answers[-20:]}"
        assert 500 not in answers
    finally:
        stop(server)
    errors = server.stderr.read().decode()
    assert "cannot be reached" in errors or "not saved" in errors, errors[-500:]
    # Every acknowledged write is in the database, read through a new server.
    again = serve(database)
    try:
        missing = set(acknowledged) - names(again.port, teams=teams.tags)
        assert not missing, f"{len(missing)} acknowledged writes lost"
    finally:
        stop(again)


def postgres_processes(folder):
    """The server's processes: the postmaster and its children (one per connection)."""
    postmaster = int(pathlib.Path(folder, "data", "postmaster.pid").read_text().split()[0])
    children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True)
    return [postmaster] + [int(pid) for pid in children.stdout.split()]


def timed(port, method, path, body=None):
    """The status of a request, and the seconds it took."""
    start = time.monotonic()
    status = request(port, method, path, body, timeout=30)[0]
    return status, time.monotonic() - start


def test_a_frozen_postgres_is_told_within_seconds_and_no_client_is_blamed(postgres, database):
    # SIGSTOP, as a network cut without a reset: the kernel still takes every byte, the
    # server answers none.
    server = serve(database)
    frozen = []
    try:
        assert request(server.port, "GET", "/healthz")[0] == 200
        assert request(server.port, "POST", "/api/players",
                       {"name": "Before", "position": "Top"})[0] == 201
        frozen = postgres_processes(postgres)
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        status, seconds = timed(server.port, "GET", "/healthz")
        assert status == 503 and seconds < 4, (status, seconds)
        # Pages that need no database are answered at once, never 400.
        for path in ("/signin", "/", "/api/players"):
            status, seconds = timed(server.port, "GET", path)
            assert status == 200 and seconds < 3, (path, status, seconds)
        # A write waits for the database at most its answer timeout, then says so: 503.
        status, seconds = timed(server.port, "POST", "/api/players",
                                {"name": "During", "position": "Mid"})
        assert status == 503 and seconds < 20, (status, seconds)
        status, seconds = timed(server.port, "GET", "/healthz")
        assert status == 503 and seconds < 4, (status, seconds)
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
    try:
        assert until(lambda: request(server.port, "GET", "/healthz")[0] == 200, 20) is not None
        assert request(server.port, "POST", "/api/players",
                       {"name": "After", "position": "Jungle"})[0] == 201
        assert {"Before", "After"} <= names(server.port)
    finally:
        stop(server)


def test_a_frozen_postgres_leaves_cached_reads_at_once_and_says_503_within_seconds(
        postgres, database):
    """With PostgreSQL frozen, a read the server has cached answers at once, a read that needs
    the database says 503 within 2 s, and `/healthz` says 503 within 1 s, every time asked."""
    server = serve(database)
    frozen = []
    try:
        assert request(server.port, "GET", "/healthz")[0] == 200
        assert request(server.port, "GET", "/api/players")[0] == 200
        assert request(server.port, "GET", "/api/history?limit=1")[0] == 200
        frozen = postgres_processes(postgres)
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        timings = []
        for _ in range(3):
            checks = [("/healthz", 503, 1), ("/api/players", 200, 0.5),
                      ("/api/history?limit=1", 503, 2)]
            for path, expected, limit in checks:
                status, seconds = timed(server.port, "GET", path)
                timings.append((path, status, round(seconds, 2)))
                assert status == expected and seconds < limit, timings
        print(timings)
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
    try:
        assert until(lambda: request(server.port, "GET", "/healthz")[0] == 200, 20) is not None
        assert request(server.port, "GET", "/api/history?limit=1")[0] == 200
    finally:
        stop(server)


def test_the_first_write_after_postgres_restarted_unseen_is_saved(postgres, database):
    """PostgreSQL restarted while the server was idle: its connections look open until used.
    The first write goes through on a new connection rather than failing once."""
    server = serve(database)
    try:
        assert request(server.port, "POST", "/api/players",
                       {"name": "Before", "position": "Top"})[0] == 201
        assert request(server.port, "GET", "/api/history?limit=1")[0] == 200
        subprocess.run([str(SCRIPT), "pause", postgres], check=True, capture_output=True)
        subprocess.run([str(SCRIPT), "resume", postgres], check=True, capture_output=True)
        status, _, body = request(server.port, "POST", "/api/players",
                                  {"name": "After", "position": "Top"})
        assert status == 201
        # Every kind of write again, each statement prepared anew on the new connection.
        after = json.loads(body)["id"]
        assert request(server.port, "PATCH", f"/api/players/{after}", {"position": "Mid"})[0] == 200
        assert request(server.port, "DELETE", f"/api/players/{after}")[0] == 204
        assert request(server.port, "POST", f"/api/trash/{after}/restore")[0] == 201
        assert request(server.port, "POST", "/api/teams",
                       {"name": "KC Blue", "tag": "KCB"})[0] == 201
        assert request(server.port, "POST", f"/api/players/{after}/transfer",
                       {"team": "KCB"})[0] == 200
        assert request(server.port, "GET", "/api/history?limit=1")[0] == 200
        assert request(server.port, "POST", "/api/players",
                       {"name": "Last", "position": "Top", "riotID": "Last#KC1"})[0] == 201
    finally:
        stop(server)


def test_signed_in_staff_keep_reading_while_postgres_is_down(postgres, database):
    """With sign-in required, a session the database confirmed before it went away still
    reads the server's snapshot (for up to five minutes); writes are refused with 503."""
    add_coach(database)
    server = serve(database, "--require-login")
    try:
        status, headers, _ = request(
            server.port, "POST", "/api/session", {"name": "coach", "password": "coach password"})
        assert status == 201
        cookie = {"Cookie": headers["Set-Cookie"].split(";")[0]}
        assert request(server.port, "GET", "/api/players", headers=cookie)[0] == 200
        subprocess.run([str(SCRIPT), "pause", postgres], check=True, capture_output=True)
        try:
            assert request(server.port, "GET", "/api/players", headers=cookie)[0] == 200
            assert request(server.port, "GET", "/", headers=cookie)[0] == 200
            status, headers, _ = request(server.port, "POST", "/api/players",
                                         {"name": "Offline", "position": "Top"}, cookie)
            assert status == 503 and headers["Retry-After"] == "5"
            # Nobody else gets in meanwhile: an unknown session cannot be checked.
            stranger = {"Cookie": cookie["Cookie"][:-4] + "AAAA"}
            assert request(server.port, "GET", "/api/players", headers=stranger)[0] in (401, 503)
        finally:
            subprocess.run([str(SCRIPT), "resume", postgres], check=True, capture_output=True)
        assert until(lambda: request(server.port, "GET", "/healthz")[0] == 200, 10) is not None
        status, _, _ = request(server.port, "POST", "/api/players",
                               {"name": "Online", "position": "Top"}, cookie)
        assert status == 201
    finally:
        stop(server)


def test_a_server_killed_during_writes_through_two_loses_nothing_and_the_other_serves_on(
        database):
    random.seed(23)
    teams = Teams(database)
    a, b = serve(database), serve(database)
    acknowledged, answers = [], []
    try:
        stop_event = threading.Event()
        threads = [threading.Thread(target=writer, args=(server.port, f"{label}{i}n", stop_event,
                                                         acknowledged, answers, teams))
                   for label, server in [("A", a), ("B", b)] for i in range(3)]
        for thread in threads:
            thread.start()
        time.sleep(random.uniform(0.8, 1.5))
        a.send_signal(signal.SIGKILL)
        a.wait(timeout=10)
        on_b = len([name for name in acknowledged if name.startswith("B")])
        time.sleep(1)
        stop_event.set()
        for thread in threads:
            thread.join(timeout=30)
        assert len([name for name in acknowledged if name.startswith("B")]) > on_b + 5
        assert request(b.port, "GET", "/healthz")[0] == 200
        missing = set(acknowledged) - names(b.port, teams=teams.tags)
        assert not missing, f"{len(missing)} acknowledged writes lost"
        assert len(acknowledged) > 50, "too few writes to prove anything"
    finally:
        if a.poll() is None:
            stop(a)
        stop(b)


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_rolling_restart_of_two_servers_behind_caddy_loses_no_request(database, tmp_path):
    """deploy/postgresql/Caddyfile, on loopback ports: while a client reads and writes through
    Caddy, each server in turn is stopped (SIGTERM) and started again."""
    ports = [free_port(), free_port()]
    proxy = free_port()
    config = (ROOT / "deploy" / "postgresql" / "Caddyfile").read_text()
    config = config.replace("roster.example.org", f"http://127.0.0.1:{proxy}")
    config = config.replace("127.0.0.1:8081 127.0.0.1:8082",
                            f"127.0.0.1:{ports[0]} 127.0.0.1:{ports[1]}")
    assert str(ports[0]) in config and str(proxy) in config
    (tmp_path / "Caddyfile").write_text("{\n\tadmin off\n}\n" + config)
    caddy = subprocess.Popen(
        ["caddy", "run", "--config", str(tmp_path / "Caddyfile"), "--adapter", "caddyfile"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "PATH": os.environ["PATH"]})
    teams = Teams(database)
    servers = [serve(database, "--port", str(port), "--drain", "3") for port in ports]
    answers, acknowledged = [], []
    try:
        assert until(lambda: probe(proxy) == 200, 10) is not None, "Caddy did not start"
        stop_event = threading.Event()

        def client(prefix):
            count = 0
            while not stop_event.is_set():
                count += 1
                try:
                    status, _, body = request(proxy, "POST", "/api/players",
                                              {"name": f"{prefix}{count}", "position": "Top",
                                               "team": teams.next()})
                    answers.append(status if status in (200, 201) else (status, body[:300]))
                    if status == 201:
                        acknowledged.append(f"{prefix}{count}")
                    answers.append(request(proxy, "GET", "/api/players")[0])
                except OSError as error:
                    answers.append(repr(error))

        clients = [threading.Thread(target=client, args=(f"R{i}n",)) for i in range(2)]
        for thread in clients:
            thread.start()
        time.sleep(1)
        for index, port in enumerate(ports):
            stop(servers[index])
            servers[index] = serve(database, "--port", str(port), "--drain", "3")
            assert until(lambda: probe(port) == 200, 10) is not None
            time.sleep(2.5)  # Caddy's next health checks see it ready
        stop_event.set()
        for thread in clients:
            thread.join(timeout=30)
        failures = [answer for answer in answers if answer not in (200, 201)]
        assert not failures, f"{len(failures)} of {len(answers)} requests failed: {failures[:5]}"
        assert len(acknowledged) > 20, "too few writes to prove anything"
        for port in ports:
            # The last writes through one server reach the other within a second.
            until(lambda: not set(acknowledged) - names(port, teams=teams.tags), 1.0)
            missing = set(acknowledged) - names(port, teams=teams.tags)
            in_database = subprocess.run(
                [str(KCORP), "players", "--json", "--database", database],
                capture_output=True, text=True).stdout
            assert not missing, (f"{sorted(missing)} of {len(acknowledged)} not on "
                                 f":{port} (of {ports}); in the database: "
                                 f"{[name for name in missing if name in in_database]}")
    finally:
        for server in servers:
            stop(server)
        caddy.terminate()
        caddy.wait(timeout=10)


def probe(port):
    try:
        return request(port, "GET", "/healthz", timeout=2)[0]
    except OSError:
        return None
