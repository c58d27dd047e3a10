/*
 * Island page: a hole holds two cards, three once a Phantom Ship is called or announced, so
 * the card picker moves on to the next player after that many. Without this file the page
 * still works (the server reads the holes either way).
 */
(function () {
  "use strict";
  function sync(form) {
    var caller = form.querySelector("[name='phantom_ship-caller']");
    var announced = form.querySelector("[name=variants][value=phantom_ship]");
    var phantom = (caller && caller.value !== "") || (announced && announced.checked);
    form.querySelectorAll("input[data-hole]").forEach(function (input) {
      input.dataset.count = phantom ? "3" : "2";
    });
  }
  function init(root) {
    var form = root.querySelector ? root.querySelector("form[data-island]") : null;
    if (!form || form._islandReady) return;
    form._islandReady = true;
    form.addEventListener("change", function () { sync(form); });
    sync(form);
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target.parentNode || document); });
})();
