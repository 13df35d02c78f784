// A save from a page of its own (a hand counted, a count, a turn, a cell, the task cards), sent
// without leaving the page: one the server cannot take waits in the link's outbox (outbox.js,
// the one the sheet keeps and shows too) instead of the browser's "No internet" page, and is
// sent once the server answers again. A save that lands takes the phone where it takes it
// without this script (the sheet); a refusal is said on the page, as without it. A module, as
// are the modules it imports: node tests those (tests/js/).
import { choices as offerChoices } from "./choice.js";
import { outbox as keptSaves } from "./outbox.js";
import { sheetAnswers } from "./sheet_answers.js";
import { sheetWords } from "./sheet_words.js";

(function () {
  var form = document.querySelector("form[data-outbox]");
  if (!form) return;
  var words = sheetWords(form), answers = sheetAnswers(form);
  var say = words.say, note = words.note, UNREACHABLE = answers.UNREACHABLE;
  var csrf = form.querySelector("input[name=csrf_token]").value;
  var here = new URL(form.action, location.href).pathname;
  var sending = false;  // a save of this page's is on its way: a second tap sends nothing
  var notes = document.createElement("div");
  notes.id = "sheet-notes";
  var title = document.querySelector("main h1");
  if (title) title.insertAdjacentElement("afterend", notes);
  else form.parentNode.insertBefore(notes, form);

  // A field's label as a person reads it, without its hint.
  function labelOf(input) {
    var label = input.closest("label") || (input.id && document.querySelector('label[for="' + input.id + '"]'));
    if (!label) return "";
    var copy = label.cloneNode(true);
    copy.querySelectorAll(".hint, input").forEach(function (node) { node.remove(); });
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  // What a save holds, as a list of saves says it: the fields changed from what the page showed
  // (all that say something, if none did), each group under its legend: "Cards collected this
  // round: Correct 6, Incorrect 2". A single typed value is said alone ("31").
  function summary(source) {
    if (source.hasAttribute("data-outbox-value")) return source.getAttribute("data-outbox-value");
    function said(changedOnly) {
      var groups = [];
      Array.prototype.forEach.call(source.elements, function (input) {
        if (!input.name || input.type === "hidden" || input.closest("[hidden]") || !input.matches("input")) return;
        var text;
        if (input.type === "checkbox" || input.type === "radio") {
          if (!input.checked || (changedOnly && input.defaultChecked)) return;
          text = labelOf(input);
        } else {
          var value = input.value.trim();
          if (changedOnly ? input.value === input.defaultValue : !value || value === "0") return;
          text = (labelOf(input) + " " + value).trim();
        }
        var set = input.closest("fieldset"), legend = set && set.querySelector("legend");
        var head = legend ? legend.textContent.replace(/\s+/g, " ").trim() : "";
        var last = groups[groups.length - 1];
        if (last && last.head === head) last.items.push(text);
        else groups.push({ head: head, items: [text], single: input.type !== "checkbox" && input.type !== "radio" ? value : null });
      });
      if (groups.length === 1 && groups[0].items.length === 1 && !groups[0].head && groups[0].single != null) {
        return groups[0].single;
      }
      return groups.map(function (group) {
        return (group.head ? group.head + ": " : "") + group.items.join(", ");
      }).join("; ");
    }
    return said(true) || said(false);
  }

  function fieldsOf(source) {
    var fields = [];
    new FormData(source).forEach(function (value, name) { if (name !== "csrf_token") fields.push([name, value]); });
    return fields;
  }

  function post(url, fields) {
    var data = new FormData();
    fields.forEach(function (field) { data.append(field[0], field[1]); });
    data.append("csrf_token", csrf);
    return fetch(url, { method: "POST", body: data, credentials: "same-origin" })
      .then(answers.answerTo)
      .catch(function () { return UNREACHABLE; });
  }

  // Asked again the way the page asks without this script, to show the server's own page: a
  // refusal wrote nothing, so asking again is safe.
  function submitPlainly(url, fields) {
    var plain = document.createElement("form");
    plain.method = "post";
    plain.action = url;
    fields.concat([["csrf_token", csrf]]).forEach(function (field) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = field[0];
      input.value = field[1];
      plain.appendChild(input);
    });
    plain.hidden = true;
    document.body.appendChild(plain);
    plain.submit();
  }

  // Where a landed save takes the phone, with what the server said there ("Dana's hand
  // saved."): the answer that brought it was already the page, so the sheet says it again
  // (sheet.js).
  function arrive(answer) {
    var said = Array.prototype.map.call(answer.page.querySelectorAll("main > .flash, #sheet > .flash"), function (flash) {
      return { error: flash.classList.contains("flash-error"), text: flash.textContent.trim() };
    });
    try { window.sessionStorage.setItem("squarescores.flashes", JSON.stringify(said)); }
    catch (error) { /* not said again: the sheet shows the save itself */ }
    location.assign(answer.url);
  }

  function save(source) {
    if (sending) return;
    var url = source.action, fields = fieldsOf(source);
    var values = [{ label: source.getAttribute("data-outbox-label") || form.getAttribute("data-outbox-label"),
                    value: summary(source) }];
    function keep() {
      outbox.keep(url, fields, values);
      outbox.flush();
      // Said at the top of the page, where the phone now shows it (the tap was at the bottom).
      window.scrollTo({ top: 0 });
    }
    if (outbox.items().length) { keep(); return; }  // what waits goes first
    sending = true;
    post(url, fields).then(function (answer) {
      if (answer.kind === "unreachable") { sending = false; keep(); return; }
      if (answer.kind === "sheet" && answer.ok) { arrive(answer); return; }
      submitPlainly(url, fields);
    });
  }

  var outbox = keptSaves("squarescores.outbox." + form.getAttribute("data-outbox"), function (item) {
    return post(item.url, item.fields).then(function (answer) {
      if (answer.kind === "unreachable") throw new Error("not now");
      landed(item, answer);
    });
  }, function (items) {
    var waiting = notes.querySelector(".waiting-note");
    if (waiting) waiting.remove();
    if (!items.length) return;
    notes.appendChild(note("waiting-note", say("waiting"), [].concat.apply([], items.map(function (item) {
      return item.values;
    }))));
  });

  var choices = offerChoices(notes, save);

  // A kept save, answered: this page's own, landed, takes the phone where the save takes it
  // (once nothing else waits: leaving would cut the next one off halfway); a refusal is said
  // here, a lost race offered as a choice.
  function landed(item, answer) {
    if (answer.kind === "sheet" && answer.ok) {
      var mine = new URL(item.url, location.href).pathname === here;
      if (mine && outbox.items().length <= 1) setTimeout(function () { arrive(answer); }, 0);
      return;
    }
    if (new URL(item.url, location.href).pathname === here) fill(item.fields);
    if (choices.take(answer.kind === "sheet" ? answer.sheet : answer.page)) return;
    var error = (answer.kind === "sheet" ? answer.sheet : answer.page).querySelector(".error");
    notes.appendChild(note("flash-error", say("not-saved", { reason: error ? error.textContent.trim() : "" }),
                           item.values));
  }

  // This page's form as the kept save had it, so that what the choice calls "yours" is below
  // it (a reload since showed what the server held).
  function fill(fields) {
    Array.prototype.forEach.call(form.elements, function (input) {
      if (input.type === "checkbox") input.checked = false;
    });
    fields.forEach(function (field) {
      form.querySelectorAll('[name="' + CSS.escape(field[0]) + '"]').forEach(function (input) {
        if (input.type === "checkbox" || input.type === "radio") { if (input.value === field[1]) input.checked = true; }
        else if (input.type !== "hidden") input.value = field[1];
      });
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));  // hand.js: the mode, the preview
  }

  document.addEventListener("submit", function (event) {
    var source = event.target;
    if (event.defaultPrevented || !(source === form || source.matches("form.choice"))) return;
    event.preventDefault();
    save(source);
  });

  outbox.flush();
})();
