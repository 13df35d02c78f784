// The sheet and the table view keep the screen on while they are shown (Screen Wake Lock), and
// ask again each time the tab comes back (the browser lets the lock go whenever it is hidden).
// Where the browser keeps no screen on (plain HTTP, or no wake lock at all) #awake-note says how.
(function () {
  "use strict";
  var note = document.getElementById("awake-note");
  var held = null;

  function cannot() { if (note) note.hidden = false; }

  function ask() {
    if (document.visibilityState !== "visible" || (held && !held.released)) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      held = lock;
      document.documentElement.setAttribute("data-awake", "");
      lock.addEventListener("release", function () {
        document.documentElement.removeAttribute("data-awake");
      });
    }, cannot);
  }

  if (!("wakeLock" in navigator)) { cannot(); return; }
  document.addEventListener("visibilitychange", ask);
  ask();
})();
