"""The walk in French, as a browser set to French sees it, and the language switch."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from test_brief_story import champions_ready, roster_names, wait


def text(browser, selector):
    """The element's text as written (Selenium's .text turns no-break spaces into spaces)."""
    return browser.execute_script(
        "return document.querySelector(arguments[0]).textContent.trim()", selector)


def test_a_french_coach_reads_french_everywhere(server, french_browser, screenshots):
    browser = french_browser
    browser.get(server + "/")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
    assert browser.title == "Effectif KCorp"
    assert text(browser, "#starters-title") == "Titulaires"
    assert text(browser, ".lineup") == "Line-up incomplet\u00a0: pas de jungle, pas de mid."
    browser.save_screenshot(str(screenshots / "roster-fr.png"))

    # The sheet in French; the champion search works in French too.
    browser.find_element(By.CSS_SELECTOR, "[aria-label='Ajouter un joueur']").click()
    dialog = browser.find_element(By.ID, "add-dialog")
    wait(browser).until(lambda _: dialog.is_displayed())
    assert text(browser, "#form-title") == "Nouveau joueur"
    assert browser.find_element(By.CSS_SELECTOR, "label[for=position]").text == "Rôle"
    classes = [o.text for o in Select(browser.find_element(By.CSS_SELECTOR, ".champion-class")).options]
    assert classes == ["Toutes les classes", "Combattant", "Tank", "Mage", "Assassin", "Tireur", "Support"]
    Select(browser.find_element(By.ID, "position")).select_by_visible_text("Mid")
    champions_ready(browser)
    search = browser.find_element(By.CSS_SELECTOR, ".champion-search")
    assert search.get_attribute("placeholder") == "Rechercher"
    search.send_keys("vikt")
    wait(browser).until(lambda b: b.execute_script(
        "return [...document.querySelectorAll('.champion-row label.champion')]"
        ".filter(l => !l.hidden).map(l => l.querySelector('input').value)")[:1] == ["viktor"])
    browser.find_element(By.XPATH, "//label[@class='champion'][input[@value='viktor']]").click()
    browser.find_element(By.ID, "name").send_keys("Saken")
    browser.save_screenshot(str(screenshots / "add-player-fr.png"))

    # Refused without a pseudo, in French, focus on the pseudo; then added.
    browser.find_element(By.ID, "name").clear()
    dialog.find_element(By.XPATH, ".//button[normalize-space()='Ajouter']").click()
    wait(browser).until(lambda b: b.find_elements(By.ID, "name-error"))
    assert text(browser, "#name-error") == "Saisissez un pseudo."
    assert text(browser, "#status").startswith("Personne n’a été ajouté")
    browser.find_element(By.ID, "name").send_keys("Saken")
    browser.find_element(By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Ajouter']").click()
    wait(browser).until(lambda b: "Saken" in roster_names(b))
    assert text(browser, "#status") == "Saken a été ajouté."

    # Removed, with its Undo, in French.
    browser.find_element(By.XPATH, "//a[.//span[text()='Saken']]").click()
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".detail h1"))
    browser.find_element(By.XPATH, "//button[normalize-space()='Supprimer le joueur']").click()
    confirm = browser.find_element(By.ID, "delete-dialog")
    wait(browser).until(lambda _: confirm.is_displayed())
    assert text(browser, "#confirm-title") == "Supprimer Saken\u202f?"
    confirm.find_element(By.XPATH, ".//button[normalize-space()='Supprimer']").click()
    wait(browser).until(lambda b: "removed=" in b.current_url)
    assert text(browser, "#status").startswith("Saken a été supprimé.")
    assert browser.find_element(By.ID, "undo").text == "Annuler la suppression"


def test_the_switch_changes_the_language_and_remembers_it(server, browser):
    browser.get(server + "/trash")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Recently removed"
    browser.find_element(By.CSS_SELECTOR, "footer.language a[lang=fr]").click()
    wait(browser).until(lambda b: b.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr")
    # Back on the page it was used on, now in French, and the choice is kept elsewhere.
    assert browser.current_url == server + "/trash"
    assert browser.find_element(By.TAG_NAME, "h1").text == "Supprimés récemment"
    browser.get(server + "/history")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Historique"
    browser.find_element(By.CSS_SELECTOR, "footer.language a[lang=en]").click()
    wait(browser).until(lambda b: b.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")
    assert browser.find_element(By.TAG_NAME, "h1").text == "History"


def test_live_changes_are_announced_in_french(server, french_browser, second_browser):
    french_browser.get(server + "/")
    second_browser.get(server + "/")
    second_browser.find_element(By.CSS_SELECTOR, "[aria-label='Add player']").click()
    second_browser.find_element(By.ID, "name").send_keys("Vladi")
    second_browser.find_element(
        By.XPATH, "//dialog[@id='add-dialog']//button[normalize-space()='Add']").click()
    wait(french_browser).until(lambda b: "Vladi" in roster_names(b))
    wait(french_browser).until(lambda b: "Mis à jour" in b.find_element(By.ID, "status").text)
    assert text(french_browser, "#status") == "Mis à jour\u00a0: Quelqu’un sur cette machine a ajouté Vladi."


def test_a_french_spreadsheet_saved_on_windows_is_imported(server, french_browser, tmp_path):
    # As Excel saves it on a French Windows: `;`, French headers, Windows-1252.
    spreadsheet = tmp_path / "effectif.csv"
    spreadsheet.write_bytes(
        "Pseudo;Rôle;Statut;Champions\r\n"
        "Canna;Top;titulaire;K'Sante, Jax\r\n"
        "Yiké;Jungle;titulaire;Lee Sin\r\n"
        "Caliste;ADC;titulaire;Kai'Sa\r\n"
        "Targamas;Support;titulaire;Rell\r\n".encode("cp1252"))
    french_browser.get(server + "/import")
    french_browser.find_element(By.ID, "import-file").send_keys(str(spreadsheet))
    french_browser.find_element(By.CSS_SELECTOR, ".import-form button[type=submit]").click()
    preview = wait(french_browser).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, ".import-preview")).pop().text
    assert "Ajoutés (1)" in preview and "Yiké, Jungle" in preview
    assert "Modifiés (3)" in preview and "Supprimés" not in preview
    assert "\ufffd" not in preview
    french_browser.find_element(By.CSS_SELECTOR, ".import-preview button[type=submit]").click()
    wait(french_browser).until(lambda b: "Yiké" in roster_names(b))
    assert sorted(roster_names(french_browser)) == ["Caliste", "Canna", "Targamas", "Yiké"]
    assert text(french_browser, "#status").startswith(
        "Importé dans toute l’organisation\u202f: 1 ajouté(s), 3 modifié(s), 0 supprimé(s).")
