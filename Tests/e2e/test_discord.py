"""Discord, with real servers against a stand-in of Discord's API on loopback
(`discord_api.py`): a scrim planned in a browser is posted once with Discord's timestamps,
after the stand-in's 429 and its `retry_after`; a server killed with `kill -9` between the
commit and the post delivers it once after its restart; a signed /dispo from a linked player
changes their days away and turns the week's verdict, a wrong signature gets 401 and
changes nothing, an unlinked user is told how to link; two servers on one PostgreSQL
deliver each post once."""

import datetime
import html
import json
import os
import re
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import zoneinfo

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of
from selenium.webdriver.support.select import Select

from conftest import KCORP, ROOT, first_line, serving
from test_accessibility import violations
from test_brief_story import wait

PARIS = zoneinfo.ZoneInfo("Europe/Paris")
STAND_IN = ROOT / "Tests" / "e2e" / "discord_api.py"
SCRIPT = ROOT / "scripts" / "test-postgres"


def call(method, url, body=None, headers=None):
    """The status and JSON (or text) of one request."""
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json",
                                              **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, text


class StandIn:
    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"

    @property
    def api(self):
        return self.base + "/api/v10"

    def webhook(self, token="hook-token"):
        return f"{self.base}/api/webhooks/1/{token}"

    def script(self, token, answers):
        call("POST", self.base + "/_control/script",
             {"path": f"/api/webhooks/1/{token}", "answers": answers})

    def posts(self, token="hook-token"):
        _, requests = call("GET", self.base + "/_control/requests")
        return [r for r in requests if r["path"] == f"/api/webhooks/1/{token}"]

    def delivered(self, token="hook-token"):
        return [r for r in self.posts(token) if r["status"] == 204]

    def until(self, condition, seconds=20):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.2)
        return condition()


@pytest.fixture
def discord():
    process = subprocess.Popen(["/usr/bin/python3", str(STAND_IN), "--port", "0"],
                               stdout=subprocess.PIPE)
    try:
        line = first_line(process, timeout=10)
        assert line.startswith("listening on "), line
        yield StandIn(int(line.split()[-1]))
    finally:
        process.terminate()
        process.wait(timeout=10)


def tomorrow():
    return datetime.datetime.now(PARIS).date() + datetime.timedelta(days=1)


def title(post):
    return post["body"]["embeds"][0]["title"]


def shown_as_discord(browser, payload, path, locale="en-GB"):
    """A webhook's payload drawn as Discord's client shows it (its timestamps in the
    reader's zone, an embed with its stripe), saved as a screenshot for docs/DISCORD.md."""
    french = locale == "fr"

    def stamp(match):
        moment = datetime.datetime.fromtimestamp(int(match.group(1)), PARIS)
        if match.group(2) == "R":
            days = (moment.date() - datetime.datetime.now(PARIS).date()).days
            if french:
                return f"dans {days} jours" if days > 1 else "demain" if days == 1 else "aujourd’hui"
            return f"in {days} days" if days > 1 else "tomorrow" if days == 1 else "today"
        if french:
            day = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi",
                   "dimanche"][moment.weekday()]
            month = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
                     "septembre", "octobre", "novembre", "décembre"][moment.month - 1]
            return f"{day} {moment.day} {month} {moment.year} {moment:%H:%M}"
        return moment.strftime("%A %-d %B %Y %H:%M")

    def text(value):
        value = html.escape(value)
        value = re.sub(r"&lt;t:(\d+):([FR])&gt;", lambda m: f"<span class=t>{stamp(m)}</span>",
                       value)
        value = re.sub(r"~~(.+?)~~", r"<s>\1</s>", value)
        return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", value).replace("\n", "<br>")

    embed = payload["embeds"][0]
    page = f"""<!doctype html><html lang="{locale}"><meta charset="utf-8"><title>Discord</title>
<style>body{{background:#313338;color:#dbdee1;font:16px/1.4 sans-serif;margin:0;padding:16px}}
.m{{display:flex;gap:12px;max-width:560px}} .a{{width:40px;height:40px;border-radius:50%;
background:#1f6feb;flex:none}} .n{{color:#fff;font-weight:600}} .bot{{background:#5865f2;
color:#fff;font-size:11px;border-radius:3px;padding:0 4px;margin-left:4px}}
.t{{background:#3f4147;border-radius:3px;padding:0 2px}} .e{{border-left:4px solid
#{embed["color"]:06x};background:#2b2d31;border-radius:4px;padding:8px 12px;margin-top:4px}}
.e a{{color:#00a8fc;font-weight:600;text-decoration:none}}</style>
<main class="m"><div class="a" aria-hidden="true"></div><div><span class="n">KCorp</span>
<span class="bot">APP</span><p>{text(payload["content"])}</p><div class="e">
<a href="{html.escape(embed.get("url", "#"))}">{text(embed["title"])}</a>
<p>{text(embed.get("description", ""))}</p></div></div></main></html>"""
    browser.get("data:text/html;charset=utf-8," + urllib.parse.quote(page))
    browser.find_element(By.CSS_SELECTOR, "main").screenshot(str(path))


def test_a_scrim_planned_on_the_web_is_posted_once_after_discords_retry_after(
        discord, desktop_browser, screenshots):
    with tempfile.TemporaryDirectory() as folder:
        with serving("--db", os.path.join(folder, "roster.sqlite"), "--discord-api",
                     discord.api) as url:
            browser = desktop_browser
            # The coach pastes the channel's webhook on the team's Discord page.
            browser.get(url + "/week")
            browser.find_element(By.XPATH, "//a[normalize-space()='Discord']").click()
            wait(browser).until(lambda b: b.find_elements(By.ID, "discord-webhook"))
            assert "No webhook is set" in browser.find_element(By.CSS_SELECTOR, "main").text
            browser.find_element(By.ID, "discord-webhook").send_keys(discord.webhook())
            browser.find_element(By.XPATH, "//button[normalize-space()='Save']").click()
            wait(browser).until(lambda b: "Posts go to the channel" in
                                b.find_element(By.CSS_SELECTOR, "main").text)
            assert discord.webhook() not in browser.page_source
            assert violations(browser) == []

            # Discord will ask to wait 1.5 s first.
            discord.script("hook-token", [{"status": 429, "retry_after": 1.5}])
            day = tomorrow()
            browser.get(f"{url}/week?from={day}")
            browser.find_element(By.CSS_SELECTOR, f"a.plan-day[href*='plan={day}']").click()
            wait(browser).until(lambda b: b.find_element(By.ID, "plan").get_attribute("open")
                                is not None)
            Select(browser.find_element(By.ID, "eventType")).select_by_value("scrim")
            browser.find_element(By.ID, "opponent").send_keys("G2 Esports")
            browser.find_element(By.XPATH, "//button[normalize-space()='Plan']").click()
            wait(browser).until(lambda b: "Planned" in
                                b.find_element(By.CSS_SELECTOR, "main .status").text)
            event = browser.current_url.split("?")[0].rstrip("/").split("/")[-1]

            assert discord.until(lambda: len(discord.delivered()) == 1)
            time.sleep(2)  # nothing more comes
            posts = discord.posts()
            assert [p["status"] for p in posts] == [429, 204]
            assert posts[1]["at"] - posts[0]["at"] >= 1.5
            start = int(datetime.datetime.combine(day, datetime.time(20), PARIS).timestamp())
            body = posts[1]["body"]
            assert body["content"] == \
                f"**Scrim contre G2 Esports** — <t:{start}:F> (<t:{start}:R>)"
            assert body["embeds"][0]["url"] == f"{url}/events/{event}"
            assert body["allowed_mentions"] == {"parse": []}

            browser.get(url + "/teams/KC/discord")
            assert "Prévu : Scrim contre G2 Esports — delivered" in \
                browser.find_element(By.CSS_SELECTOR, "main").text.replace("\u00a0", " ")
            browser.save_screenshot(str(screenshots / "discord-settings.png"))
            shown_as_discord(browser, body, screenshots / "discord-post-planned.png")

            # A test post goes out through the same outbox and shows under the last posts.
            browser.get(url + "/teams/KC/discord")
            browser.find_element(By.XPATH, "//button[normalize-space()='Send a test post']").click()
            wait(browser).until(lambda b: "A test post is on its way" in
                                b.find_element(By.CSS_SELECTOR, "main").text)
            assert discord.until(lambda: len(discord.delivered()) == 2)
            assert discord.delivered()[-1]["body"]["content"].startswith(
                "Message d’essai de KCorp Team Manager")
            # The owner registers the slash commands with the bot's token, which is not kept.
            browser.get(url + "/teams/KC/discord")
            field = browser.find_element(By.ID, "discord-application")
            field.send_keys("123456789012345678")
            browser.find_element(By.XPATH, "//form[@action='/discord']//button").click()
            wait(browser).until(staleness_of(field))  # the page saved and shown again
            browser.find_element(By.ID, "discord-token").send_keys("bot-token")
            browser.find_element(
                By.XPATH, "//button[normalize-space()='Register the commands']").click()
            wait(browser).until(lambda b: "Discord keeps 4 commands for the application." in
                                b.find_element(By.CSS_SELECTOR, "main").text)
            assert "bot-token" not in browser.page_source
            assert violations(browser) == []

            # A player's page makes the code they type in Discord.
            _, players = call("GET", url + "/api/players")
            browser.get(f"{url}/players/{players[0]['id']}")
            browser.find_element(By.XPATH, "//a[normalize-space()='Link Discord']").click()
            wait(browser).until(lambda b: "No Discord account is linked yet." in
                                b.find_element(By.CSS_SELECTOR, "main").text)
            browser.find_element(By.XPATH, "//button[normalize-space()='Make a link code']").click()
            code = wait(browser).until(
                lambda b: b.find_element(By.CSS_SELECTOR, ".discord-code code")).text
            assert len(code) == 8 and code.isalnum()
            assert f"type /lier {code}" in browser.find_element(By.CSS_SELECTOR, "main").text
            assert violations(browser) == []


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(database, port):
    process = subprocess.Popen([str(KCORP), "serve", "--port", str(port), "--db", database],
                               stdout=subprocess.PIPE)
    line = first_line(process, timeout=20)
    assert line.startswith("Listening on http://"), line
    return process


def test_a_server_killed_between_the_commit_and_the_post_delivers_it_once_after_restart(
        discord):
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        subprocess.run([str(KCORP), "discord", "webhook", "KC", discord.webhook(),
                        "--discord-api", discord.api, "--db", database],
                       check=True, capture_output=True)
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        # Discord fails for now: the post stays in the outbox.
        discord.script("hook-token", [{"status": 503}] * 5)
        server = start(database, port)
        try:
            status, _ = call("POST", url + "/api/week/events",
                             {"kind": "scrim", "start": "2030-01-07T20:00",
                              "opponent": "Fnatic", "team": "KC"})
            assert status == 201
            assert discord.until(lambda: len(discord.posts()) >= 1)
        finally:
            server.kill()  # kill -9: no clean stop
            server.wait(timeout=10)
        assert discord.delivered() == []
        discord.script("hook-token", [])
        server = start(database, port)
        try:
            assert discord.until(lambda: len(discord.delivered()) == 1)
            time.sleep(3)
            delivered = discord.delivered()
            assert [title(p) for p in delivered] == ["Prévu\u00a0: Scrim contre Fnatic"]
        finally:
            server.terminate()
            assert server.wait(timeout=10) == 0


def test_a_signed_dispo_from_a_linked_player_turns_the_verdict_a_forgery_changes_nothing(
        discord, browser, screenshots):
    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    forger = Ed25519PrivateKey.generate()
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")

        def kcorp(*arguments):
            return subprocess.run([str(KCORP), *arguments, "--db", database], check=True,
                                  capture_output=True, text=True).stdout

        kcorp("players", "add", "--name", "Bo", "--position", "Jungle")
        kcorp("players", "add", "--name", "Vladi", "--position", "Mid")
        kcorp("players", "add", "--name", "Yike", "--position", "Jungle", "--status",
              "substitute")
        day = tomorrow()
        kcorp("events", "add", "--type", "scrim", "--start", f"{day}T20:00", "--opponent",
              "G2 Esports")
        kcorp("discord", "webhook", "KC", discord.webhook(), "--discord-api", discord.api)
        with serving("--db", database, "--discord-public-key", public) as url:
            _, players = call("GET", url + "/api/players")
            bo = next(p["id"] for p in players if p["name"] == "Bo")

            def interact(body, signer=key, timestamp=None):
                data = json.dumps(body).encode()
                stamp = str(timestamp or int(time.time()))
                signature = signer.sign(stamp.encode() + data).hex()
                return call("POST", url + "/discord/interactions", data,
                            {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": stamp})

            def command(name, options, user="111", locale="fr"):
                return interact({
                    "type": 2, "application_id": "123456789012345678", "token": "t",
                    "locale": locale, "member": {"user": {"id": user, "username": "bo_kc"}},
                    "data": {"name": name, "options": [
                        {"name": k, "type": 3, "value": v} for k, v in options.items()]}})

            def verdict():
                _, week = call("GET", f"{url}/api/week?from={day}&to={day}")
                return [e["verdict"]["text"] for e in week["events"]]

            # Discord's check of the endpoint: a PING, and a request it did not sign.
            assert interact({"type": 1}) == (200, {"type": 1})
            assert verdict() == ["Five available, 0 of 5 confirmed"]
            away = {"away": str(day)}
            assert interact({"type": 2, "data": {"name": "availability"}}, signer=forger)[0] \
                == 401
            assert interact({"type": 1}, timestamp=int(time.time()) - 3600)[0] == 401

            # Not linked yet: told how, in French.
            status, answer = command("availability", away, user="222")
            assert status == 200 and "/lier" in answer["data"]["content"]
            assert answer["data"]["flags"] == 64

            # Bo links his account with the code from his page, then says he is away.
            status, made = call("POST", f"{url}/api/players/{bo}/discord/code")
            assert status == 201
            status, answer = command("link", {"code": made["code"]})
            assert answer["data"]["content"].startswith("Lié")
            status, answer = command("availability", away)
            assert status == 200 and "Absences" in answer["data"]["content"]
            assert verdict() == ["With subs: Yike for Jungle"]

            # The verdict's change, within 48 hours, goes to the channel.
            assert discord.until(lambda: any(title(p).startswith("Verdict")
                                             for p in discord.delivered()))
            posted = next(p for p in discord.delivered() if title(p).startswith("Verdict"))
            assert posted["body"]["content"].endswith(
                "Avec remplaçants\u00a0: Yike en Jungle")
            shown_as_discord(browser, posted["body"], screenshots / "discord-post-verdict.png",
                             locale="fr")

            # A forged /dispo (another key) changes nothing.
            before = call("GET", f"{url}/api/players/{bo}")[1]
            body = {"type": 2, "locale": "fr", "member": {"user": {"id": "111"}},
                    "data": {"name": "availability",
                             "options": [{"name": "hours", "type": 3, "value": "lun 18-23"}]}}
            assert interact(body, signer=forger)[0] == 401
            assert call("GET", f"{url}/api/players/{bo}")[1] == before
            assert verdict() == ["With subs: Yike for Jungle"]


@pytest.fixture
def postgres():
    folder, _ = subprocess.run([str(SCRIPT), "start"], check=True, capture_output=True,
                               text=True).stdout.split()
    url = subprocess.run([str(SCRIPT), "createdb", folder], check=True, capture_output=True,
                         text=True).stdout.strip()
    try:
        yield url
    finally:
        subprocess.run([str(SCRIPT), "stop", folder], capture_output=True)


def test_two_servers_on_one_postgresql_deliver_each_post_once(discord, postgres):
    processes = []
    try:
        addresses = []
        for _ in range(2):
            process = subprocess.Popen([str(KCORP), "serve", "--port", "0", "--database",
                                        postgres, "--discord-api", discord.api],
                                       stdout=subprocess.PIPE)
            processes.append(process)
            line = first_line(process, timeout=20)
            assert line.startswith("Listening on http://"), line
            addresses.append(line.removeprefix("Listening on "))
        a, b = addresses
        status, _ = call("PUT", a + "/api/teams/KC/discord",
                         {"webhook": discord.webhook(), "language": "en"})
        assert status == 200
        opponents = []
        for index in range(6):
            opponent = f"Team {index}"
            opponents.append(opponent)
            status, _ = call("POST", (a, b)[index % 2] + "/api/week/events",
                             {"kind": "scrim", "start": f"2030-01-{index + 7:02}T20:00",
                              "opponent": opponent, "team": "KC"})
            assert status == 201
        assert discord.until(lambda: len(discord.delivered()) >= 6, seconds=30)
        time.sleep(4)  # a second delivery would come within this
        titles = [title(p) for p in discord.delivered()]
        assert sorted(titles) == sorted(f"Planned: Scrim vs {o}" for o in opponents)
        # Each team's posts in the order of their changes.
        assert titles == [f"Planned: Scrim vs {o}" for o in opponents]
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=15)
