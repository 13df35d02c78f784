// A seat's part, enhanced: + and − steppers, one mode at a time, a live preview from the server.
(function () {
  "use strict";
  var form = document.querySelector("form.hand-form");
  if (!form) return;
  var box = form.querySelector(".preview-box");
  // Its place is kept from the start, empty (and unseen) until a preview comes: the Save button
  // below it never moves under a finger when one arrives.
  if (box) box.hidden = false;
  function clear() { box.replaceChildren(); box.classList.remove("error"); }
  var timer = null;
  var asked = 0; // previews asked for so far: only the latest one's answer is shown

  function mode() {
    var checked = form.querySelector("input[name=mode]:checked");
    return checked ? checked.value : "cards";
  }

  function showMode() {
    var cards = mode() === "cards";
    var cardsPart = form.querySelector(".cards-mode"), scorePart = form.querySelector(".score-mode");
    if (!cardsPart || !scorePart) return;
    cardsPart.hidden = !cards;
    scorePart.hidden = cards;
    form.querySelectorAll(".cards-only").forEach(function (label) { label.hidden = !cards; });
  }

  form.querySelectorAll("button.step").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-for"));
      var typed = input.value.replace(/[\u0660-\u0669]/g, function (d) { return String(d.charCodeAt(0) - 0x660); })
        .replace(/[\u06f0-\u06f9]/g, function (d) { return String(d.charCodeAt(0) - 0x6f0); });
      var value = (parseInt(typed, 10) || 0) + parseInt(button.getAttribute("data-step"), 10);
      input.value = String(Math.max(0, value));
      schedule();
    });
  });

  function schedule() {
    if (!form.hasAttribute("data-preview-url")) return;
    clearTimeout(timer);
    timer = setTimeout(preview, 150);
  }

  // The server's engine scores the hand: the page never keeps rules of its own. A score not yet
  // typed is no mistake to point out: the box waits for one.
  function preview() {
    var score = form.querySelector("input[name=score]");
    var ask = ++asked;
    var nothing = form.querySelector("input[name=melded_nothing]");
    if (mode() === "score" && score && !score.value.trim() && !(nothing && nothing.checked)) {
      clear();
      return;
    }
    var query = new URLSearchParams(new FormData(form));
    query.delete("csrf_token");
    fetch(form.getAttribute("data-preview-url") + "?" + query.toString(), { credentials: "same-origin" })
      .then(function (response) {
        // Only the server's JSON is a preview, checked before it is read: any other answer (an
        // error, a Wi-Fi's sign-in page) is a preview that failed.
        var json = /^application\/json\b/i.test(response.headers.get("Content-Type") || "");
        if (!response.ok || !json) throw new Error("not the preview");
        return response.json();
      })
      .then(function (reply) {
        if (ask !== asked) return; // an earlier preview, answered after a later one was asked
        box.classList.toggle("error", !reply.ok);
        if (!reply.ok) { box.textContent = reply.message; return; }
        // The sentence comes from the page, in its language: {hand}, {side} and {cell} filled in.
        var hand = reply.hand_score === null ? "…" : number(reply.hand_score);
        var cell = reply.cell === null ? (box.getAttribute("data-waiting") || "once the other hands are in") : number(reply.cell);
        var said = box.getAttribute("data-said") || "Hand score {hand} · {side}'s cell: {cell}";
        box.textContent = said.replace("{hand}", hand).replace("{side}", reply.side).replace("{cell}", cell);
        if (reply.why) {
          // What the numbers alone do not say (Banakil: why a hand out all at once is no dhamoon).
          var why = document.createElement("span");
          why.className = "why";
          why.textContent = reply.why;
          box.appendChild(document.createElement("br"));
          box.appendChild(why);
        }
      })
      .catch(function () { if (ask === asked) clear(); });
  }

  // A number as the page's language writes it (36,5 in German), with the page's one minus sign
  // (U+2212, as app/i18n.py's num writes it).
  function number(value) {
    var lang = document.documentElement.lang || "en";
    try {
      return new Intl.NumberFormat(lang, { useGrouping: false, maximumFractionDigits: 1, numberingSystem: "latn" }).format(value).replace(/[-\u2212\u061c\u200e\u200f]/g, function (c) { return c === "-" || c === "\u2212" ? "\u2212" : ""; });
    } catch (e) { return String(value); }
  }

  form.addEventListener("input", schedule);
  form.addEventListener("change", function () { showMode(); schedule(); });
  showMode();
  schedule();
})();
