"""Two `kcorp serve` on one PostgreSQL database (a server of the test's own, on loopback in
a temporary folder): a browser on one sees, in place, what a coach does in a browser on the
other."""

import subprocess
import time

import pytest
from conftest import KCORP, ROOT, first_line
from test_brief_story import roster_names, wait
from selenium.webdriver.common.by import By

SCRIPT = ROOT / "scripts" / "test-postgres"


@pytest.fixture
def two_servers():
    """Two servers on one new PostgreSQL database; yields their base URLs."""
    folder, _ = subprocess.run([str(SCRIPT), "start"], check=True, capture_output=True,
                               text=True).stdout.split()
    url = subprocess.run([str(SCRIPT), "createdb", folder], check=True, capture_output=True,
                         text=True).stdout.strip()
    processes = []
    try:
        addresses = []
        for _ in range(2):
            process = subprocess.Popen([str(KCORP), "serve", "--port", "0", "--database", url],
                                       stdout=subprocess.PIPE)
            processes.append(process)
            line = first_line(process, timeout=20)
            assert line.startswith("Listening on http://"), line
            addresses.append(line.removeprefix("Listening on "))
        yield addresses
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=15)
        subprocess.run([str(SCRIPT), "stop", folder], capture_output=True)


def test_a_player_added_through_one_server_appears_in_a_browser_on_the_other(
        two_servers, browser, second_browser):
    a, b = two_servers
    browser.get(a + "/")
    second_browser.get(b + "/")
    wait(second_browser).until(lambda page: len(roster_names(page)) == 3)
    # A mark that a reload would erase: the page on B must update in place.
    second_browser.execute_script("window.stillTheSamePage = true")
    time.sleep(0.3)  # B's page has its event stream open

    # The coach on A fills the sheet and presses Add; the clock runs from the press, and B
    # is watched at once (not after A's own page has come back).
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    wait(browser).until(lambda _: browser.find_element(By.ID, "add-dialog").is_displayed())
    browser.find_element(By.ID, "name").send_keys("Saken")
    add = browser.find_element(By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']")
    added = time.monotonic()
    add.click()
    wait(second_browser).until(lambda page: "Saken" in roster_names(page))
    assert time.monotonic() - added < 1.5
    wait(browser).until(lambda page: "Saken" in roster_names(page))
    assert second_browser.execute_script("return window.stillTheSamePage") is True
