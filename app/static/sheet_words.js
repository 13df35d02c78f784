// What the sheet says on the page, in the page's own words (#sheet's data-say-* attributes): a
// sentence with its names filled in, a notice above the sheet, the values typed and not saved.

// sheet: the #sheet whose sentences are said and whose fields are read; sheet.js asks.
export function sheetWords(sheet) {
  // A sentence of the page's, its %(name)s filled in; names and numbers isolated in <bdi>.
  function say(name, values) {
    var text = sheet.getAttribute("data-say-" + name) || "";
    var out = document.createDocumentFragment();
    text.split(/%\((\w+)\)s/).forEach(function (part, i) {
      if (i % 2 === 0) { if (part) out.appendChild(document.createTextNode(part)); return; }
      var value = document.createElement("bdi");
      value.textContent = values && values[part] != null ? values[part] : "";
      // A number or a sum ("10+5") reads left to right on every page.
      if (/^[\d\s+\-\u2212.,=]+$/.test(value.textContent)) value.dir = "ltr";
      out.appendChild(value);
    });
    return out;
  }

  // A notice above the sheet (outside it: a refresh leaves it be), with a list of typed values.
  function note(className, sentence, items) {
    var p = document.createElement("div");
    p.className = "flash " + className;
    p.setAttribute("role", className === "flash-error" ? "alert" : "status");
    var text = document.createElement("p");
    text.appendChild(sentence);
    p.appendChild(text);
    if (items && items.length) {
      var list = document.createElement("ul");
      items.forEach(function (item) {
        var li = document.createElement("li");
        li.appendChild(say("item", item));
        list.appendChild(li);
      });
      p.appendChild(list);
    }
    return p;
  }

  // What this person typed and has not saved: each field whose value is not the page's.
  function typed() {
    return Array.prototype.filter.call(sheet.querySelectorAll("input.score[id]"), function (input) {
      return input.value !== input.defaultValue;
    });
  }

  // Typed values as a notice lists them: each with its field's label.
  function asTyped(inputs) {
    return inputs.map(function (input) { return { label: input.getAttribute("aria-label"), value: input.value }; });
  }

  return { say: say, note: note, typed: typed, asTyped: asTyped };
}
