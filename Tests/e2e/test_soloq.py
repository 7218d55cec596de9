"""The players' Riot accounts, as a staff sees them: the owner gives the key on the Riot
page, a team's refresh runs against a stand-in of Riot's API (five accounts, 100 ranked
games, a development key's 20 a second and 100 in its long window), the team's page ranks the
five with their LP charts, the pools show their ranked games, an expired key changes
nothing, and the key is in no byte the tests see."""

import json
import os
import subprocess
import tempfile
import time
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import riot_api
from conftest import KCORP, chrome, first_line

KEY = "RGAPI-e2e-solo-queue-0000-1111"
RIOT_IDS = {"Canna": "Canna#KC1", "Caliste": "Caliste#KC1", "Targamas": "Targamas#KC1"}
ADDED = {"Closer": ("Jungle", "Closer#KC1"), "Vladi": ("Mid", "Vladi#KC1")}


def read(url, seen, headers=None):
    """A GET's body, kept with every byte the test saw."""
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
    seen.append(body)
    return body


def test_a_team_refresh_ranks_the_five_under_riots_limits_and_the_key_stays_on_the_server():
    seen = []
    # A development key's limits, its long window of two minutes made 20 s: the server
    # learns the window from Riot's headers, so it waits out this one as it would the real.
    limits = ((20, 1), (100, 20))
    with tempfile.TemporaryDirectory() as folder, \
            riot_api.serve(key=KEY, app_limits=limits) as api:
        database = os.path.join(folder, "roster.sqlite")
        for name, riot_id in RIOT_IDS.items():
            subprocess.run([str(KCORP), "players", "edit", name, "--riot-id", riot_id,
                            "--db", database], check=True, capture_output=True)
        for name, (position, riot_id) in ADDED.items():
            subprocess.run([str(KCORP), "players", "add", "--name", name, "--position", position,
                            "--riot-id", riot_id, "--db", database], check=True,
                           capture_output=True)
        log = open(os.path.join(folder, "server.log"), "wb")
        server = subprocess.Popen(
            [str(KCORP), "serve", "--port", "0", "--db", database, "--riot-api", api.base],
            stdout=subprocess.PIPE, stderr=log)
        browser = chrome()
        try:
            line = first_line(server, timeout=20)
            assert line.startswith("Listening on http://"), line
            url = line.removeprefix("Listening on ")
            walk(browser, url, api, seen, database)
        finally:
            browser.quit()
            server.terminate()
            assert server.wait(timeout=10) == 0
            log.close()
        seen.append(open(os.path.join(folder, "server.log"), "rb").read())
        backup = os.path.join(folder, "backup.sqlite")
        subprocess.run([str(KCORP), "backup", backup, "--db", database], check=True,
                       capture_output=True)
        seen.append(open(backup, "rb").read())
        shown = subprocess.run([str(KCORP), "riot", "--db", database], check=True,
                               capture_output=True)
        seen += [shown.stdout, shown.stderr]
    assert KEY.encode() not in b"".join(seen)
    assert any(b"Challenger" in part for part in seen)


def walk(browser, url, api, seen, database):
    # The owner gives the key: a password field, never written back.
    browser.get(url + "/riot")
    assert "No key is set" in browser.page_source
    browser.find_element(By.ID, "riot-key").send_keys(KEY)
    browser.find_element(By.CSS_SELECTOR, "button.primary").click()
    WebDriverWait(browser, 10).until(lambda b: "A key is set, given on" in b.page_source)
    seen.append(browser.page_source.encode())

    # Riot asks once to wait two seconds; the refresh waits it out and stays under the
    # limits: 5 × (1 account + 1 league + 1 list + 20 games) = 115 calls, over the 100 the
    # key may make in its long window.
    api.throttle(retry_after=2)
    browser.get(url + "/soloq?team=KC")
    browser.find_element(By.XPATH, "//button[.='Refresh the team from Riot']").click()
    WebDriverWait(browser, 20).until(
        lambda b: b.find_elements(By.ID, "riot-progress") or "Refreshed from Riot" in b.page_source)
    WebDriverWait(browser, 240, poll_frequency=2).until(
        lambda b: "Refreshed from Riot: 5 players." in b.page_source)
    stats = api.stats()
    assert stats["violations"] == 0, stats
    assert stats["max_in_1s"] <= 20 and stats["max_in_window"] <= 100, stats
    assert stats["retry_after_honoured"] is True, stats
    assert stats["by_route"]["match"] == 100, stats

    page = browser.page_source
    seen.append(page.encode())
    for rank in ("Challenger · 1234 LP", "Grandmaster · 702 LP", "Master · 318 LP",
                 "Master · 41 LP", "Diamond I · 67 LP"):
        assert rank in page, rank
    charts = browser.find_elements(By.CSS_SELECTOR, "svg.lp-chart")
    assert len(charts) == 5
    # Readable on a phone: each chart fits the 390 px screen.
    assert all(0 < chart.size["width"] <= 390 for chart in charts)
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".solo-player h2 a")]
    assert names == ["Canna", "Closer", "Vladi", "Targamas", "Caliste"]

    # The pool shows what solo queue says of its champions.
    queue = json.loads(read(url + "/api/soloq?team=KC", seen))
    canna = next(row for row in queue["players"] if row["name"] == "Canna")
    jax = [c for c in canna["standing"]["champions"] if c["champion"] == "jax"]
    games, wins = sum(c["games"] for c in jax), sum(c["wins"] for c in jax)
    assert games >= 10
    request = urllib.request.Request(
        url + f"/api/players/{canna['id']}/pool", method="PUT",
        data=json.dumps([{"champion": "Jax", "comfort": 5, "priority": True}]).encode(),
        headers={"Content-Type": "application/json", "Origin": url})
    seen.append(urllib.request.urlopen(request, timeout=10).read())
    browser.get(url + "/pools?team=KC")
    assert f"solo queue: {games} games, {wins} won" in browser.page_source
    browser.get(url + f"/players/{canna['id']}/soloq")
    assert "Canna#KC1: found." in browser.page_source
    cells = [c.text for c in browser.find_elements(By.CSS_SELECTOR, ".solo-champions tbody th")]
    assert "Jax" in cells
    # On a phone, no word of the table is broken across lines, and the page does not scroll
    # sideways.
    assert browser.execute_script("""
        return [...document.querySelectorAll('.solo-champions th, .solo-champions td')]
          .every((cell) => [...cell.textContent.trim().split(/\\s+/)].every((word) => {
            const range = document.createRange(); range.selectNodeContents(cell);
            return word.length === 0 || cell.textContent.trim().indexOf(' ') >= 0
              || range.getClientRects().length <= 1; }))""")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    seen.append(browser.page_source.encode())
    french = read(url + "/soloq?team=KC", seen, {"Accept-Language": "fr-FR"}).decode()
    assert "Diamant I · 67 LP" in french and "Grand Maître · 702 LP" in french

    # An expired key: said on the page, and nothing stored changes.
    before = [row.get("standing") for row in queue["players"]]
    api.expire()
    api.set_lp("Canna#KC1", 1500)
    browser.get(url + "/soloq?team=KC")
    browser.find_element(By.XPATH, "//button[.='Refresh the team from Riot']").click()
    WebDriverWait(browser, 30, poll_frequency=1).until(
        lambda b: "Riot refused the API key (403)" in b.page_source)
    seen.append(browser.page_source.encode())
    after = json.loads(read(url + "/api/soloq?team=KC", seen))
    assert [row.get("standing") for row in after["players"]] == before
    seen.append(read(url + "/export.json", seen))
    seen.append(read(url + "/api/riot", seen))
