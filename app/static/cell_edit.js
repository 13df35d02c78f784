// Tap a cell of the sheet to change it in place: Enter saves, Escape puts it back. Without this
// script the cell is a link to a page of its own. The sheet (sheet.js) lends it `page`.
(function () {
  "use strict";

  // page: post(url, data) (a promise of the answer, read: { kind: "sheet" | "refused" |
  // "unreachable", ok, sheet, page }), apply(sheet), version(), say(name, values),
  // editing(on, saved), waiting() (something waits to be sent), keep(url, fields, values) (it
  // waits too).
  function cellEditor(sheet, page) {
    sheet.addEventListener("click", function (event) {
      var link = event.target.closest("a.cell");
      if (!link) return;
      event.preventDefault();
      var cell = link.parentNode;
      var input = document.createElement("input");
      input.className = "score";
      // What a keypad types: the page's minus sign (U+2212) as the hyphen-minus.
      var shown = link.textContent.trim().replace(/\u2212/g, "-");
      input.value = shown === "\u00b7" ? "" : shown;
      input.setAttribute("inputmode", "tel");
      input.setAttribute("autocomplete", "off");
      input.setAttribute("enterkeyhint", "done");
      input.setAttribute("aria-label", link.getAttribute("aria-label"));
      cell.replaceChildren(input);
      input.focus();
      input.select();
      // This change, from the tap to its answer: `phase` is "open" (being typed, or refused
      // and typed again), "saving" (sent) or "closed" (saved, kept to send later, or put back);
      // `basedOn` is the version it was typed at (after "someone else saved this cell", theirs).
      var edit = { phase: "open", basedOn: page.version() };
      page.editing(true);
      function stopEditing() { page.editing(false); }
      function restore() {
        if (edit.phase !== "open") return;
        edit.phase = "closed";
        cell.replaceChildren(link);
        stopEditing();
      }
      input.addEventListener("keydown", function (e) {
        if (e.key === "Escape") { restore(); }
        if (e.key !== "Enter") return;
        e.preventDefault();
        edit.phase = "saving";
        var data = new FormData();
        data.append("value", input.value);
        data.append("version", edit.basedOn);
        var value = input.value;
        if (page.waiting()) { unreachable(); return; }  // what waits goes first
        page.post(link.href, data).then(function (answer) {
          if (answer.kind === "unreachable") { unreachable(); return; }
          if (answer.ok) { edit.phase = "closed"; page.editing(false, true); page.apply(answer.sheet); return; }
          // Refused: the cell's own page says why.
          var error = answer.page.querySelector(".error");
          // After "someone else saved this cell", Enter again means: put mine.
          var newer = answer.page.querySelector("input[name=version]");
          if (newer) edit.basedOn = newer.value;
          edit.phase = "open";
          input.classList.add("invalid");
          var shown = cell.querySelector(".error") || document.createElement("p");
          shown.className = "error";
          shown.setAttribute("role", "alert");
          if (error) shown.textContent = error.textContent; else shown.replaceChildren(page.say("could-not-save"));
          cell.appendChild(shown);
          input.focus();
        });
        function unreachable() {
          // The server cannot be reached: the cell shows what it showed, the value waits.
          var row = cell.parentNode, heads = cell.closest("table").querySelectorAll("thead th");
          var name = heads[Array.prototype.indexOf.call(row.children, cell)];
          var number = row.querySelector("th");
          var label = document.createElement("span");
          label.appendChild(page.say("cell", { number: number ? number.textContent.trim() : "",
                                               name: name ? name.textContent.trim() : "" }));
          edit.phase = "closed";
          cell.replaceChildren(link);
          stopEditing();
          page.keep(link.href, [["value", value], ["version", edit.basedOn]],
                    [{ label: label.textContent, value: value }]);
        }
      });
      input.addEventListener("blur", function () {
        setTimeout(function () { if (!cell.querySelector(".error")) restore(); }, 150);
      });
    });
  }

  window.SquareScores = window.SquareScores || {};
  window.SquareScores.cellEditor = cellEditor;
})();
