/*
 * Install the service worker that keeps the rule library for a phone with no connection
 * (referee/views/offline.py). Once it is in place the page says so: <html data-offline="ready">
 * and each [data-offline-note] shown; a page with the phone's engine then readies its quick
 * start (<html data-offline-engine="ready">). Without scripts, or where a browser has no
 * service workers, every page works online as before.
 */
(function () {
  "use strict";
  var root = document.documentElement;
  var url = document.currentScript && document.currentScript.getAttribute("data-service-worker");
  if (!url || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  /* Once the worker answers this page's requests, so the engine's files come from its cache
   * and are not downloaded a second time on the first visit. */
  function controlled() {
    if (navigator.serviceWorker.controller) return Promise.resolve();
    return new Promise(function (resolve) {
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
    });
  }

  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      root.setAttribute("data-offline", "ready");
      Array.prototype.forEach.call(document.querySelectorAll("[data-offline-note]"), function (note) {
        note.hidden = false;
      });
      if (window.refereeEngine) {  // the engine's files are kept: ready its quick start too
        return controlled().then(window.refereeEngine.prepare).then(function () {
          root.setAttribute("data-offline-engine", "ready");
        });
      }
    }).catch(function () { /* online as before */ });
  });
})();
