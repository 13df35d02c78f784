// What the server's answers hold, read for the sheet (sheet.js): a save's answer, the live
// fragment, and what a drawn sheet says of itself; each answer's status and type are checked
// before its body is read, and anything but the app's own page is never read as one.

// What a save's answer is (answerTo()):
//   { kind: "sheet", ok, sheet, page, url }  the sheet as it now is, saved (2xx) or asking again
//                                       (409, 412, 422 drawn on the sheet);
//   { kind: "refused", ok: false, page, url } a page of the app's saying why not (409, 412, 422
//                                       without the sheet: a cell's own page);
//   { kind: "unreachable" }             no answer, 5xx, 429 or anything else (another status,
//                                       a proxy's page, an empty body, not HTML): not saved,
//                                       kept and sent again.
var UNREACHABLE = { kind: "unreachable" };

// sheet: the #sheet on the page, what drawn() reads when given no other; parse(html): the page
// an answer's HTML makes (the browser's own parser, unless one is lent: node has none).
export function sheetAnswers(sheet, parse) {
  parse = parse || function (html) { return new DOMParser().parseFromString(html, "text/html"); };

  // What the sheet drawn says of itself: its .sheet-state's data-<name>.
  function drawn(name, root) {
    var node = (root || sheet).querySelector(".sheet-state");
    return node ? node.getAttribute("data-" + name) || "" : "";
  }

  // Whether an answer says it is a page (HTML), asked before it is read as one.
  function isPage(response) {
    return /^text\/html\b/i.test(response.headers.get("Content-Type") || "");
  }

  // The sheet in a page read from an answer: its #sheet, if that is a drawn sheet (it says its
  // version); null for anything else (a proxy's page, an error page, an empty body).
  function sheetIn(page) {
    var fresh = page.getElementById("sheet");
    return fresh && /^\d+$/.test(drawn("version", fresh)) ? fresh : null;
  }

  // A read answer also says where it came from (`url`, after any redirect: where the save
  // took the page).
  function answerTo(response) {
    var asks = response.status === 409 || response.status === 412 || response.status === 422;
    if (!(response.ok || asks) || !isPage(response)) return UNREACHABLE;
    return response.text().then(function (html) {
      if (!html.trim()) return UNREACHABLE;
      var page = parse(html), fresh = sheetIn(page);
      if (fresh) return { kind: "sheet", ok: response.ok, sheet: fresh, page: page, url: response.url };
      return asks ? { kind: "refused", ok: false, page: page, url: response.url } : UNREACHABLE;
    });
  }

  // The live fragment (a link that is gone, 404, sheet.js tells apart first): the sheet's new
  // drawing. Any other answer (5xx, 429, a proxy's page, an empty body) is a refresh that
  // failed, tried again shortly like one that got no answer at all.
  function fragmentIn(response) {
    if (!response.ok || !isPage(response)) return Promise.reject(new Error("not the sheet"));
    return response.text().then(function (html) {
      var page = parse("<div id=\"sheet\">" + html + "</div>");
      return sheetIn(page) || Promise.reject(new Error("not the sheet"));
    });
  }

  return { drawn: drawn, answerTo: answerTo, fragmentIn: fragmentIn, UNREACHABLE: UNREACHABLE };
}
