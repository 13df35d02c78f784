// What a person types into a cell, read as the server reads it (app/web/sheet/arithmetic.py): a
// whole number or a quick sum (with a half, like 36.5, where a half is allowed), in any script's
// digits; a sum's value is shown beside the cell it is typed into (showSum).
// tests/arithmetic_cases.json holds the cases both must answer alike (tests/js/arithmetic.test.mjs
// here, tests/test_arithmetic.py there). A module: the sheet (sheet.js) and node import it.

// Python's whitespace (str.isspace), which is not quite JavaScript's \s.
var SPACE = "[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
var DIGIT = "\\p{Nd}";  // any script's digits, as Python's \d and int() take them
var SIGNS = { "\u2212": "-", "\u2013": "-", "\u2014": "-", "\uff0d": "-", "\uff0b": "+" };
// The marks an Arabic phone writes before a sign ("\u061c-", "\u200f-"): invisible, dropped.
var MARKS = /[\u061c\u200e\u200f]/g;
var EDGES = new RegExp("^" + SPACE + "+|" + SPACE + "+$", "gu");
// A decimal mark: "." or "," (German), "\u066b" (Arabic); "\u066c" is Arabic's thousands one.
var FRACTION = new RegExp(DIGIT + "(" + SPACE + "*)([.,\u066b\u066c])(" + SPACE + "*)(" +
  DIGIT + "+)", "gu");
var TOO_LONG = new RegExp(DIGIT + "{13}", "u");
var TERM = new RegExp(SPACE + "*([+-]?)" + SPACE + "*(" + DIGIT + "{1,12})" + SPACE + "*", "uy");
var HALF_TERM = new RegExp(SPACE + "*([+-]?)" + SPACE + "*(" + DIGIT + "{1,12})(?:[.,\u066b](" +
  DIGIT + "))?" + SPACE + "*", "uy");
var ONE_DIGIT = new RegExp("^" + DIGIT + "$", "u");
var SAY = {
  typeANumber: "Type a number.",
  wholeOnly: "Whole numbers only, without decimal points or separators.",
  halvesOnly: "Whole or half points only, like 36.5, without separators.",
  tooLong: "That number is too long for a score.",
  likeASum: "Type a whole number, or a sum like 10+15-5."
};

// Unicode keeps each script's digits in runs of ten, zero first: a digit is its place in its run.
function digitValue(character) {
  var code = character.codePointAt(0), place = 0;
  while (ONE_DIGIT.test(String.fromCodePoint(code - place - 1))) place++;
  return place % 10;
}

function numberOf(digits) {
  return Array.from(digits).reduce(function (sum, d) { return sum * 10 + digitValue(d); }, 0);
}

// {value, terms} for a number or a sum; {error} with the server's sentence otherwise.
export function evaluate(text, halves) {
  text = text.replace(MARKS, "")
    .replace(/[\u2212\u2013\u2014\uff0d\uff0b]/g, function (sign) { return SIGNS[sign]; })
    .replace(EDGES, "");
  if (!text) return { error: SAY.typeANumber };
  var fractions = Array.from(text.matchAll(FRACTION));
  for (var i = 0; i < fractions.length; i++) {
    var fraction = fractions[i];
    if (!halves) return { error: SAY.wholeOnly };
    // A half is one digit after the mark: "1,000" or "1.000" is a thousand somewhere.
    if (fraction[1] || fraction[3] || fraction[2] === "\u066c" ||
        Array.from(fraction[4]).length !== 1 || [0, 5].indexOf(numberOf(fraction[4])) < 0) {
      return { error: SAY.halvesOnly };
    }
  }
  if (TOO_LONG.test(text)) return { error: SAY.tooLong };
  var term = halves ? HALF_TERM : TERM, total = 0, terms = 0, match;
  term.lastIndex = 0;
  while (term.lastIndex < text.length) {
    match = term.exec(text);
    if (!match || (terms && !match[1])) return { error: SAY.likeASum };
    var half = halves && match[3] !== undefined && numberOf(match[3]) === 5;
    var value = numberOf(match[2]) * 2 + (half ? 1 : 0);
    total += match[1] === "-" ? -value : value;
    terms += 1;
  }
  return { value: total / 2, terms: terms };
}

// A sum typed into a score field, its value shown beside it ("= 12"): only a sum is worth
// showing, and the server's reading of it is the answer.
export function showSum(input) {
  var reading = evaluate(input.value);
  var text = reading.terms > 1 ? "= " + reading.value : "";
  var shown = input.parentNode.querySelector(".preview");
  if (!shown && !text) return;
  if (!shown) {
    shown = document.createElement("span");
    shown.className = "preview";
    shown.setAttribute("aria-live", "polite");
    input.insertAdjacentElement("afterend", shown);
  }
  shown.textContent = text;
}

// Every score field under `root` typed into since the page was drawn.
export function showSums(root) {
  root.querySelectorAll("input.score").forEach(function (input) {
    if (input.value !== input.defaultValue) showSum(input);
  });
}
