// Times written by the server in UTC, shown in the phone's own time zone and words.
(function () {
  "use strict";
  function localTimes(root) {
    (root || document).querySelectorAll("time[datetime][data-local]").forEach(function (node) {
      var moment = new Date(node.getAttribute("datetime"));
      if (isNaN(moment.getTime())) return;
      node.textContent = node.getAttribute("data-local") === "time"
        ? moment.toLocaleTimeString(undefined, { timeStyle: "short" })
        : moment.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      node.removeAttribute("data-local");
    });
  }
  window.SquareScores = window.SquareScores || {};
  window.SquareScores.localTimes = localTimes;
  localTimes(document);
})();
