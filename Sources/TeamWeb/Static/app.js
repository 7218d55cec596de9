// Progressive enhancement only: every action also works without JavaScript.
"use strict";

// "+" opens the add-player form as a modal sheet instead of a page.
const addButton = document.getElementById("add-player");
const addDialog = document.getElementById("add-dialog");
if (addButton && addDialog && typeof addDialog.showModal === "function") {
  addButton.addEventListener("click", (event) => {
    event.preventDefault();
    addDialog.showModal();
    document.getElementById("name")?.focus();
  });
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

// Cancel buttons inside a dialog close it.
for (const control of document.querySelectorAll("dialog [data-close]")) {
  control.addEventListener("click", (event) => {
    event.preventDefault();
    control.closest("dialog").close();
  });
}

// The image field shows a live preview of the picture it names.
const imageInput = document.getElementById("image");
const imagePreview = document.getElementById("image-preview");
if (imageInput && imagePreview) {
  const valid = /^[a-z0-9_-][a-z0-9_.-]{0,63}$/;
  imageInput.addEventListener("input", () => {
    const name = imageInput.value.trim() || "player_default";
    imagePreview.src = "/images/" + (valid.test(name) ? name : "player_default");
  });
}
