/*
 * A game page with no connection (issue 38). When a form with data-offline-game gets no answer
 * (htmx:sendError), the phone's engine (answers.js) answers it from the same fields, as the
 * server would: refusals at their fields, or the verdict and its cited rulings in #outcome,
 * marked as answered on this phone. The case waits in IndexedDB under its own id (a UUID)
 * and is sent, with the phone's answer, to PUT /api/cases/<id>/ when the phone is back online
 * (sending.js: by Background Sync where the browser has it, else the `online` event or the next
 * page load), so it reaches the case log exactly once, under that id; the page then links it. The server checks it with its own engine: a refusal, or
 * another answer, is kept there and shown here, never dropped.
 * Nothing here decides a rule.
 */
(function () {
  "use strict";
  var gettext = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  var interpolate = typeof window.interpolate === "function" ? window.interpolate : function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  };
  var STORE = "unsent";
  var tag = document.currentScript;
  var CASES = tag && tag.getAttribute("data-cases");
  var HOUSE_RULES = tag && tag.getAttribute("data-house-rules");
  var CASE_PAGE = tag && tag.getAttribute("data-case-page");

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  /* --- The queue: IndexedDB (kept.js), one record a case, by its id --------------------- */

  var queue = window.refereeKept(STORE);
  var keep = queue.keep, waiting = queue.waiting, forget = queue.forget;

  /* --- Sending what waits ---------------------------------------------------------------- */

  var sending = null;

  /* Every case waiting, sent (sending.js); what became of each shown beside its verdict. */
  function sendWaiting() {
    if (sending || !navigator.onLine || !CASES || !window.refereeSending) return sending;
    sending = window.refereeSending.cases(CASES).then(function (results) {
      results.forEach(function (result) { shown(result.key, result); });
    }).then(function () { sending = null; }, function () { sending = null; });
    return sending;
  }

  /* What became of a case made on this page, beside its verdict. */
  function shown(key, what) {
    var place = document.querySelector('[data-offline-case="' + key + '"]');
    if (!place) return;
    place.textContent = "";
    if (what.sent) {
      place.appendChild(document.createTextNode(gettext("Sent to the case log: ")));
      var link = element("a", "", what.sent);
      link.href = what.sent;
      place.appendChild(link);
    } else if (what.refused) {
      var words = Object.keys(what.refused).map(function (path) { return what.refused[path].join(" "); });
      place.textContent = interpolate(gettext("The server refused this case: %(why)s"), { why: words.join(" ") }, true);
    }
  }

  /* Cases the server refused stay on the phone until the person has read why: listed at the
   * top of any page, each with a button that lets it go. */
  var drawn = 0;  // only the latest call draws the list: an earlier read may end after it
  function listRefused() {
    var call = ++drawn;
    return waiting().then(function (records) {
      if (call !== drawn) return;
      var old = document.querySelector("[data-offline-refused]");
      if (old) old.remove();
      var refused = records.filter(function (record) { return record.refused; });
      var main = document.getElementById("main");
      if (!refused.length || !main) return;
      var section = element("section", "unsent");
      section.setAttribute("role", "alert");
      section.setAttribute("data-offline-refused", "");
      refused.forEach(function (record) {
        var words = Object.keys(record.refused).map(function (path) { return record.refused[path].join(" "); });
        var line = element("p", "", interpolate(gettext("A case made on this phone with no connection was refused by the server: %(why)s"), { why: words.join(" ") }, true) + " ");
        var dismiss = element("button", "secondary", gettext("Dismiss"));
        dismiss.type = "button";
        dismiss.addEventListener("click", function () { forget(record.key).then(listRefused); });
        line.appendChild(dismiss);
        section.appendChild(line);
      });
      main.insertBefore(section, main.firstChild);
    });
  }

  /* --- Answering a form here ------------------------------------------------------------- */

  function clearErrors(form) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-offline-error]"), function (old) { old.remove(); });
  }

  function showErrors(form, errors, notice) {
    var unplaced = [];
    Object.keys(errors).forEach(function (path) {
      var field = form.querySelector('[name="' + path.replace(/\./g, "-") + '"]');
      var list = element("ul", "errorlist");
      list.setAttribute("role", "alert");
      list.setAttribute("data-offline-error", "");
      errors[path].forEach(function (message) { list.appendChild(element("li", "", message)); });
      if (field) {
        field.insertAdjacentElement("afterend", list);
      } else {
        unplaced.push(errors[path].join(" "));
      }
    });
    notice.textContent = gettext("No connection: checked on this phone. Correct what is marked and send it again.")
      + (unplaced.length ? " " + unplaced.join(" ") : "");
  }

  function totals(answer) {
    var list = element("ul", "totals");
    list.setAttribute("data-testid", "totals");
    answer.players.forEach(function (player) {
      var item = element("li", player.fouled ? "fouled" : "", player.name + " ");
      item.setAttribute("data-player", player.name);
      var points = element("span", "points", (player.score > 0 ? "+" : "") + player.score);
      points.setAttribute("data-testid", "score");
      item.appendChild(points);
      if (player.fouled) item.appendChild(element("span", "foul", " " + gettext("Fouled")));
      list.appendChild(item);
    });
    return list;
  }

  /* The verdict's first lines: who scores or wins what, as the answer says it. */
  function headline(answer) {
    if (answer.players && answer.players.length && "score" in answer.players[0]) return totals(answer);
    var line = element("p", "verdict");
    if (answer.winners) {
      line.textContent = interpolate(gettext("Winners: %(names)s"), { names: answer.winners.join(", ") }, true);
    } else if (answer.high_winners) {
      line.textContent = interpolate(gettext("Winners: %(names)s"), { names: answer.high_winners.concat(answer.low_winners || []).join(", ") }, true);
    } else if (answer.decision) {
      line.textContent = answer.decision;
    }
    return line;
  }

  function rulings(list) {
    var section = element("section", "section");
    section.appendChild(element("h2", "", gettext("Rulings")));
    var items = element("ol", "rulings");
    list.forEach(function (ruling) {
      var item = element("li");
      if (ruling.subject && ruling.subject !== "match") {
        item.appendChild(element("strong", "", ruling.subject));
        item.appendChild(document.createTextNode(": "));
      }
      item.appendChild(document.createTextNode(ruling.text + " "));
      var cite = element(ruling.url ? "a" : "span", "citation", ruling.citation);
      if (ruling.url) cite.href = ruling.url;
      item.appendChild(cite);
      items.appendChild(item);
    });
    section.appendChild(items);
    return section;
  }

  function showAnswer(answer, key) {
    var outcome = document.getElementById("outcome");
    if (!outcome) return;
    var section = element("section", "result offline-result");
    section.setAttribute("data-answered-offline", "");
    section.appendChild(element("p", "notice", gettext("Answered on this phone, with no connection, by the same engine and rules as the server.")));
    section.appendChild(headline(answer));
    var place = element("p", "help", gettext("Waiting to be sent to the case log: it goes as soon as the phone is back online.") + " ");
    place.setAttribute("data-offline-case", key);
    if (CASE_PAGE) {  // its address is already known: the id is the phone's
      place.appendChild(document.createTextNode(gettext("Its address, once sent: ")));
      var address = element("a", "", CASE_PAGE.replace("CASE-ID", key));
      address.href = address.textContent;
      place.appendChild(address);
    }
    section.appendChild(place);
    section.appendChild(rulings(answer.rulings || []));
    outcome.textContent = "";
    outcome.appendChild(section);
    section.scrollIntoView({ block: "start" });
  }

  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail && event.detail.elt;
    var form = elt && elt.closest && elt.closest("form[data-offline-game]");
    if (!form || !window.refereeEngine) return;
    var game = form.getAttribute("data-offline-game");
    var notice = form.querySelector("[data-unsent]");
    window.refereeEngine.answerForm(game, form).then(function (said) {
      clearErrors(form);
      if (said.errors) return showErrors(form, said.errors, notice || {});
      var record = { key: crypto.randomUUID(), game: game, body: said.body, answer: said.answer,
                     language: document.documentElement.lang || "en", made: Date.now() };
      return keep(record).then(function () {
        if (notice) notice.remove();
        showAnswer(said.answer, record.key);
        window.refereeSending.later();  // Background Sync sends it, even with the page closed
      });
    }).catch(function () { /* the engine is not on this phone: the notice stands */ });
  });

  /* Saved house rules a game page used online are kept, so that its engine plays them offline:
   * each "house:<id>" among the fields of a form the server answered. */
  var HOUSE_KEY = /^house:([a-z0-9]{1,16})$/;
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    var form = elt && elt.closest && elt.closest("form[data-offline-game]");
    if (!form || !event.detail.successful || !HOUSE_RULES) return;
    new FormData(form).forEach(function (value) {
      var found = HOUSE_KEY.exec(String(value).trim());
      if (!found) return;
      fetch(HOUSE_RULES.replace("RULES-ID", found[1]), { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (house) { if (house) return window.refereeKept("houses").keep(house); })
        .catch(function () { /* kept next time */ });
    });
  });

  /* With no connection the engine starts at once (some seconds), so it is ready by the time the
   * cards are in; online it is not started at all. */
  function warm() {
    if (window.refereeEngine && document.querySelector("form[data-offline-game]")) {
      window.refereeEngine.start().catch(function () { /* answered with the notice */ });
    }
  }

  function sendAndList() {
    return Promise.resolve(sendWaiting()).then(listRefused).catch(function () { /* no store */ });
  }

  window.addEventListener("offline", warm);
  window.addEventListener("online", sendAndList);
  if (navigator.serviceWorker) {  // the service worker sent some (Background Sync)
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (!event.data || !event.data.sent) return;
      (event.data.sent.cases || []).forEach(function (result) { shown(result.key, result); });
      listRefused();
    });
  }
  window.addEventListener("load", function () {
    if (!navigator.onLine) warm();
    if (window.indexedDB) sendAndList();
  });
})();
