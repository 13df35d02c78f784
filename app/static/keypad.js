// The keys a phone's numeric keypad lacks: iOS's "decimal" and "numeric" keypads have no minus
// and no plus, and its "tel" one no minus. Each field that takes a negative number or a sum has
// a ± and a + beside it (.keys, hidden until this script runs: without it a keyboard types them).
// ± turns the sign of the number at the caret (-20, 10+15-5); + starts another number of a sum.
(function () {
  "use strict";
  var SIGNS = "+-\u2212\u2013\uff0b\uff0d";
  // The marks an Arabic phone writes before a sign: invisible, they belong to the sign.
  var MARKS = "\u061c\u200e\u200f";
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

  function isSign(character) { return SIGNS.indexOf(character) >= 0; }

  // The sign of the number the caret is in (or just after, or of the sign just typed): "-" for
  // "+" and back; a first number without one gets "-", and a first "-" goes.
  function turnSign(text, at) {
    var sign = at - 1;
    while (sign >= 0 && !isSign(text[sign])) sign--;
    if (sign < 0) {
      var start = 0;
      while (start < text.length && (MARKS.indexOf(text[start]) >= 0 || /\s/.test(text[start]))) start++;
      // The caret before the first number's own sign: that sign is the one to turn.
      if (isSign(text[start])) return turnSign(text, start + 1);
      return { text: text.slice(0, start) + "-" + text.slice(start), at: at + 1 };
    }
    var before = text.slice(0, sign).replace(new RegExp("[\\s" + MARKS + "]+$"), "");
    var minus = text[sign] !== "+" && text[sign] !== "\uff0b";
    if (!before && minus) {
      var from = text.slice(0, sign).length;
      return { text: text.slice(0, from) + text.slice(sign + 1), at: Math.max(from, at - 1) };
    }
    return { text: text.slice(0, sign) + (minus ? "+" : "-") + text.slice(sign + 1), at: at };
  }

  // A "+" at the caret; one just after another sign takes its place.
  function plus(text, at) {
    if (at > 0 && isSign(text[at - 1])) {
      return { text: text.slice(0, at - 1) + "+" + text.slice(at), at: at };
    }
    return { text: text.slice(0, at) + "+" + text.slice(at), at: at + 1 };
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
    var at = caret(field);
    var typed = key.getAttribute("data-key") === "sign" ? turnSign(field.value, at) : plus(field.value, at);
    field.value = typed.text;
    field.setAttribute("data-touched", "");
    field.focus();
    field.setSelectionRange(typed.at, typed.at);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });

  document.addEventListener("input", function (event) {
    if (keyed(event.target)) event.target.setAttribute("data-touched", "");
  });
})();
