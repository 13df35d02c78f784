// What a person types into a cell, read as the server reads it (app/web/arithmetic.py): a whole
// number or a quick sum. tests/arithmetic_cases.json holds the cases both must answer alike.
(function () {
  "use strict";
  // Python's whitespace (str.isspace), which is not quite JavaScript's \s.
  var SPACE = "[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
  var DIGIT = "\\p{Nd}";  // any script's digits, as Python's \d and int() take them
  var SIGNS = { "\u2212": "-", "\u2013": "-", "\u2014": "-", "\uff0d": "-", "\uff0b": "+" };
  var EDGES = new RegExp("^" + SPACE + "+|" + SPACE + "+$", "gu");
  var DECIMAL = new RegExp(DIGIT + SPACE + "*[.,]" + SPACE + "*" + DIGIT, "u");
  var TOO_LONG = new RegExp(DIGIT + "{13}", "u");
  var TERM = new RegExp(SPACE + "*([+-]?)" + SPACE + "*(" + DIGIT + "{1,12})" + SPACE + "*", "uy");
  var ONE_DIGIT = new RegExp("^" + DIGIT + "$", "u");

  // Unicode keeps each script's digits in runs of ten, zero first: a digit is its place in its run.
  function digitValue(character) {
    var code = character.codePointAt(0), place = 0;
    while (ONE_DIGIT.test(String.fromCodePoint(code - place - 1))) place++;
    return place % 10;
  }

  // {value, terms} for a whole number or a sum; {error} with the server's sentence otherwise.
  function evaluate(text) {
    text = text.replace(/[\u2212\u2013\u2014\uff0d\uff0b]/g, function (sign) { return SIGNS[sign]; })
      .replace(EDGES, "");
    if (!text) return { error: "Type a number." };
    if (DECIMAL.test(text)) return { error: "Whole numbers only, without decimal points or separators." };
    if (TOO_LONG.test(text)) return { error: "That number is too long for a score." };
    var total = 0, terms = 0, match;
    TERM.lastIndex = 0;
    while (TERM.lastIndex < text.length) {
      match = TERM.exec(text);
      if (!match || (terms && !match[1])) return { error: "Type a whole number, or a sum like 10+15-5." };
      var value = Array.from(match[2]).reduce(function (sum, d) { return sum * 10 + digitValue(d); }, 0);
      total += match[1] === "-" ? -value : value;
      terms += 1;
    }
    return { value: total, terms: terms };
  }

  window.SquareScores = Object.assign(window.SquareScores || {}, { evaluate: evaluate });
})();
