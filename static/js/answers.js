/*
 * The offline engine for a page (issue 38): `refereeEngine.answer(game, body)` gives what the
 * API would answer ({answer} or {errors}), made on the phone by static/js/engine.js, and
 * `refereeEngine.answerForm(game, form)` the same for a page's form as it stands. The worker
 * starts at the first question, not with the page; `refereeEngine.prepare()` readies its start-up
 * snapshot once the service worker keeps its files (static/js/offline.js).
 * Its files' addresses are on this script's tag.
 */
(function () {
  "use strict";
  var tag = document.currentScript;
  if (!tag || !window.Worker) return;
  var worker = null, ready = null, asked = 0, waiting = {};

  function start() {
    if (ready) return ready;
    worker = new Worker(tag.getAttribute("data-engine"), { type: "module" });
    ready = new Promise(function (resolve, reject) {
      worker.onmessage = function (event) {
        var data = event.data;
        if ("ready" in data) return resolve(data);  // {ready: ms, snapshot: how it started}
        if ("id" in data && waiting[data.id]) {
          var settle = waiting[data.id];
          delete waiting[data.id];
          return data.failed ? settle.reject(new Error(data.failed)) : settle.resolve(data);
        }
        if (data.failed) reject(new Error(data.failed));
      };
      worker.onerror = function (event) {  // its script could not be loaded or run
        reject(new Error(event.message || "the engine's worker failed"));
        ready = null;
      };
    });
    worker.postMessage({ start: files(false) });
    return ready;
  }

  function files(prepare) {
    return { pyodide: new URL(tag.getAttribute("data-pyodide"), location.href).href,
             bundle: new URL(tag.getAttribute("data-bundle"), location.href).href,
             prepare: prepare };
  }

  /* Make the engine's start-up snapshot (static/js/engine.js) in a worker of its own that then
   * ends, once per bundle, so that a later start with no connection restores it in a moment. */
  function prepare() {
    var done = "engine-prepared", bundle = tag.getAttribute("data-bundle");
    if (ready || localStorage.getItem(done) === bundle) return Promise.resolve("kept");
    return new Promise(function (resolve, reject) {
      var helper = new Worker(tag.getAttribute("data-engine"), { type: "module" });
      helper.onmessage = function (event) {
        helper.terminate();
        if (!("ready" in event.data)) return reject(new Error(event.data.failed));
        localStorage.setItem(done, bundle);
        resolve(event.data.snapshot);
      };
      helper.onerror = function (event) {
        helper.terminate();
        reject(new Error(event.message || "the engine's worker failed"));
      };
      helper.postMessage({ start: files(true) });
    });
  }

  /* The saved house rules this phone has kept, by key: the engine plays those offline. */
  function houses() {
    if (!window.refereeKept || !window.indexedDB) return Promise.resolve({});
    return window.refereeKept("houses").waiting().then(function (records) {
      var byKey = {};
      records.forEach(function (record) { byKey[record.key] = record; });
      return byKey;
    }, function () { return {}; });
  }

  function ask(question) {
    return Promise.all([start(), houses()]).then(function (got) {
      question.houses = got[1];
      return new Promise(function (resolve, reject) {
        question.id = ++asked;
        question.language = question.language || document.documentElement.lang || "en";
        waiting[question.id] = { resolve: resolve, reject: reject };
        worker.postMessage(question);
      });
    });
  }

  window.refereeEngine = {
    start: start,
    prepare: prepare,
    /* A game's API body: {body, answer} or {body, errors}, as the API answers it. */
    answer: function (game, body, language) {
      return ask({ game: game, body: body, language: language });
    },
    /* A page's form: its fields spell the body, as the server's page spells it. */
    answerForm: function (game, form, language) {
      var fields = {};
      new FormData(form).forEach(function (value, name) {
        (fields[name] = fields[name] || []).push(String(value));
      });
      return ask({ game: game, fields: fields, language: language });
    },
  };
})();
