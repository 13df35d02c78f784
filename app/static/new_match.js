// The new-match form, enhanced: show a few player lines and add more on request; a seat option
// ("the first dealer") offers the names as they are typed in place of "the first name"...
(function () {
  "use strict";
  var list = document.querySelector("ol.players");
  if (!list) return;
  var rows = Array.prototype.slice.call(list.children);

  // The seats are the names typed, in order, empty lines skipped (as the server reads them).
  var seatSelects = Array.prototype.slice.call(document.querySelectorAll("select[data-seats]"));
  seatSelects.forEach(function (select) {
    Array.prototype.forEach.call(select.options, function (option) {
      option.setAttribute("data-fallback", option.textContent);
    });
  });
  function relabel() {
    var names = rows.map(function (row) { return row.querySelector("input").value.trim(); })
      .filter(function (name) { return name; });
    seatSelects.forEach(function (select) {
      Array.prototype.forEach.call(select.options, function (option, i) {
        option.textContent = i < names.length ? names[i] : option.getAttribute("data-fallback");
      });
    });
  }
  list.addEventListener("input", relabel);
  relabel();

  // A group's roster: tap names into seat order (the next empty line), tap again to take one out.
  var picks = document.querySelector(".roster-picks");
  var inputs = rows.map(function (row) { return row.querySelector("input"); });
  function folded(text) { return text.trim().toLowerCase(); }
  function markPicked() {
    if (!picks) return;
    var typed = inputs.map(function (input) { return folded(input.value); });
    picks.querySelectorAll("button.pick-name").forEach(function (button) {
      button.setAttribute("aria-pressed", typed.indexOf(folded(button.textContent)) >= 0 ? "true" : "false");
    });
  }
  if (picks) {
    picks.hidden = false;
    picks.addEventListener("click", function (event) {
      var button = event.target.closest("button.pick-name");
      if (!button) return;
      var name = button.textContent.trim();
      var at = inputs.map(function (input) { return folded(input.value); }).indexOf(folded(name));
      if (at >= 0) {
        // Out of the order: the names after it move up a seat.
        for (var i = at; i < inputs.length - 1; i++) inputs[i].value = inputs[i + 1].value;
        inputs[inputs.length - 1].value = "";
      } else {
        var free = inputs.filter(function (input) { return !input.value.trim(); })[0];
        if (!free) return;
        free.value = name;
        free.closest("li").hidden = false;
      }
      markPicked();
      relabel();
    });
    list.addEventListener("input", markPicked);
    markPicked();
  }

  // A free line after the names typed, while the game takes another player (names past its
  // most, as a refusal brings them back, are kept and shown, with no free line after them).
  var most = Math.min(parseInt(list.getAttribute("data-most"), 10) || rows.length, rows.length);
  var min = Math.min(Math.max(parseInt(list.getAttribute("data-min"), 10) || 1, 4), most);
  var lastFilled = -1;
  rows.forEach(function (row, i) {
    var input = row.querySelector("input");
    if (input.value.trim() || row.querySelector(".error")) lastFilled = i;
  });
  var shown = Math.min(rows.length, Math.max(min, lastFilled + 1, Math.min(lastFilled + 2, most)));
  rows.forEach(function (row, i) { row.hidden = i >= shown; });
  if (shown >= most) return;

  var button = document.createElement("button");
  button.type = "button";
  button.className = "button";
  button.textContent = list.getAttribute("data-say-add") || "Add a player";  // in the page's language
  list.insertAdjacentElement("afterend", button);
  button.addEventListener("click", function () {
    var next = rows.filter(function (row) { return row.hidden; })[0];
    if (!next) return;
    next.hidden = false;
    next.querySelector("input").focus();
    if (rows.filter(function (row) { return !row.hidden; }).length >= most) button.remove();
  });
})();
