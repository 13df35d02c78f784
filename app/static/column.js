// A seat's column of a design, live: each formula row's value as the rows are typed, from the
// server's preview of the column (stored nowhere). The server works formulas out: the page keeps
// no grammar of its own. A column that cannot be read yet leaves the values as they stand.
(function () {
  "use strict";
  var form = document.querySelector("form.column-form[data-rows-url]");
  if (!form) return;
  var timer = null;
  var asked = 0; // previews asked for so far: only the latest one's answer is shown

  function preview() {
    var ask = ++asked;
    var query = new URLSearchParams(new FormData(form));
    query.delete("csrf_token");
    fetch(form.getAttribute("data-rows-url") + "?" + query.toString(), { credentials: "same-origin" })
      .then(function (response) {
        var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
        return response.ok && json ? response.json() : null;
      })
      .then(function (answer) {
        if (ask !== asked || !answer || !answer.ok) return;
        Object.keys(answer.rows).forEach(function (key) {
          var output = document.getElementById("f-" + key);
          var shown = output && output.tagName === "OUTPUT" ? output.querySelector("bdi") : null;
          if (shown) shown.textContent = answer.rows[key];
        });
      })
      .catch(function () { /* offline: the values show once the column is saved */ });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(preview, 200);
  }

  form.addEventListener("input", schedule);
  form.addEventListener("change", schedule);
  // The steppers (part.js) change a count without an input event.
  form.querySelectorAll("button.step").forEach(function (button) {
    button.addEventListener("click", schedule);
  });
}());
