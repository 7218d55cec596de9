// Progressive enhancement only: every action also works without JavaScript.
"use strict";

// A link that opens a form as a modal sheet instead of a page.
function opensSheet(linkId, dialogId) {
  const link = document.getElementById(linkId);
  const dialog = document.getElementById(dialogId);
  if (!link || !dialog || typeof dialog.showModal !== "function") return;
  link.addEventListener("click", (event) => {
    event.preventDefault();
    dialog.showModal();
    dialog.querySelector("input[type=text]")?.focus();
  });
}
opensSheet("add-player", "add-dialog");
opensSheet("edit-player", "edit-dialog");

// A refused form comes back open, as a sheet: make it modal; focus is on the first error.
for (const dialog of document.querySelectorAll("dialog[data-refused]")) {
  if (typeof dialog.showModal !== "function") continue;
  dialog.close();
  dialog.showModal();
  dialog.querySelector("[autofocus]")?.focus();
}

// "Delete player" asks in a dialog instead of on a confirmation page.
for (const form of document.querySelectorAll("form[data-confirm]")) {
  const dialog = document.getElementById(form.dataset.confirm);
  if (!dialog || typeof dialog.showModal !== "function") continue;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    dialog.showModal();
  });
}

// Cancel closes the sheet and clears what was typed. A refused form came with the user's
// input as its values: going back to the roster clears it.
for (const control of document.querySelectorAll("dialog [data-close]")) {
  control.addEventListener("click", (event) => {
    const dialog = control.closest("dialog");
    if (dialog.hasAttribute("data-refused")) return;  // the link leads to the roster
    event.preventDefault();
    dialog.querySelector("form")?.reset();
    dialog.close();
  });
}

// The image field shows a live preview of the picture it names.
for (const imageInput of document.querySelectorAll("input[name=image]")) {
  const preview = imageInput.closest("form").querySelector("#image-preview");
  if (!preview) continue;
  const valid = /^[a-z0-9_-][a-z0-9_.-]{0,63}$/;
  const update = () => {
    const name = imageInput.value.trim() || "player_default";
    preview.src = "/images/" + (valid.test(name) ? name : "player_default");
  };
  imageInput.addEventListener("input", update);
  imageInput.closest("form").addEventListener("reset", () => setTimeout(update));
}

// Drag and drop within "Starting five" or "Substitutes" puts the roster in the new order
// (PUT /api/roster/order); "Move up" and "Move down" do the same without a mouse.
const main = document.querySelector("main[data-order-etag]");
let dragged = null;
for (const item of document.querySelectorAll(".roster[data-lineup] > li[data-id]")) {
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

async function saveOrder() {
  const shown = [...document.querySelectorAll(".roster[data-lineup] > li[data-id]")]
    .map((item) => item.dataset.id);
  const current = await fetch("/api/roster/order");
  const etag = current.headers.get("ETag");
  if (!current.ok || etag !== main.dataset.orderEtag) return location.reload();
  // The players shown take, in their new order, the places they had in the whole roster.
  const order = await current.json();
  const places = order.map((id, index) => (shown.includes(id) ? index : -1))
    .filter((index) => index >= 0);
  places.forEach((place, index) => { order[place] = shown[index]; });
  const saved = await fetch("/api/roster/order", {
    method: "PUT",
    headers: { "Content-Type": "application/json", "If-Match": etag },
    body: JSON.stringify(order),
  });
  if (!saved.ok) {
    const status = document.getElementById("status");
    if (status) status.textContent = "The order was not saved: the roster changed meanwhile.";
    setTimeout(() => location.reload(), 3000);
    return;
  }
  location.reload();
}
