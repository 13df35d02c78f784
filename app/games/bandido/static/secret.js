// A secret shown on its own phone (a <details class="secret">, which works without script) is not
// left on show: it hides again a few seconds after the tap, and as soon as the page is hidden
// (the phone put down, another app opened).
(function () {
  "use strict";
  var SHOWN_MS = 6000;
  var timers = new WeakMap();

  function hide(secret) {
    clearTimeout(timers.get(secret));
    secret.open = false;
  }

  function hideAll() {
    document.querySelectorAll("details.secret[open]").forEach(hide);
  }

  // "toggle" does not bubble: caught on its way down, so a secret the live sheet redraws is
  // still seen.
  document.addEventListener("toggle", function (event) {
    var secret = event.target;
    if (!(secret instanceof HTMLDetailsElement) || !secret.classList.contains("secret")) return;
    clearTimeout(timers.get(secret));
    if (secret.open) timers.set(secret, setTimeout(function () { hide(secret); }, SHOWN_MS));
  }, true);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") hideAll();
  });
  window.addEventListener("pagehide", hideAll);
})();
