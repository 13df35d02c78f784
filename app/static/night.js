// A game night's pages, live through the night's one event stream (SPEC section 7):
// - #night-live (the owner's page, the big screen): the part that moves, fetched again at
//   each new version;
// - #night-follow (a player's sheet or waiting page): asks where the player sits now and goes
//   there by itself when a seating starts;
// - data-wake="on" (the big screen): keeps the screen on where the browser allows (Screen Wake
//   Lock), and says how otherwise, until the night has ended; and where more tables play than
//   the screen holds (eight), shows them eight at a time, in turns.
(function () {
  "use strict";
  var POLL_MS = 2000;

  function follow(url, onVersion) {
    var last = null;
    function changed(version) {
      if (version === last) return;
      last = version;
      onVersion(version);
    }
    if (window.EventSource) {
      var source = new EventSource(url);
      source.addEventListener("version", function (event) {
        try { changed(String(JSON.parse(event.data).version)); } catch (error) { /* cut short */ }
      });
      source.addEventListener("error", function () {
        if (source.readyState === EventSource.CLOSED) setInterval(function () { onVersion(null); }, POLL_MS);
      });
    } else {
      setInterval(function () { onVersion(null); }, POLL_MS);
    }
  }

  var live = document.getElementById("night-live");
  if (live) {
    // One fetch at a time; news that comes meanwhile fetches once more when it is done.
    var busy = false, again = false;
    var refresh = function (version) {
      if (version !== null && version === live.getAttribute("data-version")) return;
      if (busy) { again = true; return; }
      busy = true;
      fetch(live.getAttribute("data-live-url"), { cache: "no-store" }).then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      }).then(function (html) {
        live.innerHTML = html;
        if (version !== null) live.setAttribute("data-version", version);
        shown();
      }).catch(function () { /* the next event tries again */ }).then(function () {
        busy = false;
        if (again) { again = false; refresh(null); }
      });
    };
    follow(live.getAttribute("data-events-url"), refresh);
  }

  var here = document.getElementById("night-follow");
  if (here) {
    follow(here.getAttribute("data-events-url"), function () {
      fetch(here.getAttribute("data-where-url"), { cache: "no-store" }).then(function (response) {
        return response.ok ? response.json() : null;
      }).then(function (where) {
        // The night over: nothing moves this phone any more, and its note says no more so.
        if (where && where.ended) { here.remove(); return; }
        if (where && where.url && where.url !== window.location.pathname) window.location.assign(where.url);
      }).catch(function () { /* the link stays: one tap */ });
    });
  }

  // What the big screen does with what it was just given: the night's end lets the screen
  // sleep again; tables past eight take turns.
  var TURN_MS = 10000;
  var turn = 0;
  function ended() {
    return Boolean(live && live.querySelector("[data-ended='yes']"));
  }
  function shown() {
    if (!live || live.getAttribute("data-wake") !== "on") return;
    if (ended()) {
      var note = document.getElementById("wake");
      if (note) note.hidden = true;
      if (lock) lock.release();
    }
    var pages = live.querySelectorAll(".screen-tables[data-page]");
    for (var i = 0; i < pages.length; i++) pages[i].hidden = pages.length > 1 && i !== turn % pages.length;
  }
  var lock = null;
  if (live && live.getAttribute("data-wake") === "on") {
    setInterval(function () { turn += 1; shown(); }, TURN_MS);
    shown();
    var wake = function () {
      if (ended()) return;
      if (!("wakeLock" in navigator)) {
        var say = document.getElementById("wake");
        if (say) say.hidden = false;
        return;
      }
      if (lock || document.hidden) return;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        lock.addEventListener("release", function () { lock = null; });
      }).catch(function () { /* not allowed now (battery saver): asked again when shown */ });
    };
    document.addEventListener("visibilitychange", wake);
    wake();
  }
})();
