// Every page: the service worker registered where the browser allows one (a secure context:
// HTTPS, or this machine itself), and the note that says a page was opened from what this phone
// kept, while it was offline (app/templates/sw.js marks such a page).
(function () {
  "use strict";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }
  var note = document.getElementById("offline-note");
  if (!note) return;
  var kept = document.documentElement.hasAttribute("data-served-offline");
  function show() { note.hidden = !(kept || navigator.onLine === false); }
  window.addEventListener("online", function () { kept = false; show(); });
  window.addEventListener("offline", show);
  show();
})();
