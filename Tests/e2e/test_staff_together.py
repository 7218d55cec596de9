"""Several staff at once: sign-in, roles, and each other's changes appearing live."""

import os
import subprocess
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from conftest import KCORP, first_line
from test_brief_story import roster_names, wait


def sign_in(browser, server, name):
    browser.get(server + "/")
    wait(browser).until(lambda b: "/signin" in b.current_url)
    browser.find_element(By.ID, "signin-name").send_keys(name)
    browser.find_element(By.ID, "signin-password").send_keys(f"{name} password")
    browser.find_element(By.XPATH, "//button[normalize-space()='Sign in']").click()
    wait(browser).until(lambda b: len(roster_names(b)) == 3)


def test_a_change_in_one_browser_appears_in_the_other_within_a_second(
        staff_server, browser, second_browser):
    sign_in(browser, staff_server, "coach")
    sign_in(second_browser, staff_server, "analyst")
    # A mark that a reload would erase: the page must update in place.
    second_browser.execute_script("window.stillTheSamePage = true")
    time.sleep(0.3)  # the second page's event stream is open

    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    wait(browser).until(lambda b: b.find_element(By.ID, "add-dialog").is_displayed())
    browser.find_element(By.ID, "name").send_keys("Saken")
    Select(browser.find_element(By.ID, "position")).select_by_visible_text("Mid")
    browser.find_element(By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']").click()
    added = time.monotonic()

    wait(second_browser).until(lambda b: "Saken" in roster_names(b))
    assert time.monotonic() - added < 1.5
    assert second_browser.execute_script("return window.stillTheSamePage") is True
    status = second_browser.find_element(By.ID, "status").text
    assert "coach added Saken" in status


def test_a_detail_page_says_when_its_player_is_removed_elsewhere(
        staff_server, browser, second_browser):
    sign_in(browser, staff_server, "coach")
    sign_in(second_browser, staff_server, "analyst")
    second_browser.find_element(By.XPATH, "//a[.//span[text()='Caliste']]").click()
    wait(second_browser).until(lambda b: b.find_element(By.CSS_SELECTOR, ".detail h1").text == "Caliste")
    time.sleep(0.3)
    browser.find_element(By.XPATH, "//a[.//span[text()='Caliste']]").click()
    browser.find_element(By.XPATH, "//button[normalize-space()='Delete player']").click()
    browser.find_element(By.XPATH, "//dialog[@id='delete-dialog']//button[normalize-space()='Delete']").click()
    wait(second_browser).until(
        lambda b: "was removed by coach" in b.find_element(By.CSS_SELECTOR, "main").text)


def test_a_viewer_sees_no_edit_controls_and_the_api_refuses_their_writes(
        staff_server, browser):
    sign_in(browser, staff_server, "analyst")
    assert not browser.find_elements(By.CSS_SELECTOR, "[aria-label='Add player']")
    assert not browser.find_elements(By.CSS_SELECTOR, ".move")
    browser.find_element(By.XPATH, "//a[.//span[text()='Canna']]").click()
    assert not browser.find_elements(By.XPATH, "//button[normalize-space()='Delete player']")
    assert not browser.find_elements(By.ID, "edit-player")
    status = browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        fetch('/api/players', {method: 'POST', headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({name: 'Sneaky', position: 'Mid'})}).then(r => done(r.status));
        """)
    assert status == 403


def test_the_apps_client_and_a_browser_see_each_others_changes_live(staff_server, browser):
    """The app's client library (TeamClient, as `kcorp --server` uses it) and a browser on
    one roster: each sees the other's change within a second, the page without a reload."""
    environment = dict(os.environ, KCORP_SERVER=staff_server, KCORP_TOKEN=staff_server.token)
    environment.pop("KCORP_DB", None)
    sign_in(browser, staff_server, "coach")
    watcher = subprocess.Popen([str(KCORP), "watch"], env=environment, stdout=subprocess.PIPE)
    try:
        assert first_line(watcher, timeout=10) == f"Watching {staff_server}; Ctrl-C stops."
        time.sleep(0.3)  # the client's event stream is open

        browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
        wait(browser).until(lambda b: b.find_element(By.ID, "add-dialog").is_displayed())
        browser.find_element(By.ID, "name").send_keys("Saken")
        Select(browser.find_element(By.ID, "position")).select_by_visible_text("Mid")
        browser.find_element(
            By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']").click()
        added = time.monotonic()
        assert first_line(watcher, timeout=3).endswith("coach added Saken.")
        assert time.monotonic() - added < 1.5

        # Adding led the browser to a new page: mark it, and let its event stream open.
        wait(browser).until(lambda b: "Saken" in roster_names(b))
        browser.execute_script("window.stillTheSamePage = true")
        time.sleep(0.3)
        subprocess.run(
            [str(KCORP), "players", "add", "--name", "Rekkles", "--position", "ADC"],
            env=environment, check=True, capture_output=True)
        added = time.monotonic()
        wait(browser).until(lambda b: "Rekkles" in roster_names(b))
        assert time.monotonic() - added < 1.5
        assert browser.execute_script("return window.stillTheSamePage") is True
        assert "token:scripts added Rekkles" in browser.find_element(By.ID, "status").text
    finally:
        watcher.terminate()
        assert watcher.wait(timeout=10) == 0


def test_edits_made_at_once_are_merged_and_a_real_conflict_names_the_colleague(
        staff_server, browser):
    """The coach edits Caliste in the sheet while a script edits her too: what only one of
    them changed is kept from both; a field both changed is marked, naming who did."""
    environment = dict(os.environ, KCORP_SERVER=staff_server, KCORP_TOKEN=staff_server.token)
    environment.pop("KCORP_DB", None)

    def script_edits(pseudo, *arguments):
        subprocess.run([str(KCORP), "players", "edit", pseudo, *arguments],
                       env=environment, check=True, capture_output=True)

    def open_sheet():
        browser.find_element(By.ID, "edit-player").click()
        dialog = browser.find_element(By.ID, "edit-dialog")
        wait(browser).until(lambda _: dialog.is_displayed())
        return dialog

    sign_in(browser, staff_server, "coach")
    browser.find_element(By.XPATH, "//a[.//span[text()='Caliste']]").click()
    wait(browser).until(lambda b: b.find_element(By.CSS_SELECTOR, ".detail h1").text == "Caliste")

    # The script moves her to Support meanwhile; the coach changes only the pseudo.
    dialog = open_sheet()
    script_edits("Caliste", "--position", "Support")
    name = dialog.find_element(By.ID, "name")
    name.clear()
    name.send_keys("Calistë")
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Save']").click()
    wait(browser).until(lambda b: b.find_element(By.CSS_SELECTOR, ".detail h1").text == "Calistë")
    assert browser.find_element(By.CSS_SELECTOR, ".detail .role").text == "Support"
    assert browser.find_element(By.ID, "status").text == "Saved."

    # Both change the role: nothing is saved; the role says who changed it, and to what.
    dialog = open_sheet()
    script_edits("Calistë", "--position", "Mid")
    Select(dialog.find_element(By.ID, "position")).select_by_visible_text("ADC")
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Save']").click()
    error = wait(browser).until(lambda b: b.find_elements(By.ID, "position-error")).pop()
    assert error.text.startswith("token:scripts changed this meanwhile, to “Mid”")
    assert "token:scripts changed Calistë meanwhile; nothing was saved." in browser.page_source
    assert Select(browser.find_element(By.ID, "position")).first_selected_option.text == "ADC"
    # Keeping hers, knowingly, saves.
    browser.find_element(By.XPATH, "//button[normalize-space()='Save']").click()
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".detail .role"))
    assert browser.find_element(By.CSS_SELECTOR, ".detail .role").text == "ADC"
    assert browser.find_element(By.CSS_SELECTOR, ".detail h1").text == "Calistë"
