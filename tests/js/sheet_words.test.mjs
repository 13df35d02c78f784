// What the sheet says in the page's own words (app/static/sheet_words.js): a sentence of the
// page's with its names filled in, a notice above the sheet, what was typed and not saved.
import { test } from "node:test";
import assert from "node:assert/strict";

import { sheetWords } from "../../app/static/sheet_words.js";
import { element, parseHTML } from "./fake_dom.mjs";

// A #sheet as the server draws it: its sentences (a German page's here), and a row of fields.
function drawn() {
  const sheet = element("div", { id: "sheet" }, {
    "data-say-item": "%(label)s: %(value)s",
    "data-say-cell": "Runde %(number)s, %(name)s",
    "data-say-waiting": "Wartet auf das Senden:",
    "data-say-not-saved": "Nicht gespeichert: %(reason)s",
  });
  for (const [id, label, value, typed] of [["s0", "Ana", "", "12"], ["s1", "Ben", "", ""],
                                           ["s2", "Cy", "7", "7"]]) {
    sheet.appendChild(element("input", { className: "score", id, value: typed, defaultValue: value },
                              { "aria-label": `Runde 1, ${label}` }));
  }
  return sheet;
}

test("a sentence is the page's, its names filled in, each isolated in its own <bdi>", () => {
  const said = sheetWords(drawn()).say("cell", { number: 3, name: "\u0639\u0644\u064a" });
  const names = said.childNodes.filter((node) => node.tagName === "BDI");
  assert.equal(said.textContent, "Runde 3, \u0639\u0644\u064a");
  assert.deepEqual(names.map((bdi) => bdi.textContent), ["3", "\u0639\u0644\u064a"]);
});

test("a number or a sum reads left to right in every language, and a name as it is", () => {
  const said = sheetWords(drawn()).say("item", { label: "Ana", value: "10+5" });
  const [label, value] = said.childNodes.filter((node) => node.tagName === "BDI");
  assert.equal(value.dir, "ltr");
  assert.equal(label.dir, undefined);
  assert.equal(sheetWords(drawn()).say("item", { label: "Ana", value: "\u221220" })
    .childNodes.at(-1).dir, "ltr");
});

test("a name not given is said empty, and a sentence the page lacks says nothing", () => {
  const words = sheetWords(drawn());
  assert.equal(words.say("not-saved").textContent, "Nicht gespeichert: ");
  assert.equal(words.say("no-such-sentence").textContent, "");
});

test("a notice is a status, an error's an alert, with what was typed listed", () => {
  const words = sheetWords(drawn());
  const waiting = words.note("waiting-note", words.say("waiting"),
                             [{ label: "Runde 1, Ana", value: "12" }, { label: "Runde 1, Ben", value: "3+4" }]);
  assert.equal(waiting.className, "flash waiting-note");
  assert.equal(waiting.getAttribute("role"), "status");
  assert.equal(waiting.querySelector("p").textContent, "Wartet auf das Senden:");
  assert.deepEqual(waiting.querySelectorAll("li").map((li) => li.textContent),
                   ["Runde 1, Ana: 12", "Runde 1, Ben: 3+4"]);

  const refused = words.note("flash-error", words.say("not-saved", { reason: "Zu lang." }));
  assert.equal(refused.getAttribute("role"), "alert");
  assert.equal(refused.querySelector("ul"), null);
});

test("what this person typed is each field changed from the page's, with its label", () => {
  const words = sheetWords(drawn());
  const typed = words.typed();
  assert.deepEqual(typed.map((input) => input.id), ["s0"]);
  assert.deepEqual(words.asTyped(typed), [{ label: "Runde 1, Ana", value: "12" }]);
});

test("a part's form says its sentences as the sheet does (entry.js)", () => {
  const form = parseHTML('<form data-outbox="t" data-say-waiting="Waiting:"></form>').querySelector("form");
  assert.equal(sheetWords(form).say("waiting").textContent, "Waiting:");
});
