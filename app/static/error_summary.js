// A refused form's summary at the top of its page (the macro error_summary, _macros.html): the
// focus put on it (its autofocus does so without this script, but not on every browser nor on a
// page brought back from history), and a link to a field putting the focus in that field (a
// group of fields: its first), opened where it sits folded away.
(function () {
  "use strict";
  var summary = document.getElementById("error-summary");
  if (!summary) return;
  if (!summary.contains(document.activeElement)) summary.focus();
  summary.addEventListener("click", function (event) {
    var link = event.target.closest("a[href^='#']");
    var target = link && document.getElementById(link.getAttribute("href").slice(1));
    if (!target) return;
    var field = target.matches("input, select, textarea, button") ? target
      : target.querySelector("input:not([type=hidden]), select, textarea");
    if (!field) return;
    event.preventDefault();
    for (var folded = field.closest("details"); folded; folded = folded.parentElement.closest("details")) {
      folded.open = true;
    }
    var hidden = field.closest("[hidden]");
    if (hidden) hidden.hidden = false;
    field.focus();
    (field.closest(".option, fieldset, li") || field).scrollIntoView({ block: "center" });
  });
})();
