"""The brief's whole story in a real browser at a phone-sized window."""

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

GREEN = "rgba(34, 197, 94, 1)"


def roster_names(browser):
    # One script call, so a page being replaced cannot leave a stale element behind.
    return browser.execute_script(
        "return [...document.querySelectorAll('.roster .pseudo')].map(e => e.textContent)")


def champions_ready(browser, dialog="add-dialog"):
    """Waits until the sheet's row holds every champion (the shared row is fetched once)."""
    wait(browser).until(lambda b: b.execute_script(
        "return document.querySelectorAll(`#${arguments[0]} label.champion`).length", dialog) == 173)


def roster_names_without_javascript(browser):
    # execute_script is unavailable when JavaScript is off; navigations there are synchronous.
    return [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".roster .pseudo")]


def wait(browser):
    # An element read while the page is being replaced is stale, or (chromedriver's word for
    # it in the middle of a navigation) "does not belong to the document": look again. A
    # wait that never succeeds still fails, at its time limit.
    return WebDriverWait(browser, 10, ignored_exceptions=[WebDriverException])


def champion_border(browser, champion_id):
    image = browser.find_element(
        By.CSS_SELECTOR, f".champion input[value='{champion_id}'] + .avatar")
    return image.value_of_css_property("border-top-color")


def test_the_briefs_story(server, browser, screenshots):
    # The roster: the three default players.
    browser.get(server + "/")
    assert roster_names(browser) == ["Canna", "Caliste", "Targamas"]
    browser.save_screenshot(str(screenshots / "roster.png"))

    # "+" opens the add-player sheet.
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    dialog = browser.find_element(By.ID, "add-dialog")
    wait(browser).until(lambda _: dialog.is_displayed())
    assert browser.current_url.rstrip("/") == server  # a modal, not a new page

    browser.find_element(By.ID, "name").send_keys("Saken")
    Select(browser.find_element(By.ID, "position")).select_by_visible_text("Mid")
    assert browser.find_element(By.ID, "image").get_attribute("value") == "player_default"
    assert "/images/player_default" in browser.find_element(By.ID, "image-preview").get_attribute(
        "src")

    champions_ready(browser)
    assert champion_border(browser, "viktor") != GREEN
    for champion in ("viktor", "corki"):
        label = browser.find_element(
            By.XPATH, f"//label[@class='champion'][input[@value='{champion}']]")
        browser.execute_script("arguments[0].scrollIntoView({inline: 'center'})", label)
        label.click()
    assert champion_border(browser, "viktor") == GREEN
    assert champion_border(browser, "corki") == GREEN
    assert champion_border(browser, "jax") != GREEN
    browser.save_screenshot(str(screenshots / "add-player.png"))

    # "Add": back on the roster, which lists four players.
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: len(roster_names(b)) == 4)
    # The starting five is shown by lane: Top, Jungle, Mid, ADC, Support.
    assert roster_names(browser) == ["Canna", "Saken", "Caliste", "Targamas"]

    # The new player's detail: photo, pseudo, role, both champions.
    browser.find_element(By.XPATH, "//a[.//span[text()='Saken']]").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".detail h1")))
    assert browser.find_element(By.CSS_SELECTOR, ".detail h1").text == "Saken"
    assert browser.find_element(By.CSS_SELECTOR, ".detail .role").text == "Mid"
    # Saken's initials on Mid's colour, drawn in the page, not a silhouette.
    picture = browser.find_element(By.CSS_SELECTOR, ".detail-identity > svg.avatar")
    assert picture.get_attribute("aria-label") == "Photo of Saken"
    assert picture.find_element(By.TAG_NAME, "text").text == "SA"
    assert picture.size["width"] == 160
    champions = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".champions li span")]
    assert champions == ["Viktor", "Corki"]
    browser.save_screenshot(str(screenshots / "player.png"))

    # "Back", then open it again.
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Back']").click()
    wait(browser).until(lambda b: len(roster_names(b)) == 4)
    browser.find_element(By.XPATH, "//a[.//span[text()='Saken']]").click()
    wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, ".detail h1")))

    # "Delete player" asks first; confirming returns to a roster of three, with "Undo".
    browser.find_element(By.XPATH, "//button[normalize-space()='Delete player']").click()
    confirm = browser.find_element(By.ID, "delete-dialog")
    wait(browser).until(lambda _: confirm.is_displayed())
    assert "Delete Saken?" in confirm.text
    browser.save_screenshot(str(screenshots / "delete-player.png"))
    confirm.find_element(By.XPATH, ".//button[normalize-space()='Delete']").click()
    wait(browser).until(lambda b: "removed=" in b.current_url)
    assert roster_names(browser) == ["Canna", "Caliste", "Targamas"]
    assert "Saken was removed." in browser.find_element(By.ID, "status").text


def test_invalid_input_is_shown_by_its_field_and_kept(server, browser):
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    browser.find_element(By.ID, "name").send_keys("canna")
    image = browser.find_element(By.ID, "image")
    image.clear()
    image.send_keys("Not Valid")
    browser.find_element(By.XPATH, "//label[input[@value='jax']]").click()
    browser.find_element(By.XPATH, "//button[normalize-space()='Add']").click()
    wait(browser).until(EC.presence_of_element_located((By.ID, "name-error")))
    assert "already in the team" in browser.find_element(By.ID, "name-error").text
    assert browser.find_element(By.ID, "image-error").text
    assert browser.find_element(By.ID, "name").get_attribute("value") == "canna"
    assert browser.find_element(By.ID, "image").get_attribute("value") == "Not Valid"
    assert browser.find_element(By.CSS_SELECTOR, "input[value='jax']").is_selected()


def test_without_javascript_every_step_still_works(server, browser_without_javascript):
    browser = browser_without_javascript
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    wait(browser).until(lambda b: b.current_url.endswith("/players/new"))
    browser.find_element(By.ID, "name").send_keys("NoScript")
    browser.find_element(By.XPATH, "//label[input[@value='braum']]").click()
    # Enter in the champion search searches on the server: the form comes back with the
    # matches and everything typed, and nobody is added.
    search = browser.find_element(By.CSS_SELECTOR, "input.champion-search")
    search.send_keys("j4" + Keys.ENTER)
    wait(browser).until(lambda b: b.current_url.endswith("/players"))  # the form, sent
    assert browser.find_element(By.CSS_SELECTOR, "input.champion-search").get_attribute(
        "value") == "j4"
    shown = [e.get_attribute("value") for e in browser.find_elements(
        By.CSS_SELECTOR, ".champion-row input[name=champion]")]
    assert shown == ["braum", "jarvaniv"]
    assert browser.find_element(By.ID, "name").get_attribute("value") == "NoScript"
    assert browser.find_element(By.CSS_SELECTOR, "input[value=braum]").is_selected()
    browser.find_element(By.XPATH, "//label[input[@value='jarvaniv']]").click()
    browser.find_element(By.XPATH, "//button[normalize-space()='Add']").click()
    wait(browser).until(lambda b: len(roster_names_without_javascript(b)) == 4)
    browser.find_element(By.XPATH, "//a[.//span[text()='NoScript']]").click()
    browser.find_element(By.XPATH, "//button[normalize-space()='Delete player']").click()
    wait(browser).until(lambda b: "/delete" in b.current_url)
    assert "Delete NoScript?" in browser.page_source
    browser.find_element(By.XPATH, "//button[normalize-space()='Delete']").click()
    wait(browser).until(lambda b: len(roster_names_without_javascript(b)) == 3)
