"""docs/PRIVACY.md in a browser: KC Blue's editor, a viewer and a player's own account each
see and can do only what the table says. Tao, an academy player, has a real name, a birth
date, a nationality and a contract the staff see and his teammate Saken does not."""

import datetime
import json
import os
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By

from conftest import KCORP, chrome, serving
from test_accessibility import violations
from test_organisation import fetch_status, sign_in
from test_brief_story import wait

TAOS = ["Taoufik Belkacem", "Morocco", "29 Feb 2008"]


def kcorp(database, *arguments, stdin=None):
    return subprocess.run([str(KCORP), *arguments, "--db", database], input=stdin,
                          check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def organisation():
    """KCorp and KC Blue; Tao and Saken on KC Blue; an owner, KC Blue's editor, a viewer of
    KC Blue and Saken's own account. Yields (URL, Tao's id, Saken's id, Canna's id)."""
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        kcorp(database, "teams", "add", "KC Blue", "--tag", "KCB", "--parent", "KC")
        soon = (datetime.date.today() + datetime.timedelta(days=30)).isoformat()
        tao = json.loads(kcorp(
            database, "players", "add", "--name", "Tao", "--position", "Mid", "--team", "KCB",
            "--real-name", "Taoufik Belkacem", "--country", "MA", "--birth-date", "2008-02-29",
            "--contract-end", soon, "--json"))
        saken = json.loads(kcorp(
            database, "players", "add", "--name", "Saken", "--position", "Jungle", "--team",
            "KCB", "--real-name", "Lucas Fayard", "--json"))
        canna = json.loads(kcorp(database, "players", "show", "canna", "--json"))
        for name, role, extra in (("coach", "owner", []), ("bluecoach", "editor", ["--team", "KCB"]),
                                  ("analyst", "viewer", ["--team", "KCB"]),
                                  ("saken", "player", ["--player", "Saken"])):
            kcorp(database, "users", "add", name, "--role", role, *extra, "--password-stdin",
                  stdin=f"{name} password\n")
        with serving("--require-login", "--db", database) as url:
            yield url, tao["id"], saken["id"], canna["id"]


def page_text(browser, server, path):
    browser.get(server + path)
    return browser.find_element(By.TAG_NAME, "body").text


def test_a_players_account_sees_the_teams_public_facts_and_its_own_data(organisation):
    server, tao, saken, _ = organisation
    browser = chrome()
    try:
        sign_in(browser, server, "saken", "saken password")
        overview = page_text(browser, server, "/")
        assert "KC Blue" in overview and "Contracts ending" not in overview
        teammate = page_text(browser, server, f"/players/{tao}")
        assert "Tao" in teammate
        for secret in TAOS + ["Contract end", "Joined the team"]:
            assert secret not in teammate, secret
        assert not browser.find_elements(By.XPATH, "//*[contains(., 'Delete player')]")
        assert violations(browser) == []
        assert "Lucas Fayard" in page_text(browser, server, f"/players/{saken}")
        # The staff's files are refused, in words.
        for path in ("/export.csv", "/history", "/trash"):
            text = page_text(browser, server, path)
            assert "a player's account" in text and "Taoufik" not in text, path
        # The API from the page's own scripts: the same.
        assert browser.execute_async_script(
            "const done = arguments[0];"
            "fetch('/api/contracts').then(r => done(r.status));") == 403
        players = browser.execute_async_script(
            "const done = arguments[0];"
            "fetch('/api/players?team=KCB').then(r => r.text()).then(done);")
        assert "Tao" in players and "Taoufik" not in players and "contractEnd" not in players
        # Their own hours they set.
        browser.get(server + f"/players/{saken}/availability")
        assert browser.find_elements(By.CSS_SELECTOR, "form textarea, form input[name=weekly]")
    finally:
        browser.quit()


def test_a_viewer_reads_everything_and_changes_nothing(organisation):
    server, tao, _, _ = organisation
    browser = chrome()
    try:
        sign_in(browser, server, "analyst", "analyst password")
        page = page_text(browser, server, f"/players/{tao}")
        for fact in TAOS:
            assert fact in page, fact
        assert not browser.find_elements(By.XPATH, "//button[contains(., 'Delete player')]")
        assert "Contracts ending" in page_text(browser, server, "/")
        assert "Tao" in page_text(browser, server, "/history")
        assert fetch_status(browser, "PATCH", f"/api/players/{tao}", {"position": "Top"}) == 403
    finally:
        browser.quit()


def test_kc_blues_editor_changes_kc_blue_only_and_no_form_reaches_kcorp(organisation):
    server, tao, _, canna = organisation
    browser = chrome()
    try:
        sign_in(browser, server, "bluecoach", "bluecoach password")
        page_text(browser, server, f"/players/{tao}")
        assert browser.find_elements(By.XPATH, "//button[contains(., 'Delete player')]")
        page_text(browser, server, f"/players/{canna}")
        assert not browser.find_elements(By.XPATH, "//button[contains(., 'Delete player')]")
        # KC Blue's own add form, its team field changed to KCorp's: refused, said why.
        browser.get(server + "/teams/KCB")
        browser.find_element(By.ID, "add-player").click()
        wait(browser).until(lambda b: b.find_element(By.ID, "add-dialog").is_displayed())
        browser.find_element(By.ID, "name").send_keys("Intruder")
        browser.execute_script(
            "const form = document.querySelector('form[action^=\"/players\"]');"
            "form.action = '/players?team=KCB';"
            "form.querySelector('input[name=team]').value = 'KC';")
        browser.find_element(By.CSS_SELECTOR, "#add-dialog button[type=submit]").click()
        wait(browser).until(lambda b: "names two teams" in b.find_element(By.TAG_NAME, "body").text)
        assert "Intruder" not in page_text(browser, server, "/teams/KC")
        assert "Intruder" not in page_text(browser, server, "/teams/KCB")
    finally:
        browser.quit()
