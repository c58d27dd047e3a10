/*
 * A match's hand entered with no connection (issue 38), on the page that runs the match. When
 * the hand form gets no answer (htmx:sendError), its fields, with its idempotency key and CSRF
 * token, are kept on the phone (kept.js, store "hands") and the form is cleared for the next
 * hand under a new key. Beside the standings the page lists each hand waiting to be sent. When
 * the phone is back online (sending.js: by Background Sync where the browser has it, else the
 * `online` event or the next load of this page) each is posted as htmx posts the form, in the
 * order entered: its key makes the server count it once even if an earlier try reached it. A hand the server refuses stays listed with the server's reasons
 * until dismissed. The server decides everything; nothing is scored here.
 */
(function () {
  "use strict";
  var gettext = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  var interpolate = typeof window.interpolate === "function" ? window.interpolate : function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  };
  var hands = null, sending = null;

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  }

  function here(records) {
    var path = location.pathname;
    return records.filter(function (record) { return record.path === path; })
      .sort(function (a, b) { return a.made - b.made; });
  }

  /* The list beside the standings (outside #standings, which its poll replaces). Only the
   * latest call draws it: an earlier call's read may end after a later one's. */
  var drawn = 0;
  function list() {
    var call = ++drawn;
    return hands.waiting().then(function (records) {
      if (call !== drawn) return;
      var old = document.querySelector("[data-waiting-hands]");
      if (old) old.remove();
      records = here(records);
      var standings = document.getElementById("standings");
      if (!records.length || !standings) return;
      var section = element("section", "unsent waiting-hands");
      section.setAttribute("data-waiting-hands", "");
      section.setAttribute("role", "status");
      section.appendChild(element("h2", "", gettext("Hands waiting to be sent")));
      var items = element("ul");
      records.forEach(function (record) {
        var item = element("li");
        item.setAttribute("data-hand", record.number);
        if (record.refused) {
          item.textContent = interpolate(gettext("Hand %(number)s was not counted: %(why)s"), { number: record.number, why: reasons(record.refused) }, true) + " ";
          var dismiss = element("button", "secondary", gettext("Dismiss"));
          dismiss.type = "button";
          dismiss.addEventListener("click", function () { hands.forget(record.key).then(list); });
          item.appendChild(dismiss);
        } else {
          item.textContent = interpolate(gettext("Hand %(number)s, entered with no connection: it is sent as soon as this phone is back online."), { number: record.number }, true);
        }
        items.appendChild(item);
      });
      section.appendChild(items);
      standings.parentNode.insertBefore(section, standings);
    });
  }

  function sendWaiting() {
    if (sending || !navigator.onLine || !window.refereeSending) return sending;
    sending = window.refereeSending.hands(location.pathname)
      .then(function () { sending = null; }, function () { sending = null; })
      .then(list);  // the standings' own poll shows the hands counted
    return sending;
  }

  function reasons(refused) {
    if (refused.status) return interpolate(gettext("the server answered %(status)s."), { status: refused.status }, true);
    return Object.keys(refused).map(function (path) { return refused[path].join(" "); }).join(" ");
  }

  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail && event.detail.elt;
    var form = elt && elt.closest && elt.closest("form.match-hand-form");
    if (!form || !hands) return;
    var key = form.querySelector('[name="idempotency_key"]');
    hands.waiting().then(function (records) {
      var record = { key: key.value, path: location.pathname, made: Date.now(),
                     number: Number(form.getAttribute("data-hand")) + here(records).length,
                     fields: Array.from(new FormData(form)).filter(function (pair) { return typeof pair[1] === "string"; }) };
      return hands.keep(record).then(function () {
        form.reset();
        key.value = crypto.randomUUID();  // the next hand is another write
        var notice = form.querySelector("[data-unsent]");
        if (notice) notice.textContent = interpolate(gettext("No connection: hand %(number)s is kept on this phone and is sent as soon as it is back online. Enter the next hand when it is dealt."), { number: record.number }, true);
        window.refereeSending.later();  // Background Sync sends it, even with the page closed
        return list();
      });
    });
  });

  // kept.js comes after this page's own scripts: it is in place once the document is parsed.
  document.addEventListener("DOMContentLoaded", function () {
    if (!window.indexedDB || !window.refereeKept) return;
    hands = window.refereeKept("hands");
    window.addEventListener("online", sendWaiting);
    window.addEventListener("load", function () { list().then(sendWaiting); });
    if (navigator.serviceWorker) {  // the service worker sent some (Background Sync)
      navigator.serviceWorker.addEventListener("message", function (event) {
        if (event.data && event.data.sent) list();
      });
    }
  });
})();
