// What the keypad's ± and + keys do to a field's text (app/static/keypad_signs.js): ± turns the
// sign of the number at the caret, + starts another number of a sum. The keys on the page, a tap
// keeping the keyboard up, are tests/match/browser/test_phone_keypad.py's.
import { test } from "node:test";
import assert from "node:assert/strict";

import { evaluate } from "../../app/static/arithmetic.js";
import { plus, turnSign } from "../../app/static/keypad_signs.js";

// A field's text with its caret as "|": "10+1|5".
function typed(shown) { return [shown.replace("|", ""), shown.indexOf("|")]; }
function shown(answer) { return answer.text.slice(0, answer.at) + "|" + answer.text.slice(answer.at); }

const TURNED = {
  "a first number gets a minus": ["20|", "-20|"],
  "an empty field gets one, to type the number after": ["|", "-|"],
  "a first minus goes": ["-20|", "20|"],
  "with the caret before it too": ["|-20", "|20"],
  "or on it": ["-|20", "|20"],
  "the number the caret is in": ["10+1|5", "10-1|5"],
  "a later minus is a plus": ["10-15|", "10+15|"],
  "any minus a phone types": ["10\u221215|", "10+15|"],
  "a full-width plus is a plus": ["10\uff0b15|", "10-15|"],
  "the first number of a sum": ["1|0+15", "-1|0+15"],
  "spaces before a first number stay before its sign": ["  5|", "  -5|"],
  "the sign just typed": ["10+|", "10-|"],
};

for (const [what, [before, after]] of Object.entries(TURNED)) {
  test(`±: ${what}`, () => {
    assert.equal(shown(turnSign(...typed(before))), after);
  });
}

test("±: the minus an Arabic phone writes (a mark and a sign) goes, and the number reads positive", () => {
  const answer = turnSign("\u061c-\u0662\u0660", 4);
  assert.equal(evaluate(answer.text).value, 20);
  assert.equal(evaluate(turnSign(answer.text, answer.at).text).value, -20);
});

const PLUSSED = {
  "starts another number": ["10|", "10+|"],
  "takes the place of a sign just typed": ["10-|", "10+|"],
  "goes where the caret is": ["10|5", "10+|5"],
};

for (const [what, [before, after]] of Object.entries(PLUSSED)) {
  test(`+: ${what}`, () => {
    assert.equal(shown(plus(...typed(before))), after);
  });
}

test("± twice at the end of any sum gives it back, once negates its last number", () => {
  for (const sum of ["7", "-7", "10+15-5", "10-15+5", "1+2+3", "\u0661\u0660-\u0665"]) {
    const once = turnSign(sum, sum.length), twice = turnSign(once.text, once.at);
    assert.equal(evaluate(twice.text).value, evaluate(sum).value, sum);
    const last = Number(evaluate(sum.replace(/^.*(?=[+-]\S+$)/, "")).value);
    assert.equal(evaluate(once.text).value, evaluate(sum).value - 2 * last, sum);
  }
});
