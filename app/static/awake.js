// The sheet and the table view keep the screen on while the match is played (Screen Wake Lock),
// and ask again each time the tab comes back (the browser lets the lock go whenever it is hidden).
// Where the browser keeps no screen on (plain HTTP, or no wake lock at all) #awake-note says how.
// Once the match is over, banked or abandoned (live, as the sheet's state says it) the screen may
// sleep again and the note goes: it said "until the match is over".
(function () {
  "use strict";
  var note = document.getElementById("awake-note");
  var ENDED = ["over", "banked", "abandoned"];
  var held = null;
  var asking = false;

  function playing() {
    var state = document.querySelector(".sheet-state[data-status]");
    return !state || ENDED.indexOf(state.getAttribute("data-status")) < 0;
  }

  function cannot() { if (note) note.hidden = !playing(); }

  function letGo() {
    if (note) note.hidden = true;
    if (held && !held.released) held.release();
    held = null;
  }

  function ask() {
    if (!playing()) { letGo(); return; }
    if (!("wakeLock" in navigator)) { cannot(); return; }
    if (asking || document.visibilityState !== "visible" || (held && !held.released)) return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (lock) {
      asking = false;
      held = lock;
      document.documentElement.setAttribute("data-awake", "");
      lock.addEventListener("release", function () {
        document.documentElement.removeAttribute("data-awake");
      });
      if (!playing()) letGo();  // the match ended while the lock was asked for
    }, function () { asking = false; cannot(); });
  }

  document.addEventListener("visibilitychange", ask);
  // A live update redraws the sheet's state: its status may have changed.
  new MutationObserver(ask).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-status"]
  });
  ask();
})();
