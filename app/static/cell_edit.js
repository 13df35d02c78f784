// Tap a cell of the sheet to change it in place: Enter saves, Escape puts it back. Without this
// script the cell is a link to a page of its own. The sheet (sheet.js) lends it `page`.

// page: post(url, data) (a promise of the answer, read: { kind: "sheet" | "refused" |
// "unreachable", ok, sheet, page }), apply(sheet), version(), say(name, values),
// editing(cell, saved, behind) (cell: the <td> being changed, left as it is by an answer drawn
// meanwhile, or false once done; behind: the sheet is older than the server's: fetch it now),
// fresh() (the sheet fetched now, even while editing), waiting() (something waits to be
// sent), keep(url, fields, values) (it waits too).
export function cellEditor(sheet, page) {
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
    page.editing(cell);
    function stopEditing() { page.editing(false); }
    function restore() {
      if (edit.phase !== "open") return;
      edit.phase = "closed";
      cell.replaceChildren(link);
      stopEditing();
    }
    // Another phone saved this cell while this one typed (SPEC section 4): both values are
    // shown, and the person chooses, one tap each; Enter saves nothing over the newer value.
    function chooseBetween(conflict) {
      edit.phase = "choosing";
      var message = conflict.querySelector(".error");
      var keepSaved = conflict.querySelector(".keep-saved");
      var useMine = conflict.querySelector("form.choice");
      var box = document.createElement("div");
      box.className = "cell-conflict";
      box.setAttribute("role", "alert");
      var said = document.createElement("p");
      said.className = "error";
      said.textContent = message ? message.textContent : "";
      var choices = document.createElement("div");
      choices.className = "choices";
      var saved = document.createElement("button");
      saved.type = "button";
      saved.className = "button keep-saved";
      saved.textContent = keepSaved ? keepSaved.textContent.trim() : "";
      var mine = document.createElement("button");
      mine.type = "button";
      mine.className = "button primary keep-mine";
      mine.textContent = useMine ? useMine.textContent.trim() : "";
      choices.append(saved, mine);
      box.append(said, choices);
      cell.replaceChildren(input, box);
      input.readOnly = true;
      // The totals behind the choice are the server's now; the choice stays in its cell.
      var row = cell.parentNode.id, column = Array.prototype.indexOf.call(cell.parentNode.children, cell);
      page.fresh().then(function () {
        var again = row && document.getElementById(row);
        again = again && again.children[column];
        if (again && !again.contains(box) && edit.phase === "choosing") {
          // The cell as drawn now (the newer value) is what keeping it puts back.
          link = again.querySelector("a.cell") || link;
          cell = again;
          cell.replaceChildren(input, box);
          page.editing(cell);
          mine.focus();
        }
      }).catch(function () { /* the choice stands on the sheet as it was */ });
      saved.addEventListener("click", function () {
        // Theirs stays: the sheet is fetched again at once, its totals with it.
        edit.phase = "closed";
        cell.replaceChildren(link);
        page.editing(false, false, true);
      });
      mine.addEventListener("click", function () {
        input.readOnly = false;
        send(input.value);
      });
      mine.focus();
    }
    function send(value) {
      edit.phase = "saving";
      var data = new FormData();
      data.append("value", value);
      data.append("version", edit.basedOn);
      if (page.waiting()) { unreachable(value); return; }  // what waits goes first
      page.post(link.href, data).then(function (answer) {
        if (answer.kind === "unreachable") { unreachable(value); return; }
        if (answer.ok) { edit.phase = "closed"; page.editing(false, true); page.apply(answer.sheet); return; }
        // Refused: the cell's own page says why. Saving mine after a clash is based on the
        // version that beat it.
        var newer = answer.page.querySelector("input[name=version]");
        if (newer) edit.basedOn = newer.value;
        var conflict = answer.page.querySelector(".banner.conflict");
        if (conflict) { chooseBetween(conflict); return; }
        var error = answer.page.querySelector(".error");
        edit.phase = "open";
        input.classList.add("invalid");
        var shown = cell.querySelector(".error") || document.createElement("p");
        shown.className = "error";
        shown.setAttribute("role", "alert");
        if (error) shown.textContent = error.textContent; else shown.replaceChildren(page.say("could-not-save"));
        cell.appendChild(shown);
        input.focus();
      });
    }
    input.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && edit.phase === "open") { restore(); }
      if (e.key !== "Enter") return;
      e.preventDefault();
      if (edit.phase === "open") send(input.value);
    });
    function unreachable(value) {
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
    input.addEventListener("blur", function () {
      setTimeout(function () { if (!cell.querySelector(".error")) restore(); }, 150);
    });
  });
}
