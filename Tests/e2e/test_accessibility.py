"""axe-core 4.12.1 (from PyPI's axe-playwright-python wheel, in the tools environment
`make test` creates) on every screen and state, at phone and desktop size: 0 violations of
the WCAG 2.2 A/AA rules and the best practices."""

import glob
import pathlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from conftest import ROOT, chrome
from test_brief_story import champions_ready, roster_names, wait

AXE = sorted(glob.glob(str(ROOT / ".build" / "tools" / "lib" / "python3*" / "site-packages"
                           / "axe_playwright_python" / "axe.min.js")))
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]


def violations(browser):
    """axe's violations on the page as it is now, as readable lines."""
    assert AXE, "run `make test`, which installs axe-core in .build/tools"
    if not browser.execute_script("return typeof axe !== 'undefined'"):
        browser.execute_script(pathlib.Path(AXE[0]).read_text())
    assert browser.execute_script("return axe.version") == "4.12.1"
    result = browser.execute_async_script(
        "const done = arguments[1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}}).then(done)", TAGS)
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(" ".join(node["target"]) for node in v["nodes"][:3])
            for v in result["violations"]]


# The words the walk clicks, in each language of the app.
WORDS = {
    "en-US": {"Add player": "Add player", "Add": "Add", "Delete player": "Delete player",
              "Delete": "Delete", "lang": "en"},
    "fr-FR": {"Add player": "Ajouter un joueur", "Add": "Ajouter",
              "Delete player": "Supprimer le joueur", "Delete": "Supprimer", "lang": "fr"},
}


def states(browser, server, language="en-US"):
    """Each screen and state, by name, as a user reaches it."""
    words = WORDS[language]
    browser.get(server + "/")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == words["lang"]
    yield "roster"
    browser.find_element(By.CSS_SELECTOR, f"[aria-label='{words['Add player']}']").click()
    wait(browser).until(lambda b: b.find_element(By.ID, "add-dialog").is_displayed())
    yield "add sheet"
    browser.find_element(
        By.XPATH, f"//dialog[@id='add-dialog']//button[normalize-space()='{words['Add']}']").click()
    wait(browser).until(lambda b: b.find_elements(By.ID, "name-error"))
    yield "add sheet with errors"
    browser.get(server + "/players/new")
    yield "add page"
    browser.get(server + "/")
    browser.find_element(By.XPATH, "//a[.//span[text()='Canna']]").click()
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".detail h1"))
    yield "detail"
    player = browser.current_url
    browser.get(player + "/edit")
    yield "edit page"
    browser.get(player)
    browser.find_element(By.XPATH, f"//button[normalize-space()='{words['Delete player']}']").click()
    wait(browser).until(lambda b: b.find_element(By.ID, "delete-dialog").is_displayed())
    yield "delete dialog"
    browser.get(player + "/delete")
    yield "delete page"
    browser.find_element(By.XPATH, f"//button[normalize-space()='{words['Delete']}']").click()
    wait(browser).until(lambda b: "removed=" in b.current_url)
    yield "roster after a removal, with Undo"
    browser.get(server + "/trash")
    yield "recently removed"
    browser.get(server + "/history")
    yield "history"
    browser.get(server + "/import")
    yield "import"
    browser.get(server + "/week")
    yield "week"
    browser.find_elements(By.CSS_SELECTOR, "a.plan-day")[0].click()
    wait(browser).until(lambda b: b.find_element(By.ID, "plan").get_attribute("open") is not None)
    yield "week, planning"
    browser.find_element(By.ID, "opponent").send_keys("G2 Esports")
    browser.find_element(By.CSS_SELECTOR, "#plan button[type=submit]").click()
    wait(browser).until(lambda b: "/events/" in b.current_url)
    yield "event"
    browser.find_element(By.CSS_SELECTOR, "details.result summary").click()
    wait(browser).until(lambda b: b.find_element(By.CSS_SELECTOR, "details.result")
                        .get_attribute("open") is not None)
    yield "event, result form open"
    browser.get(server + "/teams")
    yield "teams"
    browser.get(server + "/signin")
    yield "sign-in"
    browser.get(server + "/players/00000000-0000-4000-8000-000000000000")
    yield "404"


@pytest.mark.parametrize("language", ["en-US", "fr-FR"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_screen_has_no_accessibility_violation(server, size, language):
    browser = chrome(desktop=(size == "desktop"), language=language)
    try:
        found = []
        for state in states(browser, server, language):
            found += [f"{state}: {line}" for line in violations(browser)]
        assert not found, "\n".join(found)
    finally:
        browser.quit()


def active(browser):
    return browser.execute_script(
        "const e = document.activeElement; return (e.id || '') + '|' + (e.value || '') + '|' + (e.getAttribute('href') || '')")


def test_the_keyboard_and_the_status_region_carry_every_action(server, browser):
    from selenium.webdriver.common.keys import Keys
    browser.get(server + "/")
    plus = browser.find_element(By.ID, "add-player")
    assert plus.get_attribute("role") == "button"
    browser.execute_script("arguments[0].focus()", plus)
    plus.send_keys(Keys.SPACE)
    dialog = browser.find_element(By.ID, "add-dialog")
    wait(browser).until(lambda _: dialog.is_displayed())
    cancel = dialog.find_element(By.CSS_SELECTOR, "[data-close]")
    assert cancel.get_attribute("role") == "button"
    cancel.send_keys(Keys.SPACE)
    wait(browser).until(lambda _: not dialog.is_displayed())

    # The arrow keys move along the champion row.
    plus.send_keys(Keys.SPACE)
    wait(browser).until(lambda _: dialog.is_displayed())
    champions_ready(browser)
    first = dialog.find_elements(By.CSS_SELECTOR, "label.champion input")[0]
    browser.execute_script("arguments[0].focus()", first)
    first.send_keys(Keys.ARROW_RIGHT)
    assert active(browser).split("|")[1] == "jax"
    browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert active(browser).split("|")[1] == "ksante"

    # A refused form is announced, focus on the field in error.
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: b.find_elements(By.ID, "name-error"))
    assert "Nothing was added" in browser.find_element(By.ID, "status").text
    assert active(browser).startswith("name|")

    # An add is announced and focus lands on the player added.
    browser.find_element(By.ID, "name").send_keys("Keyboard")
    browser.find_element(By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: "Keyboard" in roster_names(b))
    assert browser.find_element(By.ID, "status").text == "Keyboard was added."
    assert active(browser).split("|")[2].startswith("/players/")

    # A removal is announced with Undo, which has the focus.
    browser.find_element(By.XPATH, "//a[.//span[text()='Keyboard']]").click()
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".detail h1"))
    browser.find_element(By.XPATH, "//button[normalize-space()='Delete player']").click()
    browser.find_element(By.XPATH, "//dialog[@id='delete-dialog']//button[normalize-space()='Delete']").click()
    wait(browser).until(lambda b: "removed=" in b.current_url)
    assert "Keyboard was removed." in browser.find_element(By.ID, "status").text
    assert active(browser).startswith("undo|")


def test_reduced_motion_is_respected(server, browser):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    browser.get(server + "/")
    browser.find_element(By.ID, "add-player").click()
    browser.find_element(By.ID, "name").send_keys("Calm")
    browser.find_element(By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: "Calm" in roster_names(b))
    assert browser.execute_script(
        "return getComputedStyle(document.querySelector('.just-added .player-row')).animationName") == "none"
