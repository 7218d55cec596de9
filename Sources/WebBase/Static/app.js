// Progressive enhancement only: every action also works without JavaScript.
"use strict";

// What the page says to people, in its language (Pages.scriptMessages): `%@` in order,
// `%1$@` by position.
const messages = JSON.parse(document.body.dataset.messages || "{}");
function say(key, ...args) {
  let next = 0;
  return (messages[key] ?? key).replace(/%(\d+)\$@|%@/g, (_, n) => args[n ? n - 1 : next++] ?? "");
}
// An author as RosterChange.name(ofAuthor:) says it.
function authorName(author) {
  if (author === "local") return say("someoneHere");
  if (author.startsWith("cli:")) {
    return author.length > 4 ? say("atCommandLine", author.slice(4)) : say("someoneAtCommandLine");
  }
  return author;
}

// Binds `handler` once per element: the page's parts are bound again after a live update.
function once(element, event, handler) {
  if (element.dataset.bound?.split(" ").includes(event)) return;
  element.dataset.bound = ((element.dataset.bound || "") + " " + event).trim();
  element.addEventListener(event, handler);
}

// A link that opens a form as a modal sheet instead of a page.
function opensSheet(linkId, dialogId) {
  const link = document.getElementById(linkId);
  const dialog = document.getElementById(dialogId);
  if (!link || !dialog || typeof dialog.showModal !== "function") return;
  once(link, "click", (event) => {
    event.preventDefault();
    dialog.showModal();
    dialog.querySelector("input[type=text]")?.focus();
  });
}

// The champion row's search and class filter: the server's forgiving search
// (/api/champions) says which champions match, best first; selected ones stay first.
function championFilters(fieldset) {
  const search = fieldset.querySelector(".champion-search");
  const kind = fieldset.querySelector(".champion-class");
  const row = fieldset.querySelector(".champion-row");
  if (!search || !kind || !row) return;
  // The row filters as one types: the button that sends a search without scripts goes, so
  // Enter in another field presses the form's own button again.
  fieldset.querySelector("button[name=search]")?.remove();
  let latest = 0;
  async function filter() {
    const asked = ++latest;
    // Read each time: the row may have grown since (fillChampionRows).
    const labels = new Map([...row.querySelectorAll("label.champion")]
      .map((label) => [label.querySelector("input").value, label]));
    const query = new URLSearchParams({ q: search.value, class: kind.value });
    const response = await fetch("/api/champions?" + query, { headers: { Accept: "application/json" } });
    if (!response.ok || asked !== latest) return;
    const matches = (await response.json()).map((champion) => champion.id);
    const isSelected = (label) => label.querySelector("input").checked;
    const order = [...labels.values()].filter(isSelected);
    for (const id of matches) {
      const label = labels.get(id);
      if (label && !isSelected(label)) order.push(label);
    }
    const shown = new Set(order);
    for (const label of labels.values()) {
      label.hidden = !shown.has(label);
      if (label.hidden) order.push(label);
    }
    row.append(...order);
    row.scrollLeft = 0;
    const said = fieldset.querySelector(".no-match");
    if (said) said.textContent = matches.length || !search.value.trim() ? "" : say("noChampion", search.value.trim());
  }
  once(search, "input", filter);
  once(kind, "change", filter);
  // Enter in the search field must not send the form.
  once(search, "keydown", (event) => { if (event.key === "Enter") event.preventDefault(); });
}

// A sheet's champion row holds its selected champions; the others come from the shared row,
// fetched once and kept by the browser (its address changes with its content).
let championRow = null;
async function fillChampionRows() {
  const rows = [...document.querySelectorAll(".champion-row[data-more]")];
  if (!rows.length) return;
  championRow ??= fetch(rows[0].dataset.more).then((response) => (response.ok ? response.text() : ""));
  const html = await championRow;
  if (!html) {
    championRow = null;  // asked again at the next set-up
    return;
  }
  const template = document.createElement("template");
  template.innerHTML = html;
  for (const row of rows) {
    if (!row.hasAttribute("data-more")) continue;
    row.removeAttribute("data-more");
    const present = new Set([...row.querySelectorAll("input")].map((input) => input.value));
    for (const label of template.content.querySelectorAll("label.champion")) {
      if (!present.has(label.querySelector("input").value)) row.append(label.cloneNode(true));
    }
  }
}

// A camera's photo may be larger than the server takes (8 MiB): shrunk here first, its
// longest side to 2048 px, as a JPEG; the rest of the form goes as typed. A photo the browser
// cannot draw (HEIC) goes as it is, for the server to read or refuse.
const photoSide = 2048;
function shrinksPhotos(form) {
  const input = form.querySelector("input[type=file][name=photo]");
  if (!input) return;
  once(form, "submit", async (event) => {
    const file = input.files[0];
    if (!file || form.dataset.photoReady || !/^image\/(jpeg|png|webp)$/.test(file.type)) return;
    event.preventDefault();
    const submitter = event.submitter;
    try {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, photoSide / Math.max(bitmap.width, bitmap.height));
      if (scale < 1 || file.size > 8 * 1024 * 1024) {
        const canvas = document.createElement("canvas");
        canvas.width = Math.round(bitmap.width * scale);
        canvas.height = Math.round(bitmap.height * scale);
        canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        const blob = await new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.9));
        if (blob) {
          const files = new DataTransfer();
          files.items.add(new File([blob], "photo.jpg", { type: "image/jpeg" }));
          input.files = files.files;
        }
      }
      bitmap.close();
    } catch {
      // Sent as it is: the server says what is wrong with it.
    }
    form.dataset.photoReady = "yes";
    form.requestSubmit(submitter);
  });
}

// A draft board's search narrows its champions as one types, forgiving as the server's
// search is (case, accents, spaces and apostrophes aside); the Enter key still sends it.
function filtersChampions(input) {
  const grid = document.getElementById(input.dataset.filter);
  if (!grid) return;
  const key = (text) => text.normalize("NFD").toLowerCase().replace(/[^a-z0-9]/g, "");
  once(input, "input", () => {
    const typed = key(input.value);
    for (const button of grid.querySelectorAll("button")) {
      button.hidden = typed !== "" && !button.dataset.name.split(" ").some((name) => name.includes(typed));
    }
  });
}

// "Copy" puts a text field's text on the clipboard (a draft to paste in the team's chat);
// without scripts the field's text is selected by hand.
function copiesText(button) {
  const field = document.getElementById(button.dataset.copy);
  if (!field) return;
  button.hidden = false;
  once(button, "click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand("copy");
    }
    button.textContent = say("copied");
  });
}

// On a phone the pools' cards start folded under their summary, but the one the address
// names (the pool just changed) and those the user opened, also after a live update.
const openedPools = new Set();
function foldsPools() {
  const phone = matchMedia("(max-width: 700px)").matches;
  for (const card of document.querySelectorAll("details.pool-card")) {
    const named = location.hash === "#" + card.id;
    if (phone && !named && !openedPools.has(card.id)) card.open = false;
    once(card, "toggle", () => {
      if (card.open) openedPools.add(card.id);
      else openedPools.delete(card.id);
    });
  }
}
addEventListener("hashchange", () => {
  const card = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (card?.matches("details.pool-card")) card.open = true;
});

function setUp() {
  for (const button of document.querySelectorAll("button[data-copy]")) copiesText(button);
  foldsPools();
  fillChampionRows();
  for (const input of document.querySelectorAll("input[data-filter]")) filtersChampions(input);
  for (const form of document.querySelectorAll("form")) shrinksPhotos(form);
  for (const fieldset of document.querySelectorAll("fieldset")) championFilters(fieldset);
  // A file chosen for the import is read into the text to preview (without JavaScript,
  // the text is pasted).
  opensSheet("add-player", "add-dialog");
  opensSheet("edit-player", "edit-dialog");

  // "Delete player" asks in a dialog instead of on a confirmation page.
  for (const form of document.querySelectorAll("form[data-confirm]")) {
    const dialog = document.getElementById(form.dataset.confirm);
    if (!dialog || typeof dialog.showModal !== "function") continue;
    once(form, "submit", (event) => {
      event.preventDefault();
      dialog.showModal();
    });
  }

  // Cancel closes the sheet and clears what was typed. A refused form came with the user's
  // input as its values: going back to the roster clears it.
  for (const control of document.querySelectorAll("dialog [data-close]")) {
    once(control, "click", (event) => {
      const dialog = control.closest("dialog");
      if (dialog.hasAttribute("data-refused")) return;  // the link leads to the roster
      event.preventDefault();
      dialog.querySelector("form")?.reset();
      dialog.close();
    });
  }

  // The form's picture shows what saving will show: a photo chosen, else the current photo
  // unless it is to be removed, else the picture the file name names.
  for (const imageInput of document.querySelectorAll("input[name=image]")) {
    const form = imageInput.closest("form");
    const preview = form.querySelector("#image-preview");
    if (!preview) continue;
    const photo = form.querySelector("input[name=photo]");
    const remove = form.querySelector("input[name=removePhoto]");
    const current = preview.getAttribute("src");
    const valid = /^[a-z0-9_-][a-z0-9_.-]{0,63}$/;
    let chosen = null;
    const update = () => {
      if (chosen) URL.revokeObjectURL(chosen);
      chosen = photo && photo.files[0] ? URL.createObjectURL(photo.files[0]) : null;
      const name = imageInput.value.trim() || "player_default";
      preview.src = chosen
        || (remove && !remove.checked ? current : "/images/" + (valid.test(name) ? name : "player_default"));
    };
    once(imageInput, "input", update);
    if (photo) once(photo, "change", update);
    if (remove) once(remove, "change", update);
    once(form, "reset", () => setTimeout(update));
  }

  setUpDragAndDrop();
  setUpHourGrids();

  // A calendar address opens in the calendar app (webcal://, RFC 5545's scheme for it).
  for (const link of document.querySelectorAll("a[data-webcal]")) {
    link.href = "webcal://" + location.host + link.getAttribute("href");
  }
  // An event's time written once, in the reader's zone: the team's zone named beside it only
  // when it differs, with the team's own times.
  const readerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  for (const time of document.querySelectorAll("time[data-zone]")) {
    if (time.dataset.local) continue;
    time.dataset.local = "yes";
    const zone = time.nextElementSibling?.classList.contains("zone") ? time.nextElementSibling : null;
    if (time.dataset.zone === readerZone) {
      zone?.remove();
      continue;
    }
    const lang = document.documentElement.lang;
    const clock = { hour: "2-digit", minute: "2-digit", hour12: false };
    const start = new Date(time.getAttribute("datetime"));
    const day = start.toLocaleDateString(lang, { weekday: "short", day: "numeric", month: "short" });
    const end = time.dataset.end ? "–" + new Date(time.dataset.end).toLocaleTimeString(lang, clock) : "";
    time.textContent = `${day}, ${start.toLocaleTimeString(lang, clock)}${end}`;
    if (zone) zone.textContent = ` · ${time.dataset.times}${zone.textContent}`;
  }

  // Links that act as buttons once scripts run ("+" opens the sheet, "Cancel" closes it):
  // announced as buttons, and Space presses them as it does a button.
  for (const link of document.querySelectorAll("#add-player, #edit-player, dialog [data-close]")) {
    link.setAttribute("role", "button");
    once(link, "keydown", (event) => {
      if (event.key === " ") {
        event.preventDefault();
        link.click();
      }
    });
  }

  // In the champion row, the arrow keys move between the champions shown.
  for (const row of document.querySelectorAll(".champion-row")) {
    once(row, "keydown", (event) => {
      if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
      const boxes = [...row.querySelectorAll("label.champion:not([hidden]) input")];
      const index = boxes.indexOf(document.activeElement);
      if (index < 0) return;
      event.preventDefault();
      const next = boxes[index + (event.key === "ArrowRight" ? 1 : -1)];
      if (next) {
        next.focus();
        next.closest("label").scrollIntoView({ block: "nearest", inline: "nearest" });
      }
    });
  }
}

// After an action, focus goes where the user carries on: the player just added, or Undo
// after a removal (the status region announces what happened). Once the page has loaded:
// going to the URL's #fragment would take focus back to the page.
function focusWhereTheUserCarriesOn() {
  (document.querySelector(".just-added a.player-row") || document.getElementById("undo"))?.focus();
}
if (document.readyState === "complete") focusWhereTheUserCarriesOn();
else addEventListener("load", () => setTimeout(focusWhereTheUserCarriesOn));

// A refused form comes back open, as a sheet: make it modal; focus is on the first error.
for (const dialog of document.querySelectorAll("dialog[data-refused]")) {
  if (typeof dialog.showModal !== "function") continue;
  dialog.close();
  dialog.showModal();
  dialog.querySelector("[autofocus]")?.focus();
}

// Drag and drop within the substitutes (or another status) puts the roster in the new order
// (PUT /api/roster/order?team=…), as "Move up" and "Move down" do without a mouse; a
// substitute dropped on a starter's card swaps the two (POST /api/players/{id}/swap). Where
// the page is live the change comes back through the event stream, in place, focus kept;
// otherwise the page reloads.
let dragged = null;
const live = !!document.querySelector("main[data-live]") && typeof EventSource === "function";
// The hour grid: a press ticks or unticks an hour, and a drag paints every hour it crosses
// the same way; a thumb paints a week in a few strokes. The keyboard ticks one at a time.
function setUpHourGrids() {
  for (const grid of document.querySelectorAll(".hour-grid")) {
    let painting = null;
    let pressed = false;
    const boxAt = (x, y) => document.elementFromPoint(x, y)?.closest?.(".hour-grid input[type=checkbox]");
    once(grid, "pointerdown", (event) => {
      const box = event.target.closest("input[type=checkbox]");
      if (!box) return;
      event.preventDefault();
      painting = !box.checked;
      box.checked = painting;
      pressed = true;
    });
    once(grid, "pointermove", (event) => {
      if (painting === null) return;
      const box = boxAt(event.clientX, event.clientY);
      if (box && grid.contains(box)) box.checked = painting;
    });
    const stop = () => { painting = null; };
    once(grid, "pointerup", stop);
    once(grid, "pointercancel", stop);
    once(grid, "pointerleave", stop);
    // The click a press ends with would undo what it painted; a key's click stays.
    once(grid, "click", (event) => {
      if (pressed && event.target.matches("input[type=checkbox]")) event.preventDefault();
      pressed = false;
    });
  }
}

function setUpDragAndDrop() {
for (const item of document.querySelectorAll(".roster[data-lineup]:not(.five) > li[data-id]")) {
  if (item.draggable) continue;
  item.draggable = true;
  item.addEventListener("dragstart", (event) => {
    dragged = item;
    item.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", item.dataset.id);
  });
  item.addEventListener("dragend", () => {
    item.classList.remove("dragging");
    dragged = null;
  });
  item.addEventListener("dragover", (event) => {
    if (!dragged || dragged.parentElement !== item.parentElement) return;
    event.preventDefault();  // over any row of the list, the dragged one too: a drop follows
    if (dragged === item) return;
    const box = item.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    item.parentElement.insertBefore(dragged, after ? item.nextSibling : item);
  });
  item.addEventListener("drop", (event) => {
    event.preventDefault();
    saveOrder();
  });
}
for (const card of document.querySelectorAll(".five > li[data-id]")) {
  if (card.dataset.dropReady) continue;
  card.dataset.dropReady = "yes";
  card.addEventListener("dragover", (event) => {
    if (!dragged) return;
    event.preventDefault();
    card.classList.add("drop-target");
  });
  card.addEventListener("dragleave", () => card.classList.remove("drop-target"));
  card.addEventListener("drop", async (event) => {
    event.preventDefault();
    card.classList.remove("drop-target");
    if (!dragged) return;
    const saved = await fetch(`/api/players/${dragged.dataset.id}/swap`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ with: card.dataset.id }),
    });
    if (!saved.ok) {
      const status = document.getElementById("status");
      if (status) status.textContent = (await saved.json().catch(() => ({}))).detail || say("orderRefused");
      return;
    }
    if (!live) location.reload();
  });
}
// "Move up" and "Move down" move the row at once and save the order, focus on the button.
for (const form of document.querySelectorAll("form.move")) {
  if (form.dataset.ready) continue;
  form.dataset.ready = "yes";
  form.addEventListener("submit", (event) => {
    const item = form.closest("li[data-id]");
    const up = event.submitter?.value === "up";
    const neighbour = up ? item?.previousElementSibling : item?.nextElementSibling;
    if (!item || !neighbour) return;  // the server's answer: the page again
    event.preventDefault();
    const button = event.submitter;
    item.parentElement.insertBefore(item, up ? neighbour : neighbour.nextSibling);
    button?.focus();
    saveOrder();
  });
}
}
setUp();

async function saveOrder() {
  const shown = [...document.querySelectorAll(".roster[data-lineup]:not(.five) > li[data-id]")]
    .map((item) => item.dataset.id);
  const main = document.querySelector("main[data-order-etag]");
  if (!main) return location.reload();
  // The team's own order (data-order-url names the team).
  const url = main.dataset.orderUrl || "/api/roster/order";
  const current = await fetch(url);
  const etag = current.headers.get("ETag");
  if (!current.ok || etag !== main.dataset.orderEtag) return location.reload();
  // The players shown take, in their new order, the places they had in the whole roster.
  const order = await current.json();
  const places = order.map((id, index) => (shown.includes(id) ? index : -1))
    .filter((index) => index >= 0);
  places.forEach((place, index) => { order[place] = shown[index]; });
  const saved = await fetch(url, {
    method: "PUT",
    headers: { "Content-Type": "application/json", "If-Match": etag },
    body: JSON.stringify(order),
  });
  if (!saved.ok) {
    const status = document.getElementById("status");
    if (status) status.textContent = say("orderRefused");
    setTimeout(() => location.reload(), 3000);
    return;
  }
  main.dataset.orderEtag = saved.headers.get("ETag") || "";
  if (!live) location.reload();
}

// The draft board answers in place: a choice goes in the background and the page the server
// answers with (the next turn chosen, or the refusal and what was typed) replaces this one
// without a reload, the champions scrolled where the thumb left them. One choice at a time: a
// tap while one is on its way is ignored (it would name the same turn). Without scripts each
// choice loads the page.
let boardBusy = false;
let boardOffline = false;
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (boardOffline || event.defaultPrevented || !form.closest("#draft") || form.method !== "post"
      || !/\/(drafts\/\d+|timer)$|^\/draft\/[^/]+$/.test(new URL(form.action).pathname) || typeof fetch !== "function") return;
  event.preventDefault();
  if (boardBusy) return;
  boardBusy = true;
  const main = document.querySelector("main");
  main.setAttribute("aria-busy", "true");
  const scrolled = document.getElementById("draft-grid")?.scrollTop ?? 0;
  try {
    const body = new URLSearchParams(new FormData(form, event.submitter));
    const response = await fetch(form.action, { method: "POST", body, headers: { Accept: "text/html" } });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = page.querySelector("main");
    if (!next || !page.getElementById("draft")) throw new Error("not a board");
    // The page shown now: a live update may have renewed it while the choice was on its way.
    document.querySelector("main").replaceWith(document.adoptNode(next));
    const grid = document.getElementById("draft-grid");
    if (grid) {
      grid.scrollTop = scrolled;
      grid.focus({ preventScroll: true });
    }
    if (response.ok) history.replaceState(null, "", response.url + "#draft");
    setUp();
  } catch {
    // Not answered in place: the choice is sent as a form, as without scripts.
    boardOffline = true;
    if (form.isConnected) form.requestSubmit(event.submitter);
    else location.reload();
  } finally {
    boardBusy = false;
    document.querySelector("main")?.removeAttribute("aria-busy");
    document.dispatchEvent(new Event("board-idle"));
  }
});

// A board's turn timer ticks on every screen that follows the board: the seconds left of the
// turn, counted from the board's last change on the server's clock (the page says when it
// was drawn: the difference with this device's clock is set aside). One ticker, whatever
// the live updates put in its place.
setInterval(() => {
  for (const timer of document.querySelectorAll(".draft-timer[data-seconds]")) {
    if (!timer.dataset.offset) timer.dataset.offset = String(timer.dataset.now ? Date.now() - Number(timer.dataset.now) : 0);
    const elapsed = (Date.now() - Number(timer.dataset.offset) - Number(timer.dataset.since)) / 1000;
    const left = Math.max(0, Math.ceil(Number(timer.dataset.seconds) - elapsed));
    timer.textContent = left > 0 ? say("secondsLeft", left) : say("timeUp");
    timer.classList.toggle("urgent", left <= 10);
  }
}, 250);

// A page given by a secret link (a draft board for the other team's captain, who has no
// account and so no live stream) reads itself again every few seconds and is renewed in
// place when the board changed, unless a choice is on its way.
const polled = document.querySelector("main[data-poll]");
if (polled && typeof fetch === "function") {
  setInterval(async () => {
    const shown = document.querySelector("main[data-poll]");
    if (!shown || boardBusy || document.hidden) return;
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" } });
      if (!response.ok) return;
      const next = new DOMParser().parseFromString(await response.text(), "text/html")
        .querySelector("main[data-poll]");
      const now = document.querySelector("main[data-poll]");
      if (!next || !now || boardBusy || next.dataset.version === now.dataset.version) return;
      const scrolled = document.getElementById("draft-grid")?.scrollTop ?? 0;
      now.replaceWith(document.adoptNode(next));
      const grid = document.getElementById("draft-grid");
      if (grid) grid.scrollTop = scrolled;
      setUp();
    } catch {
      // Tried again at the next turn.
    }
  }, 1000 * Number(polled.dataset.poll));
}

// Live: an open roster or player page follows the changes made anywhere (another browser,
// a script, the CLI), in place, through Server-Sent Events. Without JavaScript pages stay
// as they are.
if (document.querySelector("main[data-live]") && typeof EventSource === "function") {
  let waiting = null;
  const source = new EventSource("/api/events");
  source.addEventListener("change", (event) => followChange(JSON.parse(event.data)));
  source.addEventListener("reset", () => followChange({ changes: [] }));

  async function followChange(update) {
    // A form open in a sheet is never swept away: the page follows once it is closed.
    const open = document.querySelector("dialog[open]");
    if (open) {
      waiting = update;
      open.addEventListener("close", () => waiting && followChange(waiting), { once: true });
      return;
    }
    waiting = null;
    // A choice on its way: its answer renews the page; what it may not show is followed
    // after it (and skipped when it does).
    if (boardBusy) {
      document.addEventListener("board-idle", () => followChange(update), { once: true });
      return;
    }
    const main = document.querySelector("main[data-live]");
    // A page that shows this version already (the board answered in place) stays.
    if (main.dataset.version && update.version <= Number(main.dataset.version)) return;
    const response = await fetch(location.href, { headers: { Accept: "text/html" } });
    const said = update.changes.map((c) => say(c.kind, authorName(c.author), c.player, c.from || c.with, c.to)).join(say("separator"));
    if (response.status === 404 && main.dataset.player) {
      const removal = update.changes.find((c) => c.playerID === main.dataset.player);
      const status = main.querySelector("[role=status]") || main.insertAdjacentElement(
        "afterbegin", Object.assign(document.createElement("p"), { className: "status shown" }));
      status.setAttribute("role", "status");
      status.textContent = removal
        ? say("removedBy", removal.player, authorName(removal.author))
        : say("gone");
      status.append(Object.assign(document.createElement("a"), { href: "/", textContent: say("back") }));
      for (const control of document.querySelectorAll("main form, #edit-player")) control.remove();
      return;
    }
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = page.querySelector("main[data-live]");
    if (!next) return;
    // Answers may come back out of order: an older page never replaces a newer one.
    // The page shown now: another update (or the board) may have renewed it meanwhile.
    const shown = document.querySelector("main[data-live]");
    if (!shown || Number(next.dataset.version) < Number(shown.dataset.version)) return;
    // Focus stays on the same control in the renewed page (by id, or a link by its target).
    const focused = shown.contains(document.activeElement) ? document.activeElement : null;
    const href = focused?.getAttribute("href");
    const same = focused?.id ? "#" + CSS.escape(focused.id) : href ? `[href="${CSS.escape(href)}"]` : null;
    shown.replaceWith(document.adoptNode(next));
    // A button that became disabled (a row moved to the top) leaves focus on its neighbour.
    const target = same ? next.querySelector(same) : null;
    if (target?.disabled) target.parentElement.querySelector("button:not(:disabled)")?.focus();
    else target?.focus();
    // What was being typed there (a draft's search, say) is kept, and filters again.
    if (target && focused?.matches("input[type=search], input[type=text]")) {
      target.value = focused.value;
      setTimeout(() => target.dispatchEvent(new Event("input")));
    }
    // The edit sheet (outside <main>) holds the player's fields and version: renew it too.
    const fresh = page.getElementById("edit-dialog");
    const old = document.getElementById("edit-dialog");
    if (fresh && old) old.replaceWith(document.adoptNode(fresh));
    setUp();
    const status = next.querySelector("[role=status]");
    if (status && said) {
      status.textContent = say("updated", said);
      status.classList.add("shown");
    }
  }
}
