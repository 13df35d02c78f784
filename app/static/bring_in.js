// Bringing plays in (app/templates/group/bring_in.html, brought_in.html): the phone's own time
// zone filled in where none is typed, and an import's progress bar moved as plays land, until
// the page shows its end (without this script the page refreshes itself).
(function () {
  "use strict";
  var zone = document.getElementById("time_zone");
  if (zone && !zone.value) {
    try { zone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* UTC */ }
  }
  var bar = document.getElementById("import-progress");
  if (!bar || !bar.dataset.stateUrl) return;
  var count = document.getElementById("import-count");
  function said(done, total) {
    return count.dataset.said.replace("%(done)s", String(done)).replace("%(total)s", String(total));
  }
  function look() {
    fetch(bar.dataset.stateUrl, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (job) {
        if (job && job.state !== "queued" && job.state !== "running") {
          window.location.reload();
          return;
        }
        if (job && job.plays.total) {
          bar.max = job.plays.total;
          bar.value = job.plays.done;
          count.textContent = said(job.plays.done, job.plays.total);
        }
        setTimeout(look, 700);
      })
      .catch(function () { setTimeout(look, 2000); });
  }
  setTimeout(look, 300);
})();
