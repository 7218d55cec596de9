"""The whole organisation in a browser, in English and in French: the owner adds KC Blue
and a player there, promotes them; KC Blue's editor sees the move live and cannot change
Karmine Corp's roster."""

import os
import subprocess
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from conftest import KCORP, chrome, serving
from test_brief_story import roster_names, wait
from test_accessibility import violations

# What each language says of the move, in the live status and in the history.
MOVED = {
    "en-US": ("coach moved Hazel from KC Blue to KCorp", "coach moved Hazel from KC Blue to KCorp."),
    "fr-FR": ("coach a transféré Hazel de KC Blue à KCorp", "coach a transféré Hazel de KC Blue à KCorp."),
}


@pytest.fixture
def organisation_server():
    """`kcorp serve --require-login` with an owner (coach); yields (URL, database)."""
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        subprocess.run(
            [str(KCORP), "users", "add", "coach", "--role", "owner", "--password-stdin",
             "--db", database],
            input=b"coach password\n", check=True, capture_output=True)
        with serving("--require-login", "--db", database) as url:
            yield url, database


def sign_in(browser, server, name, password):
    browser.get(server + "/")
    wait(browser).until(lambda b: "/signin" in b.current_url)
    browser.find_element(By.ID, "signin-name").send_keys(name)
    browser.find_element(By.ID, "signin-password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "form[action='/signin'] button[type=submit]").click()
    wait(browser).until(lambda b: "/signin" not in b.current_url)


def fetch_status(browser, method, path, body):
    return browser.execute_async_script(
        """
        const [method, path, body, done] = arguments;
        fetch(path, {method, headers: {'Content-Type': 'application/json'},
          body: JSON.stringify(body)}).then(r => done(r.status));
        """, method, path, body)


@pytest.mark.parametrize("language", ["en-US", "fr-FR"])
def test_the_owner_promotes_a_player_and_kc_blues_editor_sees_it_live(
        organisation_server, language, screenshots):
    server, database = organisation_server
    owner = chrome(language=language)
    editor = chrome(language=language, desktop=True)
    try:
        # A new database: the brief's roster, as before teams.
        sign_in(owner, server, "coach", "coach password")
        assert roster_names(owner) == ["Canna", "Caliste", "Targamas"]

        # The owner adds KC Blue, an academy of the first team.
        owner.get(server + "/teams")
        owner.find_element(By.ID, "new-team-name").send_keys("KC Blue")
        owner.find_element(By.ID, "new-team-tag").send_keys("KCB")
        owner.find_element(By.ID, "new-team-league").send_keys("LFL")
        Select(owner.find_element(By.ID, "new-team-parent")).select_by_value("KC")
        Select(owner.find_element(By.ID, "new-team-color")).select_by_value("gold")
        owner.find_element(By.CSS_SELECTOR, "form[action='/teams'] button[type=submit]").click()
        wait(owner).until(lambda b: b.find_elements(By.ID, "team-KCB"))
        # Its colour on its card, apart from the main team's blue.
        stripes = [owner.find_element(By.ID, f"team-{tag}").value_of_css_property(
            "border-left-color") for tag in ("KC", "KCB")]
        assert stripes == ["rgba(26, 111, 209, 1)", "rgba(224, 179, 65, 1)"], stripes

        # And a player there, with a Riot ID and a contract that ends within 90 days.
        owner.get(server + "/teams/KCB")
        owner.find_element(By.ID, "add-player").click()
        wait(owner).until(lambda b: b.find_element(By.ID, "add-dialog").is_displayed())
        owner.find_element(By.ID, "name").send_keys("Hazel")
        Select(owner.find_element(By.ID, "position")).select_by_value("ADC")
        owner.find_element(By.CSS_SELECTOR, "#add-dialog details.more-fields summary").click()
        owner.find_element(By.ID, "riotID").send_keys("Hazel#KCB")
        ending = time.strftime("%Y-%m-%d", time.gmtime(time.time() + 30 * 86400))
        owner.execute_script("document.getElementById('contractEnd').value = arguments[0]", ending)
        owner.find_element(By.CSS_SELECTOR, "#add-dialog button[type=submit]").click()
        wait(owner).until(lambda b: "Hazel" in roster_names(b))

        # KC Blue's editor, signed in on KC Blue's roster.
        subprocess.run(
            [str(KCORP), "users", "add", "bluecoach", "--role", "editor", "--team", "KCB",
             "--password-stdin", "--db", database],
            input=b"blue password\n", check=True, capture_output=True)
        sign_in(editor, server, "bluecoach", "blue password")
        editor.get(server + "/teams/KCB")
        wait(editor).until(lambda b: "Hazel" in roster_names(b))
        editor.execute_script("window.stillTheSamePage = true")
        time.sleep(0.3)  # its event stream is open

        # The owner promotes Hazel from the player's page.
        owner.find_element(By.XPATH, "//a[.//span[text()='Hazel']]").click()
        wait(owner).until(lambda b: b.find_element(By.CSS_SELECTOR, ".detail h1").text == "Hazel")
        page = owner.find_element(By.CSS_SELECTOR, "main").text
        assert "Hazel#KCB" in page
        assert owner.find_elements(By.CSS_SELECTOR, ".soon")  # the contract ends soon
        owner.save_screenshot(str(screenshots / f"organisation-player-{language}.png"))
        owner.find_element(By.ID, "move-team").click()
        # The only other team is chosen already.
        wait(owner).until(lambda b: b.find_elements(By.ID, "move-KC"))
        assert owner.find_element(By.ID, "move-KC").is_selected()
        owner.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        moved = time.monotonic()
        # Told where the player is now, on the player's page.
        wait(owner).until(lambda b: "KCorp" in b.find_element(By.CSS_SELECTOR, "main .status").text)
        assert "Hazel" in owner.find_element(By.CSS_SELECTOR, "main .status").text

        # The editor sees it live, on the same page.
        wait(editor).until(lambda b: "Hazel" not in roster_names(b))
        assert time.monotonic() - moved < 2
        assert editor.execute_script("return window.stillTheSamePage") is True
        live, entry = MOVED[language]
        assert live in editor.find_element(By.ID, "status").text

        # On Karmine Corp's roster the editor has no controls, and the API refuses.
        editor.get(server + "/teams/KC")
        assert "Hazel" in roster_names(editor)
        assert not editor.find_elements(By.ID, "add-player")
        assert not editor.find_elements(By.CSS_SELECTOR, ".move")
        hazel = editor.find_element(By.XPATH, "//a[.//span[text()='Hazel']]").get_attribute("href")
        player_id = hazel.rsplit("/", 1)[1]
        assert fetch_status(editor, "PATCH", f"/api/players/{player_id}", {"position": "Mid"}) == 403
        assert fetch_status(editor, "POST", "/api/players?team=KC",
                            {"name": "Sneaky", "position": "Mid"}) == 403

        # The history reads the move as one entry.
        owner.get(server + "/history")
        entries = [item.text for item in owner.find_elements(By.CSS_SELECTOR, "main li")]
        assert sum(entry in text for text in entries) == 1, entries
        owner.get(server + "/")
        owner.save_screenshot(str(screenshots / f"organisation-{language}.png"))
        editor.get(server + "/")
        editor.save_screenshot(str(screenshots / f"organisation-desktop-{language}.png"))
        assert violations(editor) == []
    finally:
        owner.quit()
        editor.quit()
