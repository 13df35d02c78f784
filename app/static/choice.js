// A save that lost a race, offered as a choice: the server's .conflict (what each phone typed,
// "yours 7, saved 5", and one tap to keep either) shown above the page it came back to, where a
// refresh of the sheet leaves it be, until one of its choices is tapped.

// notes: where the page's notices go; send(form): saves a choice's form the way the page
// saves its own (and keeps it if the server cannot be reached).
export function choices(notes, send) {
  // Takes the choice out of `root` (an answer's page or sheet) and shows it; false if it asks
  // none. A newer choice for the same save takes the place of the one shown.
  function take(root) {
    var asked = root.querySelector(".conflict");
    if (!asked) return false;
    asked.remove();
    notes.querySelectorAll(".conflict").forEach(function (shown) { shown.remove(); });
    var shown = document.importNode(asked, true);
    notes.appendChild(shown);
    // Above the page, where it is shown, with the page's own head in sight.
    window.scrollTo({ top: 0 });
    var first = shown.querySelector("button, a");
    if (first) first.focus({ preventScroll: true });
    return true;
  }

  // Keeping the saved value drops what was typed: the choice goes, nothing is sent.
  notes.addEventListener("click", function (event) {
    var link = event.target.closest(".conflict a.keep-saved");
    if (!link) return;
    event.preventDefault();
    link.closest(".conflict").remove();
  });

  notes.addEventListener("submit", function (event) {
    var form = event.target, asked = form.closest(".conflict");
    if (!asked) return;
    event.preventDefault();
    asked.remove();
    send(form);
  });

  return { take: take };
}
