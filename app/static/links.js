// The invite page, enhanced: copy a link, or hand it to the phone's own share sheet. Where the
// page is no secure context (plain HTTP on a LAN) the browser offers neither: copy then selects
// the link for the phone's own menu (after trying the old way of copying), and share selects it
// and says so. Each button's words are the page's, in its language (data-say-*).
(function () {
  "use strict";
  function say(button, text) {
    var said = button.closest(".invite").querySelector(".link-said");
    if (said) said.textContent = text || "";
  }

  function selectLink(button) {
    var input = button.closest(".invite").querySelector(".link");
    input.focus();
    input.setSelectionRange(0, input.value.length);
    return input;
  }

  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    button.hidden = false;
    var copy = button.textContent;
    function copied() {
      button.textContent = button.getAttribute("data-say-copied") || "Copied";
      say(button, "");
      setTimeout(function () { button.textContent = copy; }, 1500);
    }
    button.addEventListener("click", function () {
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(button.getAttribute("data-copy")).then(copied, function () {
          selectLink(button);
          say(button, button.getAttribute("data-say-selected"));
        });
        return;
      }
      selectLink(button);
      var done = false;
      try { done = document.execCommand("copy"); } catch (error) { done = false; }
      if (done) copied();
      else say(button, button.getAttribute("data-say-selected"));
    });
  });

  document.querySelectorAll("button[data-share]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      if (navigator.share) {
        navigator.share({ title: button.getAttribute("data-title"), url: button.getAttribute("data-share") })
          .catch(function () {});
        return;
      }
      selectLink(button);
      say(button, button.getAttribute("data-say-no-share"));
    });
  });

  document.querySelectorAll("input.link").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
  });
})();
