/*
 * What a phone keeps to send when it is back online (issue 38): one IndexedDB database,
 * "referee-offline", with a store for each kind, each record under its own key: "unsent",
 * cases made offline (answered_offline.js); "hands", a match's hands entered with no
 * connection (waiting_hands.js); "houses", saved house rules a page used online, for the
 * phone's engine to play offline (answered_offline.js, answers.js). `refereeKept(store)` gives
 * {keep(record), waiting(), forget(key)}, each a promise.
 */
(function () {
  "use strict";
  var STORES = ["unsent", "hands", "houses"];

  function database() {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open("referee-offline", 3);
      opening.onupgradeneeded = function () {
        STORES.forEach(function (name) {
          if (!opening.result.objectStoreNames.contains(name)) {
            opening.result.createObjectStore(name, { keyPath: "key" });
          }
        });
      };
      opening.onsuccess = function () { resolve(opening.result); };
      opening.onerror = function () { reject(opening.error); };
    });
  }

  function stored(name, mode, act) {
    return database().then(function (db) {
      return new Promise(function (resolve, reject) {
        var done = db.transaction(name, mode);
        var result = act(done.objectStore(name));
        done.oncomplete = function () {
          db.close();
          resolve(result && "result" in result ? result.result : undefined);
        };
        done.onerror = function () { db.close(); reject(done.error); };
      });
    });
  }

  self.refereeKept = function (name) {  // a page's or the service worker's
    return {
      keep: function (record) { return stored(name, "readwrite", function (store) { return store.put(record); }); },
      waiting: function () { return stored(name, "readonly", function (store) { return store.getAll(); }); },
      forget: function (key) { return stored(name, "readwrite", function (store) { return store.delete(key); }); },
    };
  };
})();
