"""A local stand-in for Riot Games' API, where the tests import players, ranks and games from:

    /{regional}/riot/account/v1/accounts/by-riot-id/{gameName}/{tagLine}
    /{regional}/riot/account/v1/accounts/by-puuid/{puuid}
    /{platform}/lol/league/v4/entries/by-puuid/{puuid}
    /{regional}/lol/match/v5/matches/by-puuid/{puuid}/ids
    /{regional}/lol/match/v5/matches/{matchId}

with Riot's habits that clients trip over: a key on every request, PUUIDs encrypted per key,
rate limits in sliding windows, 429s with Retry-After. From pytest, `with serve(key=...) as api:`
gives the controls as methods; run as a program, they are under /_control/.
"""

import argparse
import base64
import collections
import contextlib
import copy
import hashlib
import http
import http.server
import json
import math
import re
import signal
import threading
import time
import urllib.parse

APP_LIMITS = ((20, 1), (100, 120))
REGIONAL = {"europe", "americas", "asia", "sea"}
PLATFORMS = set("br1 eun1 euw1 jp1 kr la1 la2 me1 na1 oc1 ph2 ru sg2 th2 tr1 tw2 vn2".split())
# (method, route in the stats, routing values, path after the routing value, method limits)
ROUTES = [
    ("by_riot_id", "account", REGIONAL, r"riot/account/v1/accounts/by-riot-id/([^/]+)/([^/]+)",
     ((1000, 60),)),
    ("account", "account", REGIONAL, r"riot/account/v1/accounts/by-puuid/([^/]+)", ((1000, 60),)),
    ("league", "league", PLATFORMS, r"lol/league/v4/entries/by-puuid/([^/]+)", ((100, 60),)),
    ("match_ids", "match_ids", REGIONAL, r"lol/match/v5/matches/by-puuid/([^/]+)/ids",
     ((2000, 10),)),
    ("match", "match", REGIONAL, r"lol/match/v5/matches/([^/]+)", ((2000, 10),)),
]
BY_ROUTE = ("account", "league", "match_ids", "match")


def player(name, position, tier, rank, lp, wins, losses, champions):
    return {"game_name": name, "tag_line": "KC1", "position": position, "tier": tier,
            "rank": rank, "lp": lp, "wins": wins, "losses": losses, "champions": champions.split()}


ACCOUNTS = [
    player("Canna", "TOP", "CHALLENGER", "I", 1234, 212, 161, "Jax KSante Renekton"),
    player("Closer", "JUNGLE", "GRANDMASTER", "I", 702, 187, 150, "Vi Sejuani LeeSin"),
    player("Vladi", "MIDDLE", "MASTER", "I", 318, 143, 129, "Azir Orianna Ahri"),
    player("Caliste", "BOTTOM", "DIAMOND", "I", 67, 96, 81, "Kaisa Varus Ezreal"),
    player("Targamas", "UTILITY", "MASTER", "I", 41, 120, 104, "Rakan Nautilus Alistar"),
]
POSITIONS = ["TOP", "JUNGLE", "MIDDLE", "BOTTOM", "UTILITY"]
CHAMPION_IDS = {"Jax": 24, "KSante": 897, "Renekton": 58, "Vi": 254, "Sejuani": 113, "LeeSin": 64,
                "Azir": 268, "Orianna": 61, "Ahri": 103, "Kaisa": 145, "Varus": 110, "Ezreal": 81,
                "Rakan": 497, "Nautilus": 111, "Alistar": 12, "Garen": 86, "Darius": 122,
                "Graves": 104, "Viego": 234, "Syndra": 134, "Viktor": 112, "Jinx": 222,
                "Xayah": 498, "Thresh": 412, "Lulu": 117}
# What the nine made-up players of a game pick, two per role.
FILLERS = {"TOP": ["Garen", "Darius"], "JUNGLE": ["Graves", "Viego"],
           "MIDDLE": ["Syndra", "Viktor"], "BOTTOM": ["Jinx", "Xayah"],
           "UTILITY": ["Thresh", "Lulu"]}
HOUR = 3600 * 1000


def error(status, message):
    return {"status": {"message": message, "status_code": status}}


def puuid(key, iid):
    """Riot encrypts PUUIDs per API key: 78 characters from the key and the stable id."""
    digest = hashlib.sha256(f"{key}{iid}".encode()).digest()
    return base64.urlsafe_b64encode(digest + hashlib.sha256(digest).digest()).decode()[:78]


def split_riot_id(text):
    name, _, tag = text.rpartition("#")
    return name, tag


def generate(accounts, games, now_ms):
    """Every account's games: {match id: info}, {internal id: [match ids, newest first]}.
    Participants carry internal ids; their PUUIDs depend on the key and are added when served."""
    played = []  # (creation ms, queue, account index, game number)
    for i in range(len(accounts)):
        when, times = now_ms, []
        for n in range(games):
            when -= (24 + (n * 7 + i * 5) % 24) * HOUR + i * 600_000  # 1 to 2 days apart
            times.append(when)
            played.append((when, 420, i, n))
        for k in range(2 if games else 0):  # two normal games, which ranked filters leave out
            played.append((times[min(games - 1, 2 + k * games // 2)] - (5 + k) * HOUR, 400, i, k))
    played.sort()
    matches, by_player = {}, collections.defaultdict(list)
    for number, (created, queue, i, n) in enumerate(played, start=7000000001):
        match_id, account, position = f"EUW1_{number}", accounts[i], accounts[i]["position"]
        if queue == 420 and n == 5:  # one game per account in another role
            position = POSITIONS[(POSITIONS.index(position) + 2) % 5]
        champions = account["champions"]  # cycled, the first one every other game
        champion = champions[[0, 1, 0, 2][n % 4] % len(champions)]
        ours, won = (100 if n % 2 == 0 else 200), (n * 3 + i) % 5 < 3  # 3 wins in 5
        participants = []
        for slot in range(10):
            team, role = (100 if slot < 5 else 200), POSITIONS[slot % 5]
            if team == ours and role == position:
                iid, pick = f"acct-{i}", champion
                name, tag = account["game_name"], account["tag_line"]
                kda = (2 + (n * 5 + i) % 9, 1 + (n * 3 + i * 2) % 7, 3 + (n * 7 + i) % 12)
            else:
                iid, name, tag = f"npc-{number}-{slot}", f"Player{number % 10000}x{slot}", "EUW"
                pick = FILLERS[role][(number + slot) % 2]
                kda = ((number + slot * 3) % 10, (number * 3 + slot) % 8, (number + slot * 5) % 14)
            by_player[iid].insert(0, match_id)
            participants.append({
                "iid": iid, "participantId": slot + 1, "riotIdGameName": name, "riotIdTagline": tag,
                "championName": pick,
                "championId": CHAMPION_IDS.get(pick, 900 + sum(map(ord, pick))),
                "teamPosition": role, "individualPosition": role, "teamId": team,
                "win": won == (team == ours), "kills": kda[0], "deaths": kda[1], "assists": kda[2]})
        duration = 1500 + (number * 97) % 900
        matches[match_id] = {
            "gameId": number, "gameCreation": created, "gameStartTimestamp": created + 60_000,
            "gameEndTimestamp": created + 60_000 + duration * 1000, "gameDuration": duration,
            "gameMode": "CLASSIC", "gameType": "MATCHED_GAME", "gameVersion": "14.1.556.8675",
            "mapId": 11, "queueId": queue, "platformId": "EUW1", "participants": participants}
    return matches, by_player


class Window:
    """Timestamps of the requests counted against one set of (count, seconds) limits."""

    def __init__(self, limits):
        self.limits, self.times = limits, collections.deque()

    def wait(self, now):
        """Seconds until one more request fits, 0 if it fits now."""
        while self.times and self.times[0] <= now - max(s for _, s in self.limits):
            self.times.popleft()
        wait = 0
        for count, seconds in self.limits:
            inside = [t for t in self.times if t > now - seconds]
            if len(inside) >= count:  # the request that must leave the window first
                wait = max(wait, inside[len(inside) - count] + seconds - now)
        return wait

    def headers(self, prefix, now):
        return {f"X-{prefix}-Rate-Limit": ",".join(f"{n}:{s}" for n, s in self.limits),
                f"X-{prefix}-Rate-Limit-Count": ",".join(
                    f"{sum(t > now - s for t in self.times)}:{s}" for _, s in self.limits)}


class RiotApi:
    """The server's shared state; every public method is safe to call from any thread."""

    def __init__(self, key, accounts=ACCOUNTS, games=20, app_limits=APP_LIMITS):
        self.lock = threading.Lock()
        self.app_limits = app_limits
        # The longest application window, over which "max_in_window" counts.
        self.window = max(seconds for _, seconds in app_limits)
        self.now_ms = int(time.time() * 1000)  # the fixed "now" the games go back from
        self.accounts = {f"acct-{i}": dict(a) for i, a in enumerate(accounts)}
        self.matches, self.played = generate(accounts, games, self.now_ms)
        self.names = {p["iid"]: (p["riotIdGameName"], p["riotIdTagline"])
                      for m in self.matches.values() for p in m["participants"]}
        for iid, account in self.accounts.items():
            self.names[iid] = (account["game_name"], account["tag_line"])
        self.failing, self.throttle_next, self.throttled_at = [0, 0], None, None
        self.served_times, self.base, self.port = collections.deque(), None, None
        self._use_key(key)
        self.reset_stats()

    def _use_key(self, key):
        self.key, self.expired = key, False
        self.puuids = {iid: puuid(key, iid) for iid in self.names}
        self.decrypt = {p: iid for iid, p in self.puuids.items()}
        # Limits belong to a key: a new key starts with empty windows.
        self.app = Window(self.app_limits)
        self.methods = {name: Window(limits) for name, _, _, _, limits in ROUTES}

    def _find(self, riot_id):
        name, tag = split_riot_id(riot_id)
        for iid, (n, t) in self.names.items():
            if (n.lower(), t.lower()) == (name.lower(), tag.lower()):
                return iid
        raise KeyError(f"no account {riot_id}")

    # The controls, also under /_control/.
    def expire(self):
        with self.lock:
            self.expired = True

    def set_key(self, key):
        with self.lock:
            self._use_key(key)

    def rename(self, old, new):
        """A new Riot ID for the same account: its PUUIDs stay."""
        with self.lock:
            iid = self._find(old)
            self.names[iid] = split_riot_id(new)

    def throttle(self, retry_after=2):
        with self.lock:
            self.throttle_next = retry_after

    def set_lp(self, riot_id, lp, tier=None, rank=None):
        with self.lock:
            account = self.accounts[self._find(riot_id)]
            account.update(lp=lp, tier=tier or account["tier"], rank=rank or account["rank"])

    def fail(self, status=503, count=1):
        if not 500 <= status <= 599:
            raise ValueError(f"{status} is no server error")
        with self.lock:
            self.failing = [status, count]

    def puuid(self, riot_id):
        """The account's PUUID under the current key."""
        with self.lock:
            return self.puuids[self._find(riot_id)]

    def stats(self):
        with self.lock:
            return copy.deepcopy(self._stats)

    def reset_stats(self):
        with self.lock:
            self._stats = {"requests": 0, "served": 0, "violations": 0, "max_in_1s": 0,
                           "max_in_window": 0, "by_route": dict.fromkeys(BY_ROUTE, 0),
                           "keys_seen": [], "retry_after_honoured": None}
            self.served_times.clear()

    def control(self, action, body):
        """One /_control/ request, whose JSON body holds the method's arguments: (status, body)."""
        methods = {"expire": self.expire, "key": self.set_key, "rename": self.rename,
                   "throttle": self.throttle, "lp": self.set_lp, "fail": self.fail,
                   "stats": self.stats, "reset_stats": self.reset_stats}
        if action not in methods:
            return 404, error(404, f"Data not found - no control {action}")
        if action == "rename":  # `from` is a Python keyword
            body = {"old": body.get("from"), "new": body.get("to")}
        try:
            result = methods[action](**body)
        except (AttributeError, KeyError, ValueError, TypeError) as problem:
            return 400, error(400, f"Bad request - {problem.args[0] if problem.args else problem}")
        return 200, {"ok": True} if result is None else result

    def request(self, path, query, token):
        """One API request: (status, headers, body)."""
        with self.lock:
            now, stats = time.monotonic(), self._stats
            stats["requests"] += 1
            if token is not None and token not in stats["keys_seen"]:
                stats["keys_seen"] = sorted(stats["keys_seen"] + [token])
            if self.throttled_at is not None:  # the first request after a forced 429
                sent, retry_after = self.throttled_at
                stats["retry_after_honoured"], self.throttled_at = now - sent >= retry_after, None
            if token != self.key:
                return 401, {}, error(401, "Unknown apikey")
            if self.expired:
                return 403, {}, error(403, "Forbidden")
            if self.throttle_next is not None:
                self.throttled_at, self.throttle_next = (now, self.throttle_next), None
                return 429, {"Retry-After": str(self.throttled_at[1]),
                             "X-Rate-Limit-Type": "service"}, error(429, "Rate limit exceeded")
            routing, _, rest = path.strip("/").partition("/")
            windows, route = [("application", "App", self.app)], None
            for name, group, where, pattern, _ in ROUTES:
                found = re.fullmatch(pattern, rest)
                if found and routing in where:
                    route = (name, group, [urllib.parse.unquote(g) for g in found.groups()])
                    windows.append(("method", "Method", self.methods[name]))
                    break
            for kind, _, window in windows:
                wait = window.wait(now)
                if wait:  # refused, so not counted
                    stats["violations"] += 1
                    headers = {"Retry-After": str(max(1, math.ceil(wait))),
                               "X-Rate-Limit-Type": kind}
                    for _, prefix, w in windows:
                        headers.update(w.headers(prefix, now))
                    return 429, headers, error(429, "Rate limit exceeded")
            headers = {}
            for _, prefix, window in windows:
                window.times.append(now)
                headers.update(window.headers(prefix, now))
            if self.failing[1] > 0:
                self.failing[1] -= 1
                status = self.failing[0]
                return status, headers, error(status, http.HTTPStatus(status).phrase)
            if not route:
                return 404, headers, error(404, "Resource not found")
            name, group, args = route
            stats["by_route"][group] += 1
            if name in ("account", "league", "match_ids") and args[0] not in self.decrypt:
                return 400, headers, error(400, f"Exception decrypting {args[0]}")
            status, body = getattr(self, "_" + name)(query, *args)
            if 200 <= status < 300:
                stats["served"] += 1
                self.served_times.append(now)
                while self.served_times[0] <= now - self.window:
                    self.served_times.popleft()
                stats["max_in_window"] = max(stats["max_in_window"], len(self.served_times))
                stats["max_in_1s"] = max(stats["max_in_1s"],
                                         sum(t > now - 1 for t in self.served_times))
            return status, headers, body

    # The routes, called with the lock held and PUUIDs already checked.
    def _by_riot_id(self, query, name, tag):
        try:
            return self._account(query, self.puuids[self._find(f"{name}#{tag}")])
        except KeyError:
            return 404, error(404, "Data not found - No results found for player with riot id "
                              f"{name}#{tag}")

    def _account(self, query, puuid):
        name, tag = self.names[self.decrypt[puuid]]
        return 200, {"puuid": puuid, "gameName": name, "tagLine": tag}

    def _league(self, query, puuid):
        iid = self.decrypt[puuid]
        if iid not in self.accounts:
            return 200, []  # the made-up players are unranked
        a, index = self.accounts[iid], int(iid.split("-")[1])
        queues = [("RANKED_SOLO_5x5", a["tier"], a["rank"], a["lp"], a["wins"], a["losses"])]
        if index % 2 == 0:  # every other account plays flex too
            queues.append(("RANKED_FLEX_SR", "EMERALD", "II", 20 + index * 7, 14 + index, 9))
        entries = []
        for queue, tier, rank, lp, wins, losses in queues:
            h = hashlib.sha256(f"{queue}{tier}".encode()).hexdigest()
            entries.append({"leagueId": f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}",
                            "queueType": queue, "tier": tier, "rank": rank, "puuid": puuid,
                            "leaguePoints": lp, "wins": wins, "losses": losses, "veteran": False,
                            "inactive": False, "freshBlood": False, "hotStreak": False})
        return 200, entries

    def _match_ids(self, query, puuid):
        try:
            start, count = int(query.get("start", 0)), int(query.get("count", 20))
        except ValueError:
            return 400, error(400, "Bad request - start and count are numbers")
        if start < 0 or not 0 <= count <= 100:
            return 400, error(400, "Bad request - count must be between 0 and 100")
        kinds = {420: "ranked", 440: "ranked", 400: "normal"}
        ids = [m for m in self.played[self.decrypt[puuid]]
               if query.get("queue") in (None, str(self.matches[m]["queueId"]))
               and query.get("type") in (None, kinds[self.matches[m]["queueId"]])]
        return 200, ids[start:start + count]

    def _match(self, query, match_id):
        if match_id not in self.matches:
            return 404, error(404, "Data not found - match file not found")
        info = dict(self.matches[match_id])
        info["participants"] = [{"puuid": self.puuids[p["iid"]],
                                 **{k: v for k, v in p.items() if k != "iid"}}
                                for p in info["participants"]]
        return 200, {"metadata": {"dataVersion": "2", "matchId": match_id,
                                  "participants": [p["puuid"] for p in info["participants"]]},
                     "info": info}


def handler_for(api):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as Riot's servers do

        def log_message(self, *args):
            pass

        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)  # read even when unused, for the next keep-alive request
            if url.path.startswith("/_control/"):
                body = json.loads(body) if body else {}
                (status, result), headers = api.control(url.path[len("/_control/"):], body), {}
            else:
                query = {k: v[0] for k, v in urllib.parse.parse_qs(url.query).items()}
                status, headers, result = api.request(url.path, query,
                                                      self.headers.get("X-Riot-Token"))
            data = json.dumps(result, ensure_ascii=False).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json;charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        do_POST = do_GET
    return Handler


@contextlib.contextmanager
def serve(key, accounts=ACCOUNTS, games=20, port=0, app_limits=APP_LIMITS):
    """Serves the API on loopback; yields the RiotApi, whose `base` has a {routing} slot."""
    api = RiotApi(key, accounts, games, app_limits)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler_for(api))
    api.port = server.server_address[1]
    api.base = f"http://127.0.0.1:{api.port}/{{routing}}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield api
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="A local stand-in for Riot Games' API.")
    parser.add_argument("--key", required=True)
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    # Ended by SIGTERM even when started from a thread that blocks or ignores it (a child
    # inherits both, and would outlive the tests).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with serve(arguments.key, port=arguments.port) as running:
        print(f"listening on {running.port}", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass
