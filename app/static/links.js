// The invite page, enhanced: copy a link, or hand it to the phone's own share sheet.
(function () {
  "use strict";
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    if (!navigator.clipboard) return;
    button.hidden = false;
    // The page says both words in its own language (data-say-copied; the button's own text).
    var copy = button.textContent;
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(button.getAttribute("data-copy")).then(function () {
        button.textContent = button.getAttribute("data-say-copied") || "Copied";
        setTimeout(function () { button.textContent = copy; }, 1500);
      });
    });
  });
  document.querySelectorAll("button[data-share]").forEach(function (button) {
    if (!navigator.share) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.share({ title: button.getAttribute("data-title"), url: button.getAttribute("data-share") })
        .catch(function () {});
    });
  });
  document.querySelectorAll("input.link").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
})();
