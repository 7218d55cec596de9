"""A Bo5 in hard fearless against G2 in a real browser at phone size: game 1's draft tapped
in tournament order, a champion G2 picked in game 1 greyed for us in game 3 and refused by
the API naming game 1 (soft fearless gives it back), the pool board flagging our Mid with
three champions left for three games, and the figures read from the drafts."""

import datetime
import json
import re
import os
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.expected_conditions import staleness_of

from conftest import KCORP, chrome, serving
from test_accessibility import violations
from test_brief_story import wait
from test_organisation import sign_in
from test_week import next_thursday

# Game 1 on the blue side, in tournament order: bans B1 R1 B2 R2 B3 R3, picks B1 R1 R2 B2 B3
# R3, bans R4 B4 R5 B5, picks R4 B4 B5 R5. Our picks (B1 B2 B3 B4 B5) take Top, Jungle, Mid,
# ADC and Support; G2's first pick (R1) is Azir, a champion of our Mid's pool.
GAME_ONE = ["Zed", "Yone", "Lux", "Jinx", "Vi", "Rell", "K'Sante", "Azir", "Sejuani", "Maokai",
            "Ahri", "Aatrox", "Rumble", "Ezreal", "Nami", "Jax", "Varus", "Kai'Sa", "Braum",
            "Caitlyn"]
MID_POOL = ["Ahri", "Azir", "Orianna", "Syndra", "Taliyah", "Viktor"]


@pytest.fixture
def draft_server():
    """The brief's three with Bo (Jungle) and Vladi (Mid), Vladi's pool of six, an editor
    (coach), and a Bo5 in hard fearless against G2 next Thursday."""
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")

        def kcorp(*arguments, password=None):
            return subprocess.run([str(KCORP), *arguments, "--db", database], check=True,
                                  capture_output=True, input=password).stdout

        kcorp("players", "add", "--name", "Bo", "--position", "Jungle")
        kcorp("players", "add", "--name", "Vladi", "--position", "Mid")
        for champion in MID_POOL:
            kcorp("pools", "add", "Vladi", champion, "--comfort", "4")
        kcorp("users", "add", "coach", "--role", "editor", "--password-stdin",
              password=b"coach password\n")
        event = json.loads(kcorp(
            "events", "add", "--type", "match", "--start", f"{next_thursday()}T18:00",
            "--opponent", "G2", "--format", "bo5", "--draft-rule", "fearless", "--json"))
        with serving("--require-login", "--db", database) as url:
            yield url, event["id"]


def fetch(browser, method, path, body=None):
    """A same-origin API call from the signed-in page: its status and text."""
    return browser.execute_async_script(
        """
        const [method, path, body, done] = arguments;
        fetch(path, {method, headers: {'Content-Type': 'application/json'},
          body: body === null ? undefined : JSON.stringify(body)})
          .then(async r => done([r.status, await r.text()]));
        """, method, path, body)


def draft(side, picks):
    """A draft's JSON: `picks` maps a turn to (champion, role, player or None)."""
    turns = [None] * 20
    for turn, (champion, role, player) in picks.items():
        turns[turn] = {"champion": champion, "role": role} | ({"player": player} if player else {})
    return {"side": side, "turns": turns}


def filled(browser):
    """How many turns of the board have their champion."""
    # Read in one script: a round trip a turn, each time it is polled, would cost more than
    # the page's own work.
    return browser.execute_script("""
        return [...document.querySelectorAll('.draft-turns .turn-champion')]
          .filter((turn) => turn.innerText.trim() !== '—').length""")


def tap(browser, champion):
    """Types a few letters in the board's search and taps the one champion shown by that
    name; waits for the page to show it in the draft."""
    before = filled(browser)

    def attempt(b):
        search = b.find_element(By.ID, "draft-search")
        search.clear()
        search.send_keys(champion[:4])
        button = b.execute_script("""
            return [...document.querySelectorAll('#draft-grid button')].find((button) =>
              button.checkVisibility() && button.innerText.split('\\n')[0] === arguments[0])""",
                                  champion)
        b.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        return True

    wait(browser).until(attempt)
    wait(browser).until(lambda b: filled(b) == before + 1)


def test_a_bo5_in_hard_fearless_drafted_on_a_phone_with_its_pools_and_figures(
        draft_server, browser, screenshots):
    server, event = draft_server
    # A second screen follows the draft live, as an analyst's laptop would.
    watcher = chrome(desktop=True)
    try:
        sign_in(watcher, server, "coach", "coach password")
        watcher.get(f"{server}/events/{event}?game=1")
        drafted_on_a_phone(browser, watcher, server, event, screenshots)
    finally:
        watcher.quit()


def drafted_on_a_phone(browser, watcher, server, event, screenshots):
    sign_in(browser, server, "coach", "coach password")
    browser.get(f"{server}/events/{event}")
    assert browser.find_element(By.ID, "draft-title").text == "Draft · Fearless"
    browser.find_element(By.CSS_SELECTOR, "button[name=side][value=blue]").click()

    # Game 1, twenty taps: the next turn is chosen by itself.
    wait(browser).until(lambda b: b.find_elements(By.ID, "draft-search"))
    for index, champion in enumerate(GAME_ONE):
        current = browser.find_element(By.CSS_SELECTOR, ".draft-turns li[aria-current]")
        assert current.get_attribute("class").split()[1] == ("blue" if index in (
            0, 2, 4, 6, 9, 10, 13, 15, 17, 18) else "red"), (index, current.text)
        tap(browser, champion)
        if index == 8:
            assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
            assert violations(browser) == []
            # The README's picture: the turns, blue's on the left and red's on the right.
            browser.execute_script("document.querySelector('.draft-turns').scrollIntoView()")
            browser.save_screenshot(str(screenshots / "draft-phone.png"))
    wait(browser).until(lambda b: "is complete" in b.find_element(By.CSS_SELECTOR, ".draft").text)
    turns = browser.find_elements(By.CSS_SELECTOR, ".draft-turns .turn-champion")
    assert [t.text for t in turns] == GAME_ONE
    wait(watcher).until(lambda b: filled(b) == 20)
    mid = browser.find_elements(By.CSS_SELECTOR, ".draft-turns li")[10].text
    assert "Mid · Vladi" in mid
    browser.find_element(By.CSS_SELECTOR, "button[name=result][value=win]").click()
    wait(browser).until(lambda b: b.find_element(
        By.CSS_SELECTOR, "button[name=result][value=win]").get_attribute("aria-pressed") == "true")

    players = json.loads(fetch(browser, "GET", "/api/players")[1])
    vladi = next(p["id"] for p in players if p["name"] == "Vladi")
    # Game 2 on the red side through the API: Vladi on Syndra (R3, turn 11), lost.
    status, text = fetch(browser, "PUT", f"/api/week/events/{event}/drafts/2",
                         draft("red", {11: ("Syndra", "mid", vladi), 6: ("Gnar", "top", None)}))
    assert status == 200, text

    # The pool board: Vladi has Orianna, Taliyah and Viktor left for the three games left.
    # On a phone a summary comes first, each player's pool folded under it.
    browser.get(f"{server}/pools")
    summary = browser.find_element(By.CSS_SELECTOR, "table.pool-summary")
    assert summary.location["y"] < browser.find_element(By.CSS_SELECTOR, ".pool-grid").location["y"]
    row = summary.find_element(By.XPATH, ".//tr[th/a[normalize-space()='Vladi']]")
    assert "3/3" in row.text and "No spare for a ban" in row.text, row.text
    cards = browser.find_elements(By.CSS_SELECTOR, "details.pool-card")
    assert cards and all(c.get_attribute("open") is None for c in cards)
    grid_height = "return document.querySelector('.pool-grid').getBoundingClientRect().height"
    folded = browser.execute_script(grid_height)
    # Tapping a name in the summary opens that player's pool.
    row.find_element(By.TAG_NAME, "a").click()
    card = browser.find_element(By.CSS_SELECTOR, f"#pool-{vladi.upper()}")
    wait(browser).until(lambda b: card.get_attribute("open") is not None)
    assert "3 left of 3 needed: no spare for a ban" in card.text
    assert card.find_element(By.CSS_SELECTOR, ".depth").get_attribute("class") == "depth depth-thin"
    locked = [e.find_element(By.CSS_SELECTOR, ".name").text
              for e in card.find_elements(By.CSS_SELECTOR, ".entry.locked")]
    assert locked == ["Ahri", "Azir", "Syndra"]
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    assert violations(browser) == []
    browser.execute_script(
        "for (const d of document.querySelectorAll('details.pool-card')) d.open = true")
    assert folded * 2 < browser.execute_script(grid_height)
    # The same in French, folded again: axe finds nothing either.
    browser.get(f"{server}/language/fr")
    browser.get(f"{server}/pools")
    assert browser.find_element(By.CSS_SELECTOR, "table.pool-summary caption").text == "En bref"
    assert "Aucune marge pour un ban" in browser.find_element(By.CSS_SELECTOR, "table.pool-summary").text
    assert violations(browser) == []
    browser.get(f"{server}/language/en")

    # Game 3: Azir, G2's first pick of game 1, is greyed for us and refused by the API.
    browser.get(f"{server}/events/{event}?game=3")
    browser.find_element(By.CSS_SELECTOR, "button[name=side][value=blue]").click()
    wait(browser).until(lambda b: b.find_elements(By.ID, "draft-grid"))
    azir = browser.find_element(By.CSS_SELECTOR, "#draft-grid button[value=azir]")
    assert azir.get_attribute("disabled") is not None
    assert azir.get_attribute("title") == "Used in game 1"
    status, text = fetch(browser, "PUT", f"/api/week/events/{event}/drafts/3",
                         draft("blue", {10: ("Azir", "mid", vladi)}))
    assert status == 422 and "Azir (B3 pick) was used in game 1" in text, text
    # In soft fearless only our own picks lock: Azir is ours again.
    rule = {"kind": "match", "start": f"{next_thursday()}T18:00", "opponent": "G2",
            "format": "bo5"}
    assert fetch(browser, "PUT", f"/api/week/events/{event}",
                 rule | {"draftRule": "soft-fearless"})[0] == 200
    browser.get(f"{server}/events/{event}?game=3")
    assert browser.find_element(
        By.CSS_SELECTOR, "#draft-grid button[value=azir]").get_attribute("disabled") is None
    assert fetch(browser, "PUT", f"/api/week/events/{event}",
                 rule | {"draftRule": "fearless"})[0] == 200
    status, text = fetch(browser, "PUT", f"/api/week/events/{event}/drafts/3",
                         draft("blue", {10: ("Orianna", "mid", vladi)}))
    assert status == 200, text
    status, text = fetch(browser, "PUT", f"/api/week/events/{event}/games",
                         [{"result": "win", "side": "blue"}, {"result": "loss", "side": "red"},
                          {"result": "win", "side": "blue"}])
    assert status == 200, text

    # After the series: the figures come from the drafts.
    browser.get(f"{server}/pools")
    figures = browser.find_element(By.CSS_SELECTOR, ".figures").text
    assert "Blue side 2 of 2 won (100%)" in figures
    assert "Red side 0 of 1 won (0%)" in figures
    assert "Vladi (Ahri, Orianna, Syndra) 2 of 3 won (67%)" in figures
    assert "G2 (3 drafts)" in figures and "First picks: Azir ×1, Gnar ×1" in figures
    assert violations(browser) == []

    watcher.get(f"{server}/pools")
    # On a desktop every pool is open.
    assert all(c.get_attribute("open") is not None
               for c in watcher.find_elements(By.CSS_SELECTOR, "details.pool-card"))
    watcher.save_screenshot(str(screenshots / "pools-desktop.png"))
    assert violations(watcher) == []
    watcher.get(f"{server}/language/fr")
    watcher.get(f"{server}/pools")
    assert violations(watcher) == []
    watcher.get(f"{server}/language/en")


def sides_apart(browser):
    """Whether every blue turn of the board sits left of every red one."""
    return browser.execute_script("""
        const x = (side) => [...document.querySelectorAll('.draft-turns li.' + side)]
          .map((li) => li.getBoundingClientRect());
        const blue = x('blue'), red = x('red');
        return blue.length === 10 && red.length === 10
          && Math.max(...blue.map((r) => r.right)) <= Math.min(...red.map((r) => r.left));
        """)


def test_a_game_is_entered_on_a_phone_in_22_taps_without_a_reload_or_a_keyboard(
        draft_server, browser):
    server, event = draft_server
    watcher = chrome(desktop=True)
    try:
        sign_in(watcher, server, "coach", "coach password")
        watcher.get(f"{server}/events/{event}?game=1")
        # The analyst's screen times each turn to 30 seconds, for every screen.
        watcher.find_element(By.XPATH, "//button[normalize-space()='Time each turn']").click()
        wait(watcher).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".draft-timer"))
        sign_in(browser, server, "coach", "coach password")
        browser.get(f"{server}/events/{event}")
        assert browser.find_element(By.CSS_SELECTOR, ".draft-timer").get_attribute(
            "data-seconds") == "30"
        # Set once: a reload would lose it.
        browser.execute_script("window.samePage = 'yes'")
        taps = 0

        def tap(element):
            nonlocal taps
            taps += 1
            element.click()

        tap(browser.find_element(By.CSS_SELECTOR, "button[name=side][value=blue]"))
        wait(browser).until(lambda b: b.find_elements(By.ID, "draft-grid"))
        for index, champion in enumerate(GAME_ONE):
            button = browser.execute_script("""
                return [...document.querySelectorAll('#draft-grid button')]
                  .find((button) => button.textContent.trim() === arguments[0])""", champion)
            # Scrolled to (a swipe), then one tap; the picker stays where the thumb is.
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            top = browser.execute_script(
                "return document.getElementById('draft-grid').getBoundingClientRect().top")
            tap(button)
            wait(browser).until(lambda b: filled(b) == index + 1
                                and b.find_elements(By.CSS_SELECTOR, "main:not([aria-busy])"))
            if index < 19:
                after = browser.execute_script(
                    "return document.getElementById('draft-grid').getBoundingClientRect().top")
                assert abs(after - top) < 2, (champion, top, after)
        wait(browser).until(lambda b: "is complete" in b.find_element(By.CSS_SELECTOR, ".draft").text)
        tap(browser.find_element(By.CSS_SELECTOR, "button[name=result][value=win]"))
        wait(browser).until(lambda b: b.find_element(
            By.CSS_SELECTOR, "button[name=result][value=win]").get_attribute("aria-pressed") == "true")
        assert taps <= 22
        assert browser.execute_script("return window.samePage") == "yes"
        # The draft as text, to paste in the team's chat.
        summary = browser.find_element(By.CSS_SELECTOR, ".draft-text summary")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.click()
        text = browser.find_element(By.ID, "draft-text").get_attribute("value")
        assert text.startswith("Game 1 · KCorp (blue side) vs G2 (red side)\n"), text
        assert "KCorp bans: Zed, Lux, Vi, Ezreal, Jax" in text, text
        copy = browser.find_element(By.CSS_SELECTOR, "button[data-copy=draft-text]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", copy)
        copy.click()
        wait(browser).until(lambda b: copy.text == "Copied")
        assert [t.text for t in browser.find_elements(
            By.CSS_SELECTOR, ".draft-turns .turn-champion")] == GAME_ONE
        # Blue on the left and red on the right, on the phone and on the second screen, which
        # followed the whole game live.
        assert sides_apart(browser)
        wait(watcher).until(lambda b: filled(b) == 20)
        assert sides_apart(watcher)
        # The timer ticks on both screens, from the board's last change.
        for screen in (browser, watcher):
            wait(screen).until(lambda b: re.fullmatch(
                r"\d+ s left|Time’s up", b.find_element(By.CSS_SELECTOR, ".draft-timer").text))
        assert violations(browser) == []
    finally:
        watcher.quit()


def test_without_scripts_each_choice_of_the_board_loads_the_page(
        draft_server, browser_without_javascript):
    server, event = draft_server
    browser = browser_without_javascript
    sign_in(browser, server, "coach", "coach password")
    browser.get(f"{server}/events/{event}")
    browser.find_element(By.CSS_SELECTOR, "button[name=side][value=blue]").click()
    wait(browser).until(lambda b: b.find_elements(By.ID, "draft-grid"))
    for index, champion in enumerate(GAME_ONE[:3]):
        wait(browser).until(lambda b: b.find_elements(
            By.CSS_SELECTOR, f"#draft-grid button[value={champion.lower()}]"))[0].click()
        wait(browser).until(lambda b: filled(b) == index + 1)
    assert [t.text for t in browser.find_elements(
        By.CSS_SELECTOR, ".draft-turns .turn-champion")][:3] == GAME_ONE[:3]


def test_cancelling_a_played_series_asks_and_undo_brings_back_its_drafts_and_result(
        draft_server, browser):
    server, event = draft_server
    sign_in(browser, server, "coach", "coach password")
    browser.get(f"{server}/events/{event}")
    status, text = fetch(browser, "PUT", f"/api/week/events/{event}/drafts/1",
                         draft("blue", {6: ("Gnar", "top", None)}))
    assert status == 200, text
    status, text = fetch(browser, "PUT", f"/api/week/events/{event}/games",
                         [{"result": "win", "side": "blue"}])
    assert status == 200, text
    browser.get(f"{server}/events/{event}")
    browser.find_element(By.XPATH, "//button[normalize-space()='Cancel this event']").click()
    # Asked first, saying what goes with it.
    wait(browser).until(lambda b: "Cancel Match vs G2?" in b.find_element(By.TAG_NAME, "h1").text)
    assert "It holds 1 games logged, 1 drafts" in browser.find_element(By.TAG_NAME, "main").text
    assert violations(browser) == []
    browser.find_element(By.XPATH, "//button[normalize-space()='Cancel it']").click()
    wait(browser).until(lambda b: "/week" in b.current_url)
    assert "Match vs G2" not in browser.find_element(By.CSS_SELECTOR, ".week-days").text
    browser.find_element(By.ID, "undo").click()
    wait(browser).until(lambda b: f"/events/{event}" in b.current_url)
    assert "Restored, with its answers, games and drafts." in browser.find_element(
        By.CSS_SELECTOR, "[role=status]").text
    assert "Game 1: Win" in browser.find_element(By.TAG_NAME, "main").text
    assert filled(browser) == 1


def test_the_other_captain_drafts_their_turns_from_a_link_without_an_account(
        draft_server, browser):
    server, event = draft_server
    sign_in(browser, server, "coach", "coach password")
    browser.get(f"{server}/events/{event}")
    browser.find_element(By.CSS_SELECTOR, "button[name=side][value=blue]").click()
    wait(browser).until(lambda b: b.find_elements(By.ID, "draft-grid"))
    links = browser.find_element(By.ID, "links")
    browser.execute_script("arguments[0].open = true; arguments[0].scrollIntoView()", links)
    links.find_element(By.XPATH, ".//button[normalize-space()='Make a link']").click()
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".draft-link-list a"))
    path = browser.find_element(By.CSS_SELECTOR, ".draft-link-list a").get_attribute("href")
    captain = chrome(desktop=True)
    try:
        captain.get(path)
        assert "/signin" not in captain.current_url
        assert "B1 ban: KCorp's turn" in captain.find_element(By.CSS_SELECTOR, "[role=status]").text
        assert not captain.find_elements(By.ID, "draft-grid")
        # Our B1 from the phone; the captain's page follows by itself and offers R1.
        zed = browser.find_element(By.CSS_SELECTOR, "#draft-grid button[value=zed]")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", zed)
        zed.click()
        wait(captain).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#draft-grid button[value=yone]"))
        yone = captain.find_element(By.CSS_SELECTOR, "#draft-grid button[value=yone]")
        captain.execute_script("arguments[0].scrollIntoView({block: 'center'})", yone)
        yone.click()
        wait(captain).until(lambda b: filled(b) == 2)
        assert violations(captain) == []
        # The staff's board follows live: R1 is G2's captain's Yone.
        wait(browser).until(lambda b: filled(b) == 2)
        assert browser.find_elements(By.CSS_SELECTOR, ".draft-turns .turn-champion")[1].text == "Yone"
    finally:
        captain.quit()


def test_a_mock_draft_starts_from_a_game_and_is_compared_and_axe_finds_nothing_anywhere(
        draft_server, browser, screenshots):
    server, event = draft_server
    sign_in(browser, server, "coach", "coach password")
    status, text = fetch(browser, "PUT", f"/api/week/events/{event}/drafts/1",
                         draft("blue", {6: ("Azir", "mid", None), 7: ("Ahri", "mid", None)}))
    assert status == 200, text

    # From the game's board, on a phone: the mock draft starts with the game's turns.
    browser.get(f"{server}/events/{event}?game=1")
    browser.find_element(By.XPATH, "//button[normalize-space()='Try it as a mock draft']").click()
    wait(browser).until(lambda b: "/teams/KC/mocks/" in b.current_url)
    board = browser.current_url.split("?")[0]
    assert "G2" in browser.find_element(By.CSS_SELECTOR, "main .mock-name").text
    for champion in ["lux", "nami"]:  # two taps: each fills the next empty turn
        grid = browser.find_element(By.ID, "draft-grid")
        browser.find_element(By.CSS_SELECTOR, f"#draft-grid button[value={champion}]").click()
        wait(browser).until(staleness_of(grid))
    turns = browser.find_element(By.CSS_SELECTOR, ".draft-turns").text
    assert "Lux" in turns and "Nami" in turns and "Azir" in turns
    # The game itself is untouched.
    _, game = fetch(browser, "GET", f"/api/week/events/{event}")
    assert json.loads(game)["drafts"][0]["turns"][0] is None
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    assert violations(browser) == []

    # An empty one, then the two compared: the four turns that differ are marked.
    browser.get(f"{server}/teams/KC/mocks")
    browser.find_element(By.ID, "mock-name").send_keys("Blank")
    browser.find_element(By.XPATH, "//button[normalize-space()='Make it']").click()
    wait(browser).until(lambda b: "/teams/KC/mocks/" in b.current_url)
    browser.get(f"{server}/teams/KC/mocks")
    browser.find_element(By.XPATH, "//button[normalize-space()='Compare']").click()
    wait(browser).until(lambda b: "/mocks/compare" in b.current_url)
    compare = browser.current_url
    assert "4 turns differ." in browser.find_element(By.TAG_NAME, "main").text
    assert len(browser.find_elements(By.CSS_SELECTOR, ".draft-turns .turn.differs")) == 8
    assert violations(browser) == []
    browser.save_screenshot(str(screenshots / "mock-compare-phone.png"))

    # The mock drafts, the game's board and the pools, in both languages, on the phone and
    # on a desktop.
    watcher = chrome(desktop=True)
    try:
        sign_in(watcher, server, "coach", "coach password")
        for screen in [browser, watcher]:
            for language in ["fr", "en"]:
                screen.get(f"{server}/language/{language}")
                for page in [board, compare, f"{server}/teams/KC/mocks",
                             f"{server}/events/{event}?game=1", f"{server}/pools"]:
                    screen.get(page)
                    assert violations(screen) == [], (page, language)
            screen.get(compare)
            assert "4 turns differ." in screen.find_element(By.TAG_NAME, "main").text
        watcher.get(f"{server}/language/fr")
        watcher.get(compare)
        assert "4 tours diffèrent." in watcher.find_element(By.TAG_NAME, "main").text
        watcher.get(f"{server}/language/en")
    finally:
        watcher.quit()
