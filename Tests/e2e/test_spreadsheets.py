"""The roster for French Excel, read by an independent reader: `/export.fr.csv` opens in
columns (Python's csv module guesses its `;` as a spreadsheet does), with French headers,
statuses and dates; a French reader's footer offers it first. The Excel workbook
(`/export.xlsx`, `kcorp export --format xlsx`) read by openpyxl: columns, text that stays
text, dates that are dates."""

import csv
import io
import os
import subprocess
import tempfile
import urllib.request

from selenium.webdriver.common.by import By

from conftest import KCORP, chrome, serving


def test_the_french_excel_export_opens_in_columns_and_is_offered_first_in_french():
    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        subprocess.run(
            [str(KCORP), "players", "add", "--name", "Tao", "--position", "milieu", "--lineup",
             "remplaçant", "--real-name", "Taoufik Belkacem", "--birth-date", "29/02/2008",
             "--contract-end", "31/08/2027", "--db", database],
            check=True, capture_output=True)
        with serving("--db", database) as url:
            with urllib.request.urlopen(url + "/export.fr.csv") as response:
                assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
                assert ".fr.csv" in response.headers["Content-Disposition"]
                body = response.read()
            assert body.startswith(b"\xef\xbb\xbf")  # UTF-8 with its byte-order mark
            text = body.decode("utf-8-sig")
            dialect = csv.Sniffer().sniff(text.splitlines()[0])
            assert dialect.delimiter == ";"
            rows = list(csv.DictReader(io.StringIO(text), dialect=dialect))
            assert list(rows[0].keys())[:4] == ["Identifiant", "Pseudo", "Rôle", "Statut"]
            tao = next(row for row in rows if row["Pseudo"] == "Tao")
            assert tao["Rôle"] == "Mid" and tao["Statut"] == "remplaçant"
            assert tao["Date de naissance"] == "29/02/2008"
            assert tao["Fin de contrat"] == "31/08/2027"
            assert tao["Nom et prénom"] == "Taoufik Belkacem"
            assert len(rows) == 4 and all(len(row) == 13 for row in rows)

            # The first export offered: the French Excel one to a French reader.
            for language, first in (("fr-FR", "CSV pour Excel (français)"),
                                    ("en-US", "Export CSV")):
                browser = chrome(language=language)
                try:
                    browser.get(url + "/")
                    links = [link.text for link in
                             browser.find_elements(By.CSS_SELECTOR, "a[href^='/export']")]
                    assert links[0] == first, (language, links)
                finally:
                    browser.quit()


def test_the_excel_workbook_opens_in_columns_with_real_dates_from_the_web_and_the_cli():
    import datetime
    import openpyxl  # an independent reader of .xlsx files

    with tempfile.TemporaryDirectory() as folder:
        database = os.path.join(folder, "roster.sqlite")
        subprocess.run(
            [str(KCORP), "players", "add", "--name", "=Tao", "--position", "milieu", "--lineup",
             "remplaçant", "--real-name", "Taoufik Belkacem", "--birth-date", "29/02/2008",
             "--contract-end", "31/08/2027", "--db", database],
            check=True, capture_output=True)
        with serving("--db", database) as url:
            request = urllib.request.Request(url + "/export.xlsx",
                                             headers={"Accept-Language": "fr-FR"})
            with urllib.request.urlopen(request) as response:
                assert response.headers["Content-Type"] == (
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
                assert ".xlsx" in response.headers["Content-Disposition"]
                french = response.read()
        cli = os.path.join(folder, "roster.xlsx")
        subprocess.run([str(KCORP), "export", "--format", "xlsx", "--output", cli, "--db", database],
                       check=True, capture_output=True, env={**os.environ, "LANG": "C.UTF-8"})
        for body, headers, status in (
                (french, ["Identifiant", "Pseudo", "Rôle", "Statut"], "remplaçant"),
                (open(cli, "rb").read(), ["id", "name", "position", "lineup"], "substitute")):
            sheet = openpyxl.load_workbook(io.BytesIO(body)).active
            rows = list(sheet.iter_rows(values_only=True))
            assert list(rows[0][:4]) == headers
            assert len(rows) == 5 and all(len(row) == 13 for row in rows)
            line = next(i for i, row in enumerate(rows) if row[1] == "=Tao")
            tao = rows[line]  # "=Tao" is text, never a formula
            assert tao[2] == "Mid" and tao[3] == status and tao[8] == "Taoufik Belkacem"
            assert tao[10] == datetime.datetime(2008, 2, 29)  # a date cell, not text
            assert tao[12] == datetime.datetime(2027, 8, 31)
            shown = sheet.cell(row=line + 1, column=11).number_format
            assert shown == ("dd/mm/yyyy" if status == "remplaçant" else "yyyy-mm-dd")
