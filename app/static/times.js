// Times written by the server in UTC, shown in the phone's own time zone, in the page's language
// (<html lang>) as the server wrote them (app/web/match/details.py's `when`): Western digits in every
// language, as the server writes numbers (app/i18n.py's `num`).
var TIME = { timeStyle: "short", numberingSystem: "latn" };
var MOMENT = { dateStyle: "medium", timeStyle: "short", numberingSystem: "latn" };
var DAY = { dateStyle: "medium", numberingSystem: "latn" };

// A moment the server wrote (its datetime="…"), as this phone says it in `lang`: its time, its
// date or both (data-local="time", "date" or anything else); null if it is no moment.
export function localTime(datetime, local, lang) {
  var moment = new Date(datetime);
  if (isNaN(moment.getTime())) return null;
  return local === "time" ? moment.toLocaleTimeString(lang, TIME)
    : local === "date" ? moment.toLocaleDateString(lang, DAY)
    : moment.toLocaleString(lang, MOMENT);
}

// Every time under `root` not yet shown in the phone's zone (the sheet's, once it is drawn anew).
export function localTimes(root) {
  var lang = document.documentElement.lang || undefined;
  root.querySelectorAll("time[datetime][data-local]").forEach(function (node) {
    var shown = localTime(node.getAttribute("datetime"), node.getAttribute("data-local"), lang);
    if (shown === null) return;
    node.textContent = shown;
    node.removeAttribute("data-local");
  });
}

// Every page loads this module: its times are shown as soon as it runs. Node, which has no
// page, only imports it.
if (typeof document !== "undefined") localTimes(document);
