// The form that logs a play (app/templates/group/play_form.html): the new game's fields, a
// cooperative game's outcome and the team fields shown only for the game that uses them, and
// the moment typed read in the phone's own time zone (the server wrote it at the offset its
// hidden field says; without this script, UTC).
(function () {
  "use strict";
  var form = document.getElementById("play-form");
  if (!form) return;
  var game = form.elements.game;
  var cooperative = form.elements.cooperative;
  var teams = form.elements.uses_teams;

  function ways() {
    var option = game.options[game.selectedIndex];
    var fresh = game.value === "new";
    form.classList.toggle("new", fresh);
    form.classList.toggle("coop", fresh ? cooperative.checked : option.hasAttribute("data-cooperative"));
    form.classList.toggle("teams", fresh ? teams.checked : option.hasAttribute("data-teams"));
  }
  form.classList.add("scripted");
  [game, cooperative, teams].forEach(function (field) { field.addEventListener("change", ways); });
  ways();

  // A play with no score and no winner is recorded so (nobody won): said before it is saved.
  var noResult = document.getElementById("no-result");
  function lines() {
    return Array.prototype.filter.call(form.querySelectorAll("li.play-line"), function (line) {
      var chip = line.querySelector(".player-chip input");
      var guest = line.querySelector("input.guest-name");
      return chip ? chip.checked : guest && guest.value.trim() !== "";
    });
  }
  function sayResult() {
    var playing = lines();
    var outcome = form.classList.contains("coop") && form.querySelector("input[name=outcome]:checked");
    var none = playing.length > 0 && !outcome && playing.every(function (line) {
      return !line.querySelector("input.score").value.trim() &&
        (form.classList.contains("coop") || !line.querySelector(".won input").checked);
    });
    noResult.hidden = !none;
  }
  if (noResult) {
    form.addEventListener("input", sayResult);
    form.addEventListener("change", sayResult);
    sayResult();
  }

  var at = form.elements.played_at;
  var offset = form.elements.offset;
  function two(n) { return String(n).padStart(2, "0"); }
  function local(date) {
    return date.getFullYear() + "-" + two(date.getMonth() + 1) + "-" + two(date.getDate()) +
      "T" + two(date.getHours()) + ":" + two(date.getMinutes());
  }
  var written = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(at.value);
  if (written) {
    var utc = Date.UTC(+written[1], +written[2] - 1, +written[3], +written[4], +written[5]);
    at.value = local(new Date(utc - (parseInt(offset.value, 10) || 0) * 60000));
  }
  // The phone's offset at the moment typed (summer time or not), as the server reads it.
  function offsetOf() {
    var moment = new Date(at.value);
    if (!isNaN(moment.getTime())) offset.value = String(-moment.getTimezoneOffset());
  }
  offsetOf();
  at.addEventListener("change", offsetOf);
  form.addEventListener("submit", offsetOf);
})();
