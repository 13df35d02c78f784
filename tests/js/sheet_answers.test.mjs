// What the sheet makes of the server's answers (app/static/sheet_answers.js): a save's answer is
// the sheet, a refusal of the app's, or unreachable (kept and sent again); the live fragment is
// the sheet or a refresh that failed. Anything but the app's own page is never read as one.
import { test } from "node:test";
import assert from "node:assert/strict";

import { sheetAnswers } from "../../app/static/sheet_answers.js";
import { parseHTML } from "./fake_dom.mjs";

const HTML = { "Content-Type": "text/html; charset=utf-8" };
const STATE = '<div class="sheet-state" data-version="7" data-status="playing" data-focus="s1"></div>';
const SHEET_PAGE = `<main><div id="sheet">${STATE}<table></table></div></main>`;
const REFUSAL_PAGE = '<main><p class="error">Someone saved this cell first.</p></main>';

const page = parseHTML(`<div id="sheet">${STATE}</div>`);
const answers = sheetAnswers(page.getElementById("sheet"), parseHTML);

function answer(body, status = 200, headers = HTML) {
  return new Response(body, { status, headers });
}

test("the drawn sheet says its version and state, and a fresh one read says its own", () => {
  assert.equal(answers.drawn("version"), "7");
  assert.equal(answers.drawn("status"), "playing");
  assert.equal(answers.drawn("nothing-said"), "");
  const fresh = parseHTML('<div class="sheet-state" data-version="8"></div>').body;
  assert.equal(answers.drawn("version", fresh), "8");
  assert.equal(answers.drawn("version", parseHTML("<p></p>").body), "");
});

test("a save that landed is answered with the sheet as it now is, and where it took the page", async () => {
  const read = await answers.answerTo(answer(SHEET_PAGE));
  assert.equal(read.kind, "sheet");
  assert.equal(read.ok, true);
  assert.equal(answers.drawn("version", read.sheet), "7");
  assert.ok(read.page.querySelector("main"));
  assert.equal(read.url, "");
});

for (const status of [409, 412, 422]) {
  test(`a ${status} drawn on the sheet asks again on it, not saved`, async () => {
    const read = await answers.answerTo(answer(SHEET_PAGE, status));
    assert.equal(read.kind, "sheet");
    assert.equal(read.ok, false);
  });

  test(`a ${status} on a page of its own is a refusal, said from that page`, async () => {
    const read = await answers.answerTo(answer(REFUSAL_PAGE, status));
    assert.equal(read.kind, "refused");
    assert.equal(read.ok, false);
    assert.equal(read.page.querySelector(".error").textContent, "Someone saved this cell first.");
  });
}

// What a café's Wi-Fi, a proxy or a server that fell over answers: not saved, kept, sent again.
const NOT_THE_SERVERS = {
  "a server error": [SHEET_PAGE, 500],
  "a proxy's gateway error": ["<h1>502 Bad Gateway</h1>", 502],
  "too many requests": [SHEET_PAGE, 429],
  "a link that is gone": [REFUSAL_PAGE, 404],
  "a proxy's own error page": ["<html><body><h1>Forbidden</h1><p>Blocked.</p></body></html>", 403],
  "a Wi-Fi's sign-in page (200, HTML, no sheet)": ["<form><input name=\"room\"></form>", 200],
  "an empty body": ["", 200],
  "a body of spaces alone": ["  \n", 200],
  "JSON": ['{"version": 8}', 200, { "Content-Type": "application/json" }],
  "no type said": [SHEET_PAGE, 200, {}],
  "a sheet whose version is no number": ['<div id="sheet"><div class="sheet-state" data-version="x"></div></div>', 200],
};

for (const [what, [body, status, headers]] of Object.entries(NOT_THE_SERVERS)) {
  test(`${what} is unreachable`, async () => {
    assert.equal(await answers.answerTo(answer(body, status, headers)), answers.UNREACHABLE);
  });
}

test("HTML is told by its type in any case", async () => {
  const read = await answers.answerTo(answer(SHEET_PAGE, 200, { "Content-Type": "TEXT/HTML" }));
  assert.equal(read.kind, "sheet");
});

test("the live fragment is the sheet's new drawing, wrapped as the page's #sheet", async () => {
  const fresh = await answers.fragmentIn(answer(`${STATE}<table></table>`));
  assert.equal(fresh.id, "sheet");
  assert.equal(answers.drawn("version", fresh), "7");
  assert.ok(fresh.querySelector("table"));
});

test("any other answer to the fragment is a refresh that failed, tried again later", async () => {
  for (const [body, status, headers] of [[STATE, 500], [STATE, 429], ["<p>Sign in</p>", 200],
                                         [STATE, 200, { "Content-Type": "application/json" }]]) {
    await assert.rejects(answers.fragmentIn(answer(body, status, headers)), /not the sheet/);
  }
});
