/*
 * Sending what the phone kept with no connection (issue 38), from a page (the `online` event,
 * the next load) or from the service worker when the browser's Background Sync wakes it
 * (templates/offline/sw.js), so a page need not be open. No DOM here: each call gives what
 * became of each record, and the pages show it.
 *
 * - Cases made offline (kept.js "unsent"): PUT /api/cases/<id>/ with the phone's answer
 *   (referee/offline_cases.py); the same id sent twice gets the same answer.
 * - A match's hands (kept.js "hands"): posted as htmx posted the form, under its idempotency
 *   key, in the order entered; the page's answer names the hand counted or refused in its
 *   HX-Trigger header (referee/views/matches.py).
 *
 * A refusal is kept on the record (`refused`) and shown until dismissed; a moment's trouble
 * (no connection, 429, 5xx) leaves the record to the next chance.
 */
(function (scope) {
  "use strict";
  var TAG = "referee-send";  // the Background Sync registration

  function inOrder(records, send) {
    var done = [];
    return records.filter(function (record) { return !record.refused; })
      .sort(function (a, b) { return a.made - b.made; })
      .reduce(function (chain, record) {
        return chain.then(function () { return send(record); })
          .then(function (result) { if (result) done.push(result); });
      }, Promise.resolve())
      .catch(function () { /* no connection after all: the next chance */ })
      .then(function () { return done; });
  }

  function sendCase(store, address, record) {
    return fetch(address.replace("CASE-ID", record.key), {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept-Language": record.language },
      body: JSON.stringify({ game: record.game, body: record.body, answer: record.answer }),
    }).then(function (response) {
      if (response.status === 429 || response.status >= 500) return null;
      return response.json().then(function (said) {
        if (response.ok) {
          return store.forget(record.key).then(function () { return { key: record.key, sent: said.url }; });
        }
        record.refused = said.errors || {};
        return store.keep(record).then(function () { return { key: record.key, refused: record.refused }; });
      });
    });
  }

  function named(response, event) {
    try {
      return JSON.parse(response.headers.get("HX-Trigger") || "{}")[event];
    } catch (error) {
      return undefined;
    }
  }

  function sendHand(store, record) {
    var body = new URLSearchParams();
    record.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(record.path, { method: "POST", body: body, credentials: "same-origin",
                                headers: { "HX-Request": "true" } })
      .then(function (response) {
        if (response.status === 429 || response.status >= 500) return null;
        if (response.ok && named(response, "hand-added")) {
          return store.forget(record.key).then(function () { return { key: record.key, sent: true }; });
        }
        var refused = named(response, "hand-refused");
        record.refused = refused ? refused.errors : { status: response.status };
        return store.keep(record).then(function () { return { key: record.key, refused: record.refused }; });
      });
  }

  scope.refereeSending = {
    tag: TAG,
    /* Every case waiting, to the cases API at `address` ("/api/cases/CASE-ID/"). */
    cases: function (address) {
      var store = scope.refereeKept("unsent");
      return store.waiting().then(function (records) {
        return inOrder(records, function (record) { return sendCase(store, address, record); });
      });
    },
    /* Every hand waiting (of the match page at `path`, if given). */
    hands: function (path) {
      var store = scope.refereeKept("hands");
      return store.waiting().then(function (records) {
        var mine = records.filter(function (record) { return !path || record.path === path; });
        return inOrder(mine, function (record) { return sendHand(store, record); });
      });
    },
    /* Ask the browser to wake the service worker when the connection returns, where it can. */
    later: function () {
      if (!scope.navigator || !navigator.serviceWorker) return;
      navigator.serviceWorker.ready.then(function (registration) {
        if (registration.sync) return registration.sync.register(TAG);
      }).catch(function () { /* the `online` event and the next load send it */ });
    },
  };
})(self);
