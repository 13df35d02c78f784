// Times the server writes in UTC, shown in the phone's own zone and the page's language
// (app/static/times.js), with Western digits in every language as the server writes numbers.
import { afterEach, test } from "node:test";
import assert from "node:assert/strict";

import { localTime, localTimes } from "../../app/static/times.js";
import { Document, parseHTML } from "./fake_dom.mjs";

const EVENING = "2026-03-01T18:30:00+00:00";  // as the server writes it (details.py's `when`)
const ZONE = process.env.TZ;

function inZone(zone) { process.env.TZ = zone; }
afterEach(() => { if (ZONE === undefined) delete process.env.TZ; else process.env.TZ = ZONE; });

test("a time, a date or both, in the phone's zone", () => {
  inZone("Europe/Berlin");
  assert.equal(localTime(EVENING, "time", "de"), "19:30");
  assert.equal(localTime(EVENING, "date", "de"), "01.03.2026");
  assert.equal(localTime(EVENING, "", "de"), "01.03.2026, 19:30");
});

test("the day is the phone's: past midnight in Tokyo it is the next one", () => {
  inZone("Asia/Tokyo");
  assert.equal(localTime(EVENING, "moment", "de"), "02.03.2026, 03:30");
});

test("an Arabic page says it with Western digits, as the server writes numbers", () => {
  inZone("Europe/Berlin");
  for (const local of ["time", "date", "moment"]) {
    const said = localTime(EVENING, local, "ar");
    assert.doesNotMatch(said, /[\u0660-\u0669\u06f0-\u06f9]/, said);
    assert.match(said, local === "date" ? /2026/ : /7:30/, said);
  }
});

test("what is no moment is left as the server wrote it", () => {
  assert.equal(localTime("yesterday", "time", "en"), null);
  assert.equal(localTime("", "date", "en"), null);
});

test("a page's times are shown once each, in its language, and what is no moment is left", () => {
  inZone("Europe/Berlin");
  globalThis.document = new Document("de");
  const page = parseHTML(
    `<p><time datetime="${EVENING}" data-local="time">18:30</time>` +
    '<time datetime="soon" data-local="time">later</time>' +
    `<time datetime="${EVENING}">1 March</time></p>`);
  localTimes(page);
  const [shown, left, untouched] = page.querySelectorAll("time");
  assert.equal(shown.textContent, "19:30");
  assert.equal(shown.hasAttribute("data-local"), false);
  assert.equal(left.textContent, "later");
  assert.equal(untouched.textContent, "1 March");
});
