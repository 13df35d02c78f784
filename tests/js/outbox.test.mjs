// Nothing typed is lost (app/static/outbox.js): a save that could not reach the server waits in
// the phone's local storage, per link, and is sent again, oldest first and one at a time, once
// the server answers; every page of the link shares it. The page it is shown on, and Chromium's
// own storage and network, are tests/match/browser/test_offline_entry.py's.
import { afterEach, beforeEach, mock, test } from "node:test";
import assert from "node:assert/strict";

import { outbox } from "../../app/static/outbox.js";

const KEY = "squarescores.outbox.tok3n";

// A phone's local storage, which may be full or refused.
class Storage {
  constructor() { this.kept = new Map(); this.full = false; }
  getItem(key) { return this.kept.has(key) ? this.kept.get(key) : null; }
  setItem(key, value) {
    if (this.full) throw new Error("QuotaExceededError");
    this.kept.set(key, String(value));
  }
  removeItem(key) { this.kept.delete(key); }
}

let storage;
// The 10 s before a try again pass when a test says so (mock.timers.tick), never on their own.
beforeEach(() => {
  mock.timers.enable({ apis: ["setTimeout"] });
  storage = new Storage();
  globalThis.window = Object.assign(new EventTarget(), { localStorage: storage });
  Object.defineProperty(globalThis, "navigator", { value: {}, configurable: true, writable: true });
});
afterEach(() => mock.timers.reset());

// An outbox whose sends are answered as `answers` says, in turn ("landed" or "unreachable"),
// and whose page shows what waits: `sent` and `shown` record both.
function kept(answers = []) {
  const sent = [], shown = [];
  const box = outbox(KEY, (item) => {
    sent.push(item.url);
    return answers.shift() === "unreachable" ? Promise.reject(new Error("not now")) : Promise.resolve();
  }, (items) => shown.push(items.map((item) => item.url)));
  return { box, sent, shown };
}

function waiting() { return JSON.parse(storage.getItem(KEY) || "[]"); }

test("a save kept waits in local storage with what a person reads of it, and is shown", () => {
  const { box, shown } = kept();
  box.keep("/m/tok3n/round/1", [["s0", "12"], ["version", "4"]], [{ label: "Ana", value: "12" }]);
  const [item] = waiting();
  assert.equal(item.url, "/m/tok3n/round/1");
  assert.deepEqual(item.fields, [["s0", "12"], ["version", "4"]]);
  assert.deepEqual(item.values, [{ label: "Ana", value: "12" }]);
  assert.match(item.id, /^\d+-0\.\d+/);
  assert.deepEqual(shown, [["/m/tok3n/round/1"]]);
  assert.deepEqual(box.items(), waiting());
});

test("what waits is sent oldest first, one at a time, and goes once answered", async () => {
  const { box, sent, shown } = kept(["landed", "landed"]);
  box.keep("/first", [], []);
  box.keep("/second", [], []);
  await box.flush();
  assert.deepEqual(sent, ["/first", "/second"]);
  assert.equal(storage.getItem(KEY), null);
  assert.deepEqual(shown.at(-1), []);
});

test("a send that cannot get through stops the rest, keeps them, and tries again in 10 s", async () => {
  const { box, sent, shown } = kept(["unreachable", "landed", "landed"]);
  box.keep("/first", [], []);
  box.keep("/second", [], []);
  await box.flush();
  assert.deepEqual(sent, ["/first"]);
  assert.deepEqual(waiting().map((item) => item.url), ["/first", "/second"]);
  assert.deepEqual(shown.at(-1), ["/first", "/second"]);

  mock.timers.tick(9999);
  assert.deepEqual(sent, ["/first"]);
  mock.timers.tick(1);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(sent, ["/first", "/first", "/second"]);
  assert.deepEqual(waiting(), []);
});

test("a second flush while one is sending sends nothing twice", async () => {
  const { box, sent } = kept(["landed"]);
  box.keep("/first", [], []);
  const first = box.flush(), second = box.flush();
  await Promise.all([first, second]);
  assert.deepEqual(sent, ["/first"]);
});

test("an item kept while another is on its way is sent after it", async () => {
  let answer;
  const sent = [];
  const box = outbox(KEY, (item) => {
    sent.push(item.url);
    return item.url === "/first" ? new Promise((resolve) => { answer = resolve; }) : Promise.resolve();
  }, () => {});
  box.keep("/first", [], []);
  const flushing = box.flush();
  box.keep("/second", [], []);
  answer();
  await flushing;
  assert.deepEqual(sent, ["/first", "/second"]);
  assert.deepEqual(waiting(), []);
});

test("every page of the link takes its turn through one lock, named by the outbox", async () => {
  const asked = [];
  navigator.locks = { request: (name, then) => { asked.push(name); return then(); } };
  const { box, sent } = kept(["landed"]);
  box.keep("/first", [], []);
  await box.flush();
  assert.deepEqual(asked, [KEY]);
  assert.deepEqual(sent, ["/first"]);
});

test("the Wi-Fi back sends what waits", async () => {
  const { box, sent } = kept(["unreachable", "landed"]);
  box.keep("/first", [], []);
  await box.flush();
  window.dispatchEvent(new Event("online"));
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(sent, ["/first", "/first"]);
  assert.deepEqual(waiting(), []);
});

test("another tab's change to this link's outbox is shown here, another link's is not", () => {
  const { shown } = kept();
  storage.setItem(KEY, JSON.stringify([{ url: "/theirs", fields: [], values: [], id: "1" }]));
  window.dispatchEvent(Object.assign(new Event("storage"), { key: KEY }));
  window.dispatchEvent(Object.assign(new Event("storage"), { key: "squarescores.outbox.other" }));
  assert.deepEqual(shown, [["/theirs"]]);
});

test("storage that cannot be read is an empty outbox; one that is full still shows what waits", () => {
  storage.setItem(KEY, "{not json");
  const { box, shown } = kept();
  assert.deepEqual(box.items(), []);
  storage.removeItem(KEY);
  storage.full = true;
  box.keep("/first", [], [{ label: "Ana", value: "3" }]);
  assert.deepEqual(shown, [["/first"]]);
  assert.equal(storage.getItem(KEY), null);
});
