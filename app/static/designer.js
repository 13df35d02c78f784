// The designer, enhanced: a row's kind shows its own fields, rows are added, moved and removed
// in place (the same buttons the server answers without this script), and the design is checked
// as it is typed: each refusal beside its field, each formula's value on the sample numbers. The
// server reads the design (/designs/check): the page keeps no grammar of its own. Every word it
// shows comes from the page or from the server, in the page's language.
(function () {
  "use strict";
  var form = document.getElementById("designer");
  if (!form) return;
  var list = form.querySelector("ol.design-rows");
  var template = document.getElementById("row-template");
  var most = parseInt(form.getAttribute("data-most-rows"), 10) || 40;
  var timer = null;
  var asked = 0; // checks asked for so far: only the latest one's answer is shown

  function rows() { return Array.prototype.slice.call(list.querySelectorAll(":scope > li.design-row")); }

  // A row shows the fields of its kind alone (its labels too: a count's points are "each").
  function showKind(row) {
    var select = row.querySelector("select.row-kind");
    var kind = select.value;
    row.querySelectorAll("[data-kinds]").forEach(function (part) {
      part.hidden = part.getAttribute("data-kinds").split(" ").indexOf(kind) < 0;
    });
    var said = row.querySelector(".kind-said");
    if (said) said.textContent = select.options[select.selectedIndex].getAttribute("data-said") || "";
  }

  function showScoring() {
    var chosen = form.querySelector("input[name=scoring]:checked");
    form.querySelectorAll("[data-scoring]").forEach(function (part) {
      part.hidden = !chosen || part.getAttribute("data-scoring") !== chosen.value;
    });
  }

  // Each row's fields named and labelled by its place in the list, as the server names them.
  var NAMED = ["id", "name", "for", "aria-describedby", "aria-controls", "list"];
  function renumber() {
    rows().forEach(function (row, index) {
      row.setAttribute("data-row", String(index));
      row.querySelectorAll("*").forEach(function (node) {
        NAMED.forEach(function (attribute) {
          var value = node.getAttribute(attribute);
          if (value && value.indexOf("rows-") >= 0) {
            node.setAttribute(attribute, value.replace(/rows-(\d+|__n__)-/g, "rows-" + index + "-"));
          }
        });
        if (node.matches("button[value]")) {
          node.value = node.value.replace(/^(up|down|remove)-(\d+|__n__)$/, "$1-" + index);
          var label = node.getAttribute("data-label");
          if (label) node.setAttribute("aria-label", label.replace("{n}", String(index + 1)));
        }
      });
      var number = row.querySelector(".row-number");
      if (number) number.textContent = String(index + 1);
    });
    var add = document.getElementById("add-row");
    if (add) add.hidden = rows().length >= most;
  }

  function act(action) {
    var all = rows();
    if (action === "add") {
      if (all.length >= most || !template) return;
      list.appendChild(template.content.cloneNode(true));
      renumber();
      var added = rows()[rows().length - 1];
      showKind(added);
      added.querySelector("input").focus();
      schedule();
      return;
    }
    var found = /^(up|down|remove)-(\d+)$/.exec(action);
    if (!found) return;
    var at = parseInt(found[2], 10), row = all[at];
    if (!row) return;
    if (found[1] === "remove") {
      if (all.length > 1) row.remove();
    } else if (found[1] === "up" && at > 0) {
      list.insertBefore(row, all[at - 1]);
    } else if (found[1] === "down" && at < all.length - 1) {
      list.insertBefore(all[at + 1], row);
    }
    renumber();
    var focus = rows()[Math.min(found[1] === "remove" ? at : at + (found[1] === "up" ? -1 : 1), rows().length - 1)];
    var same = focus && focus.querySelector('button[value^="' + found[1] + '-"]');
    if (same) same.focus();
    schedule();
  }

  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[name=action]");
    if (!button || !/^(add|up-|down-|remove-)/.test(button.value)) return;
    event.preventDefault();
    act(button.value);
  });

  // A field is judged aloud once a person has typed into it (or the server judged it): a row
  // just added never opens with "Type a whole number." under the fields nobody has reached yet.
  function touch(event) {
    if (event.target.matches("input, select, textarea")) event.target.setAttribute("data-touched", "");
  }
  form.querySelectorAll('[aria-invalid="true"]').forEach(function (field) { field.setAttribute("data-touched", ""); });

  form.addEventListener("change", function (event) {
    touch(event);
    if (event.target.matches("select.row-kind")) showKind(event.target.closest("li.design-row"));
    if (event.target.matches("input[name=scoring]")) showScoring();
    schedule();
  });
  form.addEventListener("input", function (event) { touch(event); schedule(); });

  // The refusal listed at the top of the page: a link to a field puts the focus in it (its
  // translations opened where it sits among them).
  var summary = document.getElementById("error-summary");
  if (summary) {
    summary.addEventListener("click", function (event) {
      var link = event.target.closest("a[href^='#']");
      var field = link && document.getElementById(link.getAttribute("href").slice(1));
      if (!field) return;
      event.preventDefault();
      var details = field.closest("details");
      if (details) details.open = true;
      field.focus();
      (field.closest(".option") || field).scrollIntoView({ block: "center" });
    });
  }

  // The list at the top follows the checks: a fault fixed leaves it, and the list goes with the
  // last one.
  function followSummary(errors) {
    if (!summary) return;
    summary.querySelectorAll("li[data-for]").forEach(function (item) {
      var message = errors[item.getAttribute("data-for")];
      if (message === undefined) item.remove();
      else item.querySelector(".said").textContent = message;
    });
    if (!summary.querySelector("li")) { summary.remove(); summary = null; }
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(check, 400);
  }

  // Said beside a field: its refusal, or nothing.
  function sayAt(name, message) {
    var field = document.getElementById(name);
    if (!field) return false;
    var id = name + "-error";
    var said = document.getElementById(id);
    if (!said) {
      said = document.createElement("p");
      said.className = "error";
      said.id = id;
      said.setAttribute("role", "alert");
      var place = field.closest(".option") || field.parentNode;
      place.appendChild(said);
    }
    said.textContent = message;
    field.setAttribute("aria-invalid", "true");
    var described = (field.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    if (described.indexOf(id) < 0) field.setAttribute("aria-describedby", described.concat([id]).join(" "));
    return true;
  }

  function clearSaid() {
    form.querySelectorAll("p.error:not(#designer-said)").forEach(function (said) {
      var field = document.getElementById(said.id.replace(/-error$/, ""));
      if (field) {
        field.removeAttribute("aria-invalid");
        var described = (field.getAttribute("aria-describedby") || "").split(" ").filter(function (id) { return id && id !== said.id; });
        if (described.length) field.setAttribute("aria-describedby", described.join(" "));
        else field.removeAttribute("aria-describedby");
      }
      said.remove();
    });
  }

  // The tie-breaks and the ranks name rows by their keys: offered as they now stand.
  function offerKeys(keys) {
    var labels = {};
    rows().forEach(function (row, index) {
      var label = row.querySelector('input[name$="-label"]');
      labels["rows-" + index + "-key"] = label && label.value.trim();
    });
    var datalist = document.getElementById("row-keys");
    if (datalist) {
      datalist.replaceChildren();
      Object.keys(keys).forEach(function (name) {
        var option = document.createElement("option");
        option.value = keys[name];
        datalist.appendChild(option);
      });
    }
    form.querySelectorAll("select.tiebreak-row").forEach(function (select) {
      var chosen = select.value, none = select.options[0];
      select.replaceChildren(none);
      Object.keys(keys).forEach(function (name) {
        var option = document.createElement("option");
        option.value = keys[name];
        option.textContent = labels[name] || keys[name];
        option.selected = keys[name] === chosen;
        select.appendChild(option);
      });
    });
    Object.keys(keys).forEach(function (name) {
      var field = document.getElementById(name);
      if (field && !field.value.trim()) field.placeholder = keys[name];
    });
  }

  function check() {
    var ask = ++asked;
    var data = new FormData(form);
    data.delete("action");
    fetch(form.getAttribute("data-check-url"), { method: "POST", body: data, credentials: "same-origin" })
      .then(function (response) {
        var json = /^application\/json\b/i.test(response.headers.get("Content-Type") || "");
        if (!response.ok || !json) throw new Error("not the check");
        return response.json();
      })
      .then(function (answer) {
        if (ask !== asked) return; // an earlier check, answered after a later one was asked
        clearSaid();
        var whole = document.getElementById("designer-said");
        if (whole) whole.textContent = "";
        Object.keys(answer.errors).forEach(function (name) {
          var field = name && document.getElementById(name);
          if (field && !field.hasAttribute("data-touched")) return;
          if (!name || !sayAt(name, answer.errors[name])) {
            if (whole) whole.textContent = answer.errors[name];
          }
        });
        followSummary(answer.errors);
        form.querySelectorAll("p.sample").forEach(function (sample) {
          var name = sample.id.replace(/-sample$/, "");
          var value = answer.samples[name];
          sample.textContent = value === undefined ? "" : (form.getAttribute("data-say-sample") || "= {value}").replace("{value}", value);
        });
        offerKeys(answer.keys);
      })
      .catch(function () { /* checked again on Check or Save, by the server */ });
  }

  rows().forEach(showKind);
  showScoring();
  renumber();
})();
