// The keys a phone's numeric keypad lacks: iOS's "decimal" and "numeric" keypads have no minus
// and no plus, and its "tel" one no minus. Each field that takes a negative number or a sum has
// a ± and a + beside it (.keys, hidden until this script runs: without it a keyboard types them).
// ± turns the sign of the number at the caret (-20, 10+15-5); + starts another number of a sum.
// What the keys do to the text is a module (keypad_signs.js, which node tests). This script stays
// a classic one, as each page with keys loads it (every game's own too), and imports it once.
(function () {
  "use strict";
  var signs = import("./keypad_signs.js");
  var last = null;  // the entry cell the sheet's shared keys act on: the one typed in last

  document.documentElement.classList.add("keypad");

  // The page's fields say so (data-keypad); a cell changed in place is made by the sheet's script.
  function keyed(element) {
    if (!element || !element.matches) return false;
    return element.matches("input[data-keypad]") ||
      (element.matches(".grid td input.score") && !element.closest("tr.entry"));
  }

  document.addEventListener("focusin", function (event) {
    if (!keyed(event.target)) return;
    if (event.target.hasAttribute("data-keypad")) last = event.target;
    else attachTo(event.target);
  });

  // A field made by a script gets keys of its own, copied from the page's (<template
  // id="keys">, in the page's language).
  function attachTo(field) {
    var template = document.getElementById("keys");
    var next = field.nextElementSibling;
    if (!template || (next && next.classList.contains("keys"))) return;
    field.after(template.content.firstElementChild.cloneNode(true));
  }

  function fieldOf(group) {
    var id = group.getAttribute("data-for");
    if (id) return document.getElementById(id);
    if (group.previousElementSibling && keyed(group.previousElementSibling)) {
      return group.previousElementSibling;
    }
    if (last && document.contains(last)) return last;
    return document.querySelector("input[data-keypad]");
  }

  // Where the caret is: a field never touched yet is typed at its end, and a selection (a cell
  // opened in place has its number selected) at the selection's end.
  function caret(field) {
    if (document.activeElement !== field && !field.hasAttribute("data-touched")) {
      return field.value.length;
    }
    return field.selectionEnd === null ? field.value.length : field.selectionEnd;
  }

  // A tap on a key leaves the keyboard up: the field keeps the focus.
  ["pointerdown", "mousedown"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var key = event.target.closest && event.target.closest(".keys button");
      if (key && keyed(document.activeElement)) event.preventDefault();
    });
  });

  document.addEventListener("click", function (event) {
    var key = event.target.closest && event.target.closest(".keys button[data-key]");
    if (!key) return;
    var field = fieldOf(key.closest(".keys"));
    if (!field) return;
    var at = caret(field), sign = key.getAttribute("data-key") === "sign";
    signs.then(function (keys) {
      var typed = sign ? keys.turnSign(field.value, at) : keys.plus(field.value, at);
      field.value = typed.text;
      field.setAttribute("data-touched", "");
      field.focus();
      field.setSelectionRange(typed.at, typed.at);
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });

  document.addEventListener("input", function (event) {
    if (keyed(event.target)) event.target.setAttribute("data-touched", "");
  });
})();
