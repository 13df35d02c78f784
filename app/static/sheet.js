// The sheet, enhanced: saves without a page load, keeps the keyboard up, previews sums, follows
// other phones' saves as they happen (live.js) and keeps what could not be sent (outbox.js).
// Every word it writes comes from the page (#sheet's data-say-* attributes, said by
// sheet_words.js), and so does every address it asks: a form's action, a cell's link, #sheet's
// data-*-url (_live.html's links()). The server's answers are read by sheet_answers.js.
// A module, as are the modules it imports: node tests those (tests/js/).
import { showSum, showSums } from "./arithmetic.js";
import { cellEditor } from "./cell_edit.js";
import { choices as offerChoices } from "./choice.js";
import { connect } from "./live.js";
import { outbox as keptSaves } from "./outbox.js";
import { sheetAnswers } from "./sheet_answers.js";
import { sheetWords } from "./sheet_words.js";
import { localTimes } from "./times.js";

(function () {
  var sheet = document.getElementById("sheet");
  if (!sheet) return;
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  // The link's token, as the server wrote it: the poll's bearer and the name of the outbox.
  var token = sheet.getAttribute("data-token");
  var notes = document.getElementById("sheet-notes");
  if (!notes) {
    notes = document.createElement("div");
    notes.id = "sheet-notes";
    sheet.parentNode.insertBefore(notes, sheet);
  }
  // Where a screen reader hears, once and politely, what another phone changed: one sentence,
  // the server's (.sheet-state's data-announce), replaced by the next, never a growing log.
  var spoken = document.getElementById("sheet-announce");
  // What the sheet says (sheet_words.js) and how it reads the server's answers (sheet_answers.js).
  var words = sheetWords(sheet), answers = sheetAnswers(sheet);
  var say = words.say, note = words.note, typed = words.typed, asTyped = words.asTyped;
  var drawn = answers.drawn, answerTo = answers.answerTo, UNREACHABLE = answers.UNREACHABLE;

  // The sheet's state, all of it, in one place: every function below reads and writes it here.
  var now = {
    // The version of the sheet on the page (its .sheet-state's data-version; each morph sets both).
    shown: Number(drawn("version")),
    // The live refresh: "idle", "fetching" (the fragment is on its way: `fetching` is its
    // promise) or "again" (on its way, and asked for since: one more follows it).
    refresh: "idle",
    fetching: null,
    // A cell is being changed in place (`editing` is its <td>, else false): no refresh lands
    // meanwhile. One asked for is `due` once the change is done, or dropped when its save's
    // answer brings the newer sheet itself.
    editing: false,
    due: false,
    // The newest version the live connection told of, and the timer that tries a failed
    // refresh again while the page is still behind it.
    told: null,
    retry: null,
    // This phone's own saves on their way (the sheet is aria-busy meanwhile, until the last
    // answer is drawn), and the versions its answered saves made: another phone's sentence is
    // never said for those.
    saving: 0,
    mine: {},
    // The newest version whose sentence the live region said, and one held back while own saves
    // are on their way (it may be theirs): { version, text }.
    said: Number(drawn("version")),
    held: null,
    // The live connection (live.js), and the notice it put up (offline, gone), if any.
    live: null,
    notice: null
  };

  // A sum typed shows its value beside it (arithmetic.js), here as the page is drawn anew too.
  function previewAll() { showSums(sheet); }

  // `atLoad`: the page is drawn before this script runs, and on a slow phone the person may
  // already be in a field. One they tapped, or typed into, keeps the focus: moved to the next
  // field with its text selected, their next keystrokes went into another cell (a round saved
  // with Ben's score as Ana's, and Ben's empty).
  function focusNext(atLoad) {
    var state = sheet.querySelector(".sheet-state");
    var id = state && state.getAttribute("data-focus");
    var target = (id && document.getElementById(id)) || sheet.querySelector("input.invalid");
    if (!target) return;
    var active = document.activeElement;
    if (atLoad && active && active.matches("input, select, textarea")
        && (active !== target || active.value !== active.defaultValue)) return;
    target.focus();
    if (typeof target.select === "function") target.select();
  }

  function currentVersion() { return String(now.shown); }
  function entryNumber(root) {
    var number = root.querySelector("#entry input[name=number]");
    return number ? number.value : null;
  }

  // The new sheet morphed into the page: only what changed changes, so a link being tapped,
  // the focus, the caret, the scroll position and an open <details> are left as they are.
  // "live" (another phone's save) also leaves what is being typed, and the version the typing
  // began at, so that saving it can tell a cell someone else saved meanwhile (and ask).
  // `fresh` is the new #sheet, from an answer sheetIn() read.
  function apply(fresh, live) {
    var version = Number(drawn("version", fresh));
    // A refresh overtaken by this phone's own save (or by a newer refresh) has nothing to add.
    if (live && version <= now.shown) return;
    // So has the answer to an earlier save of this phone's that arrives after a newer sheet (two
    // quick saves on a slow network can be answered out of order): it would take the sheet back.
    // A refusal it carried is still said, with what was typed.
    if (!live && version < now.shown) {
      var reason = fresh.querySelector(".error");
      if (reason) {
        var typedThere = Array.prototype.filter.call(fresh.querySelectorAll("input.score[id]"), function (input) {
          return input.value.trim();
        });
        notes.appendChild(note("flash-error", say("overtaken", { reason: reason.textContent.trim() }),
                               asTyped(typedThere)));
      }
      return;
    }
    // This phone's own save, answered after a live refresh already drew the version it made (the
    // event can outrun the answer on a busy server): the page is that sheet already, and what has
    // been typed since into the next round stays, with the caret where it is.
    var caughtUp = !live && version === now.shown && !fresh.querySelector(".error");
    var kept = live || caughtUp ? typed() : [];
    if (kept.length && entryNumber(fresh) !== entryNumber(sheet)) {
      // The round was finished on other phones: say what this phone had typed, lose nothing.
      notes.appendChild(note("flash-error", say("round-finished", { number: entryNumber(sheet) }),
                             asTyped(kept)));
      kept = [];
    }
    // A save that lost a race is a choice above the sheet, kept there through refreshes.
    if (!live) choices.take(fresh);
    var typedAt = kept.length ? sheet.querySelector("#entry input[name=version]") : null;
    // The server's message to this page (a flash: "Banking undone") stays until the person
    // leaves it: a live refresh right after brings none, having been asked after it was said.
    // Unless the match is no longer what the message said ("taken back", then banked again by
    // another phone): a message never contradicts the sheet beside it.
    if (live && !fresh.querySelector("p.flash") && drawn("status") === drawn("status", fresh)) {
      var first = fresh.firstChild;
      sheet.querySelectorAll(":scope > p.flash").forEach(function (said) {
        fresh.insertBefore(said.cloneNode(true), first);
      });
    }
    // The answer to this phone's save of a round can come after the person tapped a cell to
    // change it: that cell keeps its field, what is typed there and the focus.
    var changing = !live && now.editing;
    window.Idiomorph.morph(sheet, Array.prototype.slice.call(fresh.childNodes), {
      morphStyle: "innerHTML",
      callbacks: {
        beforeNodeMorphed: function (node) { return node !== changing; },
        beforeAttributeUpdated: function (name, node, change) {
          if (name === "value" && (node === typedAt || kept.indexOf(node) >= 0)) return false;
          if (name === "open" && node.tagName === "DETAILS" && change === "remove") return false;
          return true;
        }
      }
    });
    now.shown = version;
    enhance();
    previewAll();
    if (live) { announce(); return; }
    now.mine[version] = true;
    // This phone saved: what the notices above said is now behind it.
    notes.querySelectorAll(".flash-error").forEach(function (shown) { shown.remove(); });
    if (!kept.length && !changing) focusNext();
  }

  // A refresh brought another phone's change: its sentence (and the version that change made)
  // goes to the live region, once per version. While this phone's own save is on its way the
  // refresh may be that very save: the sentence waits for the answer, and is dropped if the
  // answer brings the same version.
  function announce() {
    var version = Number(drawn("announce-version")), text = drawn("announce");
    if (!spoken || !text || version <= now.said || now.mine[version]) return;
    if (now.saving) { now.held = { version: version, text: text }; return; }
    speak(version, text);
  }

  function speak(version, text) {
    now.said = version;
    // Emptied first, so that the same words for a newer change are heard again.
    spoken.textContent = "";
    setTimeout(function () { spoken.textContent = text; }, 100);
  }

  function saved() {
    now.saving = Math.max(0, now.saving - 1);
    // After the caller has applied the answer (a then() on the same promise).
    setTimeout(function () {
      if (!now.saving) sheet.removeAttribute("aria-busy");
      if (now.saving || !now.held) return;
      var waiting = now.held;
      now.held = null;
      if (!now.mine[waiting.version] && waiting.version > now.said) speak(waiting.version, waiting.text);
    }, 0);
  }

  // What needs this script: times in the phone's own zone, and the print button.
  function enhance() {
    localTimes(sheet);
    sheet.querySelectorAll("button.print-sheet").forEach(function (button) { button.hidden = false; });
  }

  // Live: a newer version than the page shows is fetched and morphed in; never while a cell is
  // being changed in place (it follows once that is done), never two fetches at once.
  function changed(version) {
    now.told = String(version);
    return refresh();
  }

  function refresh() {
    if (now.leaving) return Promise.resolve();
    if (now.editing) { now.due = true; return Promise.resolve(); }
    if (now.refresh !== "idle") { now.refresh = "again"; return now.fetching; }
    now.refresh = "fetching";
    now.fetching = fetch(sheet.getAttribute("data-fragment-url"), { credentials: "same-origin", cache: "no-store" })
      .then(fragmentIn)
      .then(function (fresh) { if (fresh) apply(fresh, true); })
      .then(finished, function (error) {
        // The sheet could not be fetched: try again shortly while the page is still behind.
        clearTimeout(now.retry);
        now.retry = setTimeout(function () { if (now.told !== currentVersion()) refreshQuietly(); }, 2000);
        finished();
        throw error;
      });
    return now.fetching;
  }

  function finished() {
    var again = now.refresh === "again";
    now.refresh = "idle";
    now.fetching = null;
    return again ? refresh() : null;
  }

  // A refresh nobody waits on: one that fails is tried again by itself (now.retry).
  function refreshQuietly() { refresh().catch(function () { /* tried again */ }); }

  // The live fragment's answer: the sheet's new drawing (sheet_answers.js), or null once the
  // link is gone (404). Any other answer is a refresh that failed (it rejects).
  function fragmentIn(response) {
    if (response.status === 404) { gone(); return null; }
    return answers.fragmentIn(response);
  }

  function showNotice(name) {
    if (!now.notice) {
      now.notice = document.createElement("p");
      now.notice.className = "offline";
      now.notice.setAttribute("role", "status");
      document.body.appendChild(now.notice);
    }
    now.notice.replaceChildren(say(name));
  }

  function hideNotice() { if (now.notice) { now.notice.remove(); now.notice = null; } }

  function gone() {
    if (now.live) now.live.stop();
    showNotice("gone");
  }

  // A save, sent with the page's CSRF token: it answers what answerTo() read (sheet_answers.js),
  // and never fails.
  function post(url, data) {
    data.append("csrf_token", csrf);
    now.saving += 1;
    sheet.setAttribute("aria-busy", "true");
    var sent = fetch(url, { method: "POST", body: data, credentials: "same-origin" })
      .then(answerTo)
      .catch(function () { return UNREACHABLE; });
    sent.then(saved);
    return sent;
  }

  // A refusal that came without the sheet: said above it (in `sentence`, with the page's
  // reason) with what was typed, and the sheet brought up to date beside it.
  function refused(sentence, page, values) {
    if (choices.take(page)) { refreshQuietly(); return; }
    var error = page.querySelector(".error");
    notes.appendChild(note("flash-error", say(sentence, { reason: error ? error.textContent.trim() : "" }),
                           values));
    refreshQuietly();
  }

  // What could not be sent waits here, and goes when the server answers again.
  var outbox = keptSaves("squarescores.outbox." + token, function (item) {
    var data = new FormData();
    item.fields.forEach(function (field) { data.append(field[0], field[1]); });
    return post(item.url, data).then(function (answer) {
      if (answer.kind === "unreachable") throw new Error("not now");
      answered(item, answer);
    });
  }, function (items) {
    var waiting = notes.querySelector(".waiting-note");
    if (waiting) waiting.remove();
    if (!items.length) return;
    waiting = note("waiting-note", say("waiting"), [].concat.apply([], items.map(function (item) {
      return item.values;
    })));
    notes.appendChild(waiting);
  });

  // A kept save's answer, shown as the answer to a save made now: the sheet it landed on, or
  // what the server asks (someone saved the same cell meanwhile, the round changed).
  function answered(item, answer) {
    if (answer.kind === "sheet") apply(answer.sheet, false);
    else refused("not-saved", answer.page, item.values);
  }

  sheet.addEventListener("click", function (event) {
    if (event.target.closest("button.print-sheet")) window.print();
  });

  // A form that takes this page elsewhere (bank, undo, rematch): the page's own refresh must not
  // fetch the sheet meanwhile, or it takes the message the next page is to show (the flash).
  // Heard last (on the window), once every script that saves in place has had its say.
  window.addEventListener("submit", function (event) {
    if (!event.defaultPrevented) now.leaving = true;
  });
  window.addEventListener("pageshow", function () { now.leaving = false; });

  sheet.addEventListener("input", function (event) {
    if (event.target.matches("input.score")) showSum(event.target);
  });

  sheet.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.id !== "entry") return;
    event.preventDefault();
    save(form, asTyped(Array.prototype.filter.call(form.elements, function (input) {
      return input.matches("input.score") && input.value.trim();
    })));
  });

  // A form of the sheet's saved in place (the entry row, a choice after a lost race): `values`
  // are what a person reads of it, if it has to wait.
  function save(form, values) {
    var data = new FormData(form);
    var fields = [];
    data.forEach(function (value, name) { if (name !== "csrf_token") fields.push([name, value]); });
    // What waits goes first, in the order it was typed.
    if (outbox.items().length) { keep(); return; }
    post(form.action, data).then(function (answer) {
      if (answer.kind === "sheet") apply(answer.sheet, false);
      // Not what this form is answered with (its refusals come on the sheet), but a refusal:
      // said with what was typed, as a refusal overtaken by a newer sheet is.
      else if (answer.kind === "refused") refused("overtaken", answer.page, values);
      else keep();
    });
    function keep() {
      // The server cannot be reached: kept, shown as waiting, sent once it answers again.
      outbox.keep(form.action, fields, values);
      outbox.flush();
    }
  }

  var choices = offerChoices(notes, function (form) {
    save(form, [{ label: form.getAttribute("data-outbox-label"), value: form.getAttribute("data-outbox-value") }]);
  });

  // Tap a cell to change it in place (cell_edit.js).
  cellEditor(sheet, {
    post: post,
    apply: function (fresh) { apply(fresh, false); },
    version: currentVersion,
    say: say,
    editing: function (cell, saved, behind) {
      now.editing = cell;
      if (saved) now.due = false;
      if (!cell && (now.due || behind)) { now.due = false; refreshQuietly(); }
    },
    // The sheet as the server has it now, fetched even while a cell is being changed: after a
    // clash, the totals behind the choice are the newer ones (the editor puts its choice back).
    fresh: function () {
      return fetch(sheet.getAttribute("data-fragment-url"), { credentials: "same-origin", cache: "no-store" })
        .then(fragmentIn).then(function (fresh) { if (fresh) apply(fresh, true); });
    },
    waiting: function () { return outbox.items().length > 0; },
    keep: function (url, fields, values) { outbox.keep(url, fields, values); outbox.flush(); }
  });

  // What the server said of a save sent from a page of its own (entry.js), said here once.
  try {
    JSON.parse(window.sessionStorage.getItem("squarescores.flashes") || "[]").forEach(function (flash) {
      var said = document.createElement("p");
      said.className = "flash " + (flash.error ? "flash-error" : "flash-info");
      said.setAttribute("role", flash.error ? "alert" : "status");
      said.textContent = flash.text;
      sheet.parentNode.insertBefore(said, notes);
    });
    window.sessionStorage.removeItem("squarescores.flashes");
  } catch (error) { /* nothing to say again */ }
  previewAll();  // what was typed before this script ran (on a slow connection)
  enhance();
  focusNext(true);
  now.live = connect({
    token: token,
    eventsUrl: sheet.getAttribute("data-events-url"),
    pollUrl: sheet.getAttribute("data-poll-url"),
    version: currentVersion,
    // A banked or abandoned match can still be followed by a rematch, which every phone is
    // offered (_next_match.html): only once that offer is on the page is nothing left to hear.
    ended: function () {
      return ["banked", "abandoned"].indexOf(drawn("status")) >= 0 && !!sheet.querySelector(".next-match");
    },
    changed: changed,
    online: function () { hideNotice(); outbox.flush(); },
    offline: function () { showNotice("offline"); },
    gone: gone
  });
  outbox.flush();
})();
