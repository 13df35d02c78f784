// The sheet, enhanced: saves without a page load, keeps the keyboard up, previews sums.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  if (!sheet) return;
  var csrf = document.querySelector('meta[name="csrf-token"]').content;

  function preview(input) {
    var note = input.parentNode.querySelector(".preview");
    if (!note) {
      note = document.createElement("span");
      note.className = "preview";
      note.setAttribute("aria-live", "polite");
      input.insertAdjacentElement("afterend", note);
    }
    // Only a sum is worth a preview; the server's reading of it (arithmetic.js) is the answer.
    var reading = window.SquareScores.evaluate(input.value);
    note.textContent = reading.terms > 1 ? "= " + reading.value : "";
  }

  function focusNext() {
    var state = sheet.querySelector(".sheet-state");
    var id = state && state.getAttribute("data-focus");
    var target = (id && document.getElementById(id)) || sheet.querySelector("input.invalid");
    if (!target) return;
    target.focus();
    if (typeof target.select === "function") target.select();
  }

  function swap(html, keepTyping) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var fresh = page.getElementById("sheet");
    if (!fresh) { window.location.reload(); return; }
    var typed = keepTyping ? typedValues() : null;
    sheet.innerHTML = fresh.innerHTML;
    enhance();
    if (typed) restoreTyped(typed); else focusNext();
  }

  // What needs this script: times in the phone's own zone, and the print button.
  function enhance() {
    if (window.SquareScores.localTimes) window.SquareScores.localTimes(sheet);
    sheet.querySelectorAll("button.print-sheet").forEach(function (button) { button.hidden = false; });
  }

  // What this person has typed but not saved survives a refresh caused by another phone.
  function typedValues() {
    var number = sheet.querySelector("#entry input[name=number]");
    var version = sheet.querySelector("#entry input[name=version]");
    var typed = { values: {}, labels: {}, focus: document.activeElement && document.activeElement.id,
                  number: number && number.value, version: version && version.value };
    sheet.querySelectorAll("input.score[id]").forEach(function (input) {
      if (input.value !== input.defaultValue) {
        typed.values[input.id] = input.value;
        typed.labels[input.id] = input.getAttribute("aria-label");
      }
    });
    return typed;
  }

  function restoreTyped(typed) {
    var ids = Object.keys(typed.values);
    if (!ids.length) return;
    var number = sheet.querySelector("#entry input[name=number]");
    if (!number || number.value !== typed.number) {
      // The round was finished on other phones: say what this phone had typed, lose nothing.
      var note = document.createElement("p");
      note.className = "flash flash-error";
      note.setAttribute("role", "alert");
      note.textContent = "Round " + typed.number + " was finished on other phones while you typed. " +
        "Check it; you had typed " + ids.map(function (id) {
          return typed.labels[id] + ": " + typed.values[id];
        }).join(", ") + ".";
      sheet.insertBefore(note, sheet.firstChild);
      return;
    }
    ids.forEach(function (id) {
      var input = document.getElementById(id);
      if (input) { input.value = typed.values[id]; preview(input); }
    });
    // Saving still says which version the typing began at, so the server can tell a cell
    // someone else saved meanwhile from one this phone changed (and ask, never overwrite).
    var version = sheet.querySelector("#entry input[name=version]");
    if (version && typed.version) version.value = typed.version;
    var focused = typed.focus && document.getElementById(typed.focus);
    if (focused && sheet.contains(focused)) focused.focus();
  }

  // Live: ask for the match's version; only when it changed, fetch the sheet again.
  var matchId = sheet.getAttribute("data-match");
  var token = window.location.pathname.split("/")[2];
  var editing = false, stopped = false, timer = null, notice = null;

  function currentVersion() {
    var state = sheet.querySelector(".sheet-state");
    return state ? state.getAttribute("data-version") : "";
  }

  function showNotice(text) {
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "offline";
      notice.setAttribute("role", "status");
      document.body.appendChild(notice);
    }
    notice.textContent = text;
  }

  function hideNotice() { if (notice) { notice.remove(); notice = null; } }

  function refresh() {
    return fetch(sheet.getAttribute("data-fragment-url"), { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.text(); })
      .then(function (html) { swap("<div id=\"sheet\">" + html + "</div>", true); });
  }

  function poll() {
    timer = null;
    if (stopped || document.hidden) return;
    fetch("/api/v1/matches/" + encodeURIComponent(matchId), {
      headers: { "Authorization": "Bearer " + token, "If-None-Match": "\"" + currentVersion() + "\"" },
      cache: "no-store"
    }).then(function (response) {
      hideNotice();
      if (response.status === 401 || response.status === 404) {
        stopped = true;
        showNotice("This link no longer works. Ask the host for a new one.");
        return null;
      }
      if (response.status === 200 && !editing) {
        return response.json().then(function (match) {
          if (String(match.version) !== currentVersion()) return refresh();
        });
      }
      return null;
    }).catch(function () {
      showNotice("Can't reach the score sheet. Trying again…");
    }).then(schedule, schedule);
  }

  function schedule() {
    if (!stopped && !timer && !document.hidden) timer = setTimeout(poll, 1500);
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !timer) poll();
  });

  function post(url, data) {
    data.append("csrf_token", csrf);
    return fetch(url, { method: "POST", body: data, credentials: "same-origin" })
      .then(function (response) { return response.text().then(function (html) {
        return { ok: response.ok, html: html };
      }); });
  }

  sheet.addEventListener("click", function (event) {
    if (event.target.closest("button.print-sheet")) window.print();
  });

  sheet.addEventListener("input", function (event) {
    if (event.target.matches("input.score")) preview(event.target);
  });

  sheet.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "entry") return;
    event.preventDefault();
    post(form.action, new FormData(form)).then(function (reply) { swap(reply.html); })
      .catch(function () { form.submit(); });
  });

  // Tap a cell to change it in place; Enter saves, Escape puts it back.
  sheet.addEventListener("click", function (event) {
    var link = event.target.closest("a.cell");
    if (!link) return;
    event.preventDefault();
    var cell = link.parentNode;
    var input = document.createElement("input");
    input.className = "score";
    input.value = link.textContent.trim() === "\u00b7" ? "" : link.textContent.trim();
    input.setAttribute("inputmode", "tel");
    input.setAttribute("autocomplete", "off");
    input.setAttribute("enterkeyhint", "done");
    input.setAttribute("aria-label", link.getAttribute("aria-label"));
    cell.replaceChildren(input);
    input.focus();
    input.select();
    var done = false, basedOn = currentVersion();
    editing = true;
    function restore() { if (!done) { done = true; editing = false; cell.replaceChildren(link); } }
    input.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { restore(); }
      if (e.key !== "Enter") return;
      e.preventDefault();
      done = true;
      var data = new FormData();
      data.append("value", input.value);
      data.append("version", basedOn);
      post(link.href, data).then(function (reply) {
        if (reply.ok) { editing = false; swap(reply.html); return; }
        var page = new DOMParser().parseFromString(reply.html, "text/html");
        var error = page.querySelector(".error");
        // After "someone else saved this cell", Enter again means: put mine.
        var newer = page.querySelector("input[name=version]");
        if (newer) basedOn = newer.value;
        done = false;
        input.classList.add("invalid");
        var note = cell.querySelector(".error") || document.createElement("p");
        note.className = "error";
        note.setAttribute("role", "alert");
        note.textContent = error ? error.textContent : "Could not save.";
        cell.appendChild(note);
        input.focus();
      }).catch(function () { window.location.href = link.href; });
    });
    input.addEventListener("blur", function () {
      setTimeout(function () { if (!cell.querySelector(".error")) restore(); }, 150);
    });
  });

  // What was typed before this script ran (on a slow connection) is previewed all the same.
  sheet.querySelectorAll("input.score").forEach(function (input) {
    if (input.value !== input.defaultValue) preview(input);
  });
  window.SquareScores = window.SquareScores || {};
  enhance();
  schedule();
  focusNext();
})();
