{% autoescape off %}/* Pineapple Referee's service worker: the rule library and the game pages offline (referee/views/offline.py). */
"use strict";
var CACHE = "referee-{{ version }}";
var KEPT = [{% for url in kept %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var OFFLINE = "{% url 'offline' %}";
// The game pages the phone's engine answers offline (static/js/answered_offline.js).
var PAGES = [{% for url in pages %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;  // a manifest storage name: its content, forever
// What the pages kept with no connection, sent from here when Background Sync wakes the worker.
importScripts({% for url in scripts %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %});
var CASES = "{{ cases|escapejs }}";

/* What it keeps as it is fetched: the rule library's pages and the files pages load. */
function keeps(path) {
  if (path.indexOf("/static/") === 0 || path === "/jsi18n/" || path === OFFLINE) return true;
  if (PAGES.indexOf(path) >= 0) return true;
  return /^\/rules\/([A-Za-z0-9-]+\/){0,2}$/.test(path) && !/^\/rules\/(house|search)\//.test(path);
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(KEPT); }));
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  // Navigation preload: a page's request starts while the worker wakes, so it waits for nothing.
  var preload = self.registration.navigationPreload;
  event.waitUntil(Promise.resolve(preload && preload.enable()).then(function () {
    return caches.keys();
  }).then(function (names) {
    // Only its own old caches: the engine keeps its start-up snapshot beside them (engine.js).
    return Promise.all(names.filter(function (name) { return /^referee-/.test(name) && name !== CACHE; })
      .map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

/* The network's answer: for a page, the one navigation preload already asked for. */
function network(event) {
  return Promise.resolve(event.preloadResponse).then(function (preloaded) {
    return preloaded || fetch(event.request);
  });
}

/* The answer as it came, with a copy kept behind it (never one the server said not to store). */
function kept(event, response) {
  var rule = response.headers.get("Cache-Control") || "";
  if (response.ok && response.type === "basic" && rule.indexOf("no-store") < 0) {
    var copy = response.clone();
    event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(event.request, copy); }));
  }
  return response;
}

/* The kept copy of an address. Pages vary by language (Vary: Accept-Language, Cookie), and a
 * phone's request may carry another Accept-Language than the one that kept the copy: with no
 * network, the one copy kept (in the language it was last fetched in) is better than none. */
function offline(request) {
  return caches.match(request, { ignoreVary: true }).then(function (found) {
    if (found) return found;
    return request.mode === "navigate" ? caches.match(OFFLINE) : Response.error();
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.search || !keeps(url.pathname)) {
    // Not kept: the network's answer; a page that cannot be reached says it needs the network.
    if (request.mode === "navigate") {
      event.respondWith(network(event).catch(function () { return caches.match(OFFLINE); }));
    }
    return;
  }
  if (HASHED.test(url.pathname)) {
    event.respondWith(caches.match(request).then(function (found) {
      return found || fetch(request).then(function (response) { return kept(event, response); });
    }));
    return;
  }
  event.respondWith(network(event).then(function (response) {
    return kept(event, response);
  }).catch(function () { return offline(request); }));
});

/* Background Sync: the connection is back (a page registered this when it kept something).
 * What is still waiting afterwards fails the sync, so the browser tries again later. */
self.addEventListener("sync", function (event) {
  if (event.tag !== self.refereeSending.tag) return;
  event.waitUntil(Promise.all([self.refereeSending.cases(CASES), self.refereeSending.hands()])
    .then(function (sent) {
      return self.clients.matchAll().then(function (clients) {
        clients.forEach(function (client) { client.postMessage({ sent: { cases: sent[0], hands: sent[1] } }); });
      });
    }).then(function () {
      return Promise.all([self.refereeKept("unsent").waiting(), self.refereeKept("hands").waiting()]);
    }).then(function (kept) {
      var left = kept[0].concat(kept[1]).filter(function (record) { return !record.refused; });
      if (left.length) throw new Error(left.length + " still waiting");
    }));
});
{% endautoescape %}
