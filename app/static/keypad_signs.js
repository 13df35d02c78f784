// What the keypad's ± and + keys do to a field's text (keypad.js taps them): pure, a module node
// tests (tests/js/keypad_signs.test.mjs). `at` is the caret; each answers the new text and caret.
var SIGNS = "+-\u2212\u2013\uff0b\uff0d";
// The marks an Arabic phone writes before a sign: invisible, they belong to the sign.
var MARKS = "\u061c\u200e\u200f";

function isSign(character) { return SIGNS.indexOf(character) >= 0; }

// The sign of the number the caret is in (or just after, or of the sign just typed): "-" for
// "+" and back; a first number without one gets "-", and a first "-" goes.
export function turnSign(text, at) {
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
export function plus(text, at) {
  if (at > 0 && isSign(text[at - 1])) {
    return { text: text.slice(0, at - 1) + "+" + text.slice(at), at: at };
  }
  return { text: text.slice(0, at) + "+" + text.slice(at), at: at + 1 };
}
