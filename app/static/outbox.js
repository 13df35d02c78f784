// Nothing typed is lost: a save that could not reach the server waits on this phone (local
// storage, per link) and is sent again, with the version it was typed at, once the server answers.
var RETRY_MS = 10000;

// key: the storage key; send(item) posts one and answers a promise that rejects only when
// it neither landed nor was refused (no answer, or one that is not the server's sheet or
// refusal: sheet.js reads it); show(items) says on the page what waits.
export function outbox(key, send, show) {
  // What the outbox is doing, all of it here (what waits is in local storage): `sending`, one
  // item is on its way; `retry`, the timer of the next try after one could not get through.
  var now = { sending: false, retry: null };

  function read() {
    try { return JSON.parse(window.localStorage.getItem(key) || "[]") || []; }
    catch (error) { return []; }
  }

  function write(items) {
    try {
      if (items.length) window.localStorage.setItem(key, JSON.stringify(items));
      else window.localStorage.removeItem(key);
    } catch (error) { /* storage full or refused: the page still shows what waits */ }
    show(items);
  }

  // url, fields ([name, value] pairs, without the CSRF token), and what a person reads of
  // it: the values typed, each with its field's label.
  function keep(url, fields, values) {
    var items = read();
    items.push({ url: url, fields: fields, values: values, id: Date.now() + "-" + Math.random() });
    write(items);
  }

  // Sends what waits, oldest first, one at a time; stops at the first that cannot get through.
  // Every page of the link (the sheet, a hand's page, in any tab) keeps in the same outbox:
  // one of them sends at a time, each reading what still waits once its turn comes, so that
  // nothing is sent twice.
  function flush() {
    if (now.sending) return Promise.resolve();
    if (!(navigator.locks && navigator.locks.request)) return flushNow();
    return navigator.locks.request(key, flushNow);
  }

  function flushNow() {
    if (now.sending) return Promise.resolve();
    var items = read();
    if (!items.length) { show(items); return Promise.resolve(); }
    now.sending = true;
    var item = items[0];
    return send(item).then(function () {
      // Answered (landed, merged or asked): it no longer waits, whatever the answer said.
      write(read().filter(function (other) { return other.id !== item.id; }));
      now.sending = false;
      return flushNow();
    }, function () {
      now.sending = false;
      show(read());
      // A dropped Wi-Fi does not always say when it is back: try again now and then too.
      clearTimeout(now.retry);
      now.retry = setTimeout(flush, RETRY_MS);
    });
  }

  window.addEventListener("online", flush);
  // Another tab of the same link sent or kept something.
  window.addEventListener("storage", function (event) { if (event.key === key) show(read()); });
  return { keep: keep, flush: flush, items: read };
}
