// What a cell takes, as the page reads it (app/static/arithmetic.js): every case of the table the
// server answers too (tests/arithmetic_cases.json, tests/test_arithmetic.py), and a sum's value
// shown beside the field it is typed into. That it reads any other text as the server does is
// checked at the end of tests/test_arithmetic.py, which asks Python and this module alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { evaluate, showSum, showSums } from "../../app/static/arithmetic.js";
import { element } from "./fake_dom.mjs";

const TABLE = JSON.parse(readFileSync(new URL("../arithmetic_cases.json", import.meta.url), "utf8"));

// What the page makes of a text: a number or the server's sentence, as the table writes them.
function read(text, halves) {
  const reading = evaluate(text, halves);
  return "error" in reading ? reading.error : reading.value;
}

for (const [table, halves] of [["cases", false], ["halves", true]]) {
  for (const [name, cases] of Object.entries(TABLE[table])) {
    test(`${table}: ${name}`, () => {
      for (const [text, answer] of Object.entries(cases)) {
        assert.equal(read(text, halves), answer, JSON.stringify(text));
      }
    });
  }
}

test("a sum counts its terms, a number is one", () => {
  assert.deepEqual(evaluate("10+15-5"), { value: 20, terms: 3 });
  assert.deepEqual(evaluate("-7"), { value: -7, terms: 1 });
  assert.deepEqual(evaluate("36,5+0.5", true), { value: 37, terms: 2 });
});

// The field as the sheet draws it: in its cell, beside nothing yet.
function field(value, defaultValue = "") {
  const cell = element("td");
  const input = element("input", { className: "score", value, defaultValue });
  cell.appendChild(input);
  return { cell, input };
}

test("a sum typed is shown with its value beside the field, for a screen reader too", () => {
  const { cell, input } = field("10\uff0d5");
  showSum(input);
  const shown = cell.querySelector(".preview");
  assert.equal(shown.textContent, "= 5");
  assert.equal(shown.getAttribute("aria-live"), "polite");
  assert.equal(cell.children.indexOf(shown), cell.children.indexOf(input) + 1);
});

test("a number alone, or text that is no sum, shows nothing, and takes back what a sum showed", () => {
  const { cell, input } = field("12");
  showSum(input);
  assert.equal(cell.querySelector(".preview"), null);
  input.value = "12+3";
  showSum(input);
  input.value = "12+";
  showSum(input);
  assert.equal(cell.querySelector(".preview").textContent, "");
});

test("every field typed into since the page was drawn shows its sum, and no other", () => {
  const root = element("tr");
  const typed = field("1+2"), untouched = field("3+4", "3+4");
  root.appendChild(typed.cell);
  root.appendChild(untouched.cell);
  showSums(root);
  assert.equal(typed.cell.querySelector(".preview").textContent, "= 3");
  assert.equal(untouched.cell.querySelector(".preview"), null);
});
