/*
 * Pineapple showdown page: a hole holds three cards in Lazy Pineapple and two otherwise, so the
 * card picker moves on to the next player after that many. Without this file the page still works.
 */
(function () {
  "use strict";
  function sync(form) {
    var checked = form.querySelector("[name=game]:checked");
    var size = checked && checked.value === "lazy" ? "3" : "2";
    form.querySelectorAll("input[data-hole]").forEach(function (input) { input.dataset.count = size; });
  }
  function init(root) {
    var form = root.querySelector ? root.querySelector("form[data-pineapple]") : null;
    if (!form || form._pineappleReady) return;
    form._pineappleReady = true;
    form.addEventListener("change", function (event) {
      if (event.target.name === "game") sync(form);
    });
    sync(form);
  }
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target.parentNode || document); });
})();
