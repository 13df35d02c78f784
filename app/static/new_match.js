// The new-match form, enhanced: show a few player lines and add more on request.
(function () {
  "use strict";
  var list = document.querySelector("ol.players");
  if (!list) return;
  var rows = Array.prototype.slice.call(list.children);
  var min = Math.max(parseInt(list.getAttribute("data-min"), 10) || 1, 4);
  var lastFilled = -1;
  rows.forEach(function (row, i) {
    var input = row.querySelector("input");
    if (input.value.trim() || row.querySelector(".error")) lastFilled = i;
  });
  var shown = Math.min(rows.length, Math.max(min, lastFilled + 2));
  if (shown >= rows.length) return;
  rows.forEach(function (row, i) { row.hidden = i >= shown; });

  var button = document.createElement("button");
  button.type = "button";
  button.className = "button";
  button.textContent = "Add a player";
  list.insertAdjacentElement("afterend", button);
  button.addEventListener("click", function () {
    var next = rows.filter(function (row) { return row.hidden; })[0];
    if (!next) return;
    next.hidden = false;
    next.querySelector("input").focus();
    if (!rows.some(function (row) { return row.hidden; })) button.remove();
  });
})();
