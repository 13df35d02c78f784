// Times written by the server in UTC, shown in the phone's own time zone, in the page's language
// (<html lang>) as the server wrote them (app/web/match/details.py's `when`): Western digits in every
// language, as the server writes numbers (app/i18n.py's `num`).
(function () {
  "use strict";
  var TIME = { timeStyle: "short", numberingSystem: "latn" };
  var MOMENT = { dateStyle: "medium", timeStyle: "short", numberingSystem: "latn" };
  var DAY = { dateStyle: "medium", numberingSystem: "latn" };

  function localTimes(root) {
    var lang = document.documentElement.lang || undefined;
    (root || document).querySelectorAll("time[datetime][data-local]").forEach(function (node) {
      var moment = new Date(node.getAttribute("datetime"));
      if (isNaN(moment.getTime())) return;
      var local = node.getAttribute("data-local");
      node.textContent = local === "time" ? moment.toLocaleTimeString(lang, TIME)
        : local === "date" ? moment.toLocaleDateString(lang, DAY)
        : moment.toLocaleString(lang, MOMENT);
      node.removeAttribute("data-local");
    });
  }
  window.SquareScores = window.SquareScores || {};
  window.SquareScores.localTimes = localTimes;
  localTimes(document);
})();
