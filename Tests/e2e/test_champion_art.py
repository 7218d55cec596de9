"""The game's art on request: the owner's "Download champion art" against a local server
in Data Dragon's layout, what pages then show, and the CLI's sync refusing cleanly."""

import os
import sqlite3
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import data_dragon
from conftest import KCORP, serving
from test_brief_story import wait


@pytest.fixture
def mirror():
    with tempfile.TemporaryDirectory() as folder:
        data_dragon.build(folder)
        with data_dragon.serving(folder) as base:
            yield base


@pytest.fixture
def art_server(mirror):
    """`kcorp serve` whose owner downloads art from the test's mirror; yields (URL, db)."""
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        with serving("--db", database, "--data-dragon", mirror) as url:
            yield url, database


def loaded_picture(browser, selector):
    """The natural width of the first picture matching `selector` once it has loaded."""
    return browser.execute_script(
        "const img = document.querySelector(arguments[0]);"
        "return img && img.complete ? img.naturalWidth : -1;", selector)


def test_the_owner_downloads_the_art_and_every_page_shows_it_with_riots_notice(
        art_server, browser, french_browser):
    server, _ = art_server
    browser.get(server + "/")
    assert "Riot Games" not in browser.page_source  # no art, no notice
    browser.get(server + "/champion-art")
    assert "drawn badges" in browser.find_element(By.TAG_NAME, "main").text
    browser.find_element(By.XPATH, "//button[text()='Download champion art']").click()
    # The page follows the download by itself, then says what is stored.
    status = WebDriverWait(browser, 30).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "[role=status]"))
    assert status[0].text == "4 champions from Data Dragon 99.1.1 are in the database, with their art."
    assert "the game’s art from Data Dragon 99.1.1 (4 champions)" in browser.page_source
    # With a glimpse of the art that came.
    sample = browser.find_elements(By.CSS_SELECTOR, ".art-sample img")
    assert len(sample) == 4 and all("/images/" in img.get_attribute("src") for img in sample)

    # The roster and the add form: the notice, and the art at addresses kept for a year.
    browser.get(server + "/players/new")
    assert "isn’t endorsed by Riot Games" in browser.find_element(By.CSS_SELECTOR, ".riot-notice").text
    # Zyrette came out after this build: the sync made her a champion one can favour.
    zyrette = wait(browser).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "input[name=champion][value=zyrette]"))
    assert zyrette
    picture = browser.find_element(
        By.XPATH, "//input[@value='zyrette']/following-sibling::img")
    assert "/images/zyrette?v=" in picture.get_attribute("src")
    browser.execute_script("arguments[0].scrollIntoView()", picture)
    wait(browser).until(lambda b: b.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth", picture) == 120)
    jax = browser.find_element(By.XPATH, "//input[@value='jax']/following-sibling::img")
    assert "/images/jax?v=" in jax.get_attribute("src")

    # In French, the game's French names.
    french_browser.get(server + "/players/new")
    names = [e.get_attribute("textContent") for e in
             french_browser.find_elements(By.CSS_SELECTOR, ".champion span")]
    assert "Nunu et Willump" in names and "Nunu & Willump" not in names
    assert "n’est pas approuvé par Riot Games" in french_browser.find_element(
        By.CSS_SELECTOR, ".riot-notice").text


def test_the_command_line_sync_is_all_or_nothing_and_says_why_it_failed(mirror):
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        done = subprocess.run(
            [str(KCORP), "champions", "sync", "--from", mirror, "--db", database],
            capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "4 champions from Data Dragon 99.1.1 are in the database, with their art."
        listed = subprocess.run(
            [str(KCORP), "champions", "--search", "zyrette", "--db", database],
            capture_output=True, text=True, check=True).stdout
        assert "zyrette  Zyrette" in listed
        # A favourite only the sync knows goes out in every format and comes back unchanged.
        subprocess.run([str(KCORP), "players", "add", "--name", "Zed", "--position", "mid",
                        "--champion", "zyrette", "--db", database], check=True, capture_output=True)
        for format in ("csv", "fr.csv", "json"):
            file = os.path.join(folder, f"roster.{format}")
            subprocess.run([str(KCORP), "export", "--format", format, "--output", file, "--db",
                            database], check=True, capture_output=True)
            same = subprocess.run([str(KCORP), "import", file, "--dry-run", "--db", database],
                                  capture_output=True, text=True)
            assert same.returncode == 0, same.stderr
            assert same.stdout.startswith("This import: nothing changes."), same.stdout

        def stored():
            with sqlite3.connect(database) as db:
                return db.execute("SELECT id, version, hash FROM champion_art ORDER BY id").fetchall()
        before = stored()
        assert [row[0] for row in before] == ["Jax", "KSante", "Nunu", "Zyrette"]

        # A newer version whose last picture is missing: nothing changes, one line says why.
        with tempfile.TemporaryDirectory() as newer:
            data_dragon.build(newer, version="99.2.1", broken="Zyrette")
            with data_dragon.serving(newer) as base:
                refused = subprocess.run(
                    [str(KCORP), "champions", "sync", "--from", base, "--db", database],
                    capture_output=True, text=True, timeout=60)
        assert refused.returncode == 69
        assert refused.stderr.count("\n") == 1
        assert "Zyrette.png answered 404; nothing was changed" in refused.stderr
        assert stored() == before

        # Offline: one clear line, exit 69, nothing changed.
        offline = subprocess.run(
            [str(KCORP), "champions", "sync", "--from", "http://127.0.0.1:9", "--db", database],
            capture_output=True, text=True, timeout=60)
        assert offline.returncode == 69
        assert offline.stderr.startswith("kcorp: Could not reach http://127.0.0.1:9/api/versions.json")
        assert stored() == before

        wrong = subprocess.run(
            [str(KCORP), "champions", "sync", "--from", "ftp://mirror", "--db", database],
            capture_output=True, text=True, timeout=60)
        assert wrong.returncode == 64 and "--from needs an http or https address" in wrong.stderr
