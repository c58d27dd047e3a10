/*
 * After a refused submit (a page load or an htmx swap): bring the summary of problems into view
 * and put focus on the first bad field, clear of the docked card picker. A link in the summary
 * focuses its field the same way. Without this file the summary's links still jump to the fields.
 *
 * After a decided htmx submit the verdict alone is swapped into its place ([data-outcome]) and
 * the form stays as the person left it: the marks of an earlier refusal on it (the summary,
 * each field's errors) are taken away, since what they said no longer holds.
 *
 * A card field whose cards the picker flags as they are typed or tapped (a "problem" note in its
 * preview: a token that is not a card, a Joker the deck lacks, too many cards) is marked invalid
 * at once, before any submit, as the server marks a field it refuses; the mark goes when the note
 * does. The note itself is in the page's language (picker.js, through the JavaScript catalogue).
 */
(function () {
  "use strict";
  var MARGIN = 8;
  var BAD = ".field-error input:not([type=hidden]), .field-error select, .field-error textarea";

  function dockHeight() {
    var open = document.querySelector("form[data-picker] > .picker:not([hidden])");
    return open ? open.getBoundingClientRect().height : 0;
  }

  /* Focus a field and scroll only as far as needed to show it with its label and errors. */
  function reveal(field) {
    var closed = field.closest("details:not([open])");
    if (closed) closed.open = true;
    // data-picker-quiet: the picker opens when the person taps the field, not on its own.
    field.setAttribute("data-picker-quiet", "");
    field.focus({ preventScroll: true });
    field.removeAttribute("data-picker-quiet");
    var box = field.closest(".field-error") || field;
    var rect = box.getBoundingClientRect(), bottom = window.innerHeight - dockHeight() - MARGIN;
    if (rect.height > bottom - MARGIN) rect = field.getBoundingClientRect();
    if (rect.top < MARGIN) window.scrollBy(0, rect.top - MARGIN);
    else if (rect.bottom > bottom) window.scrollBy(0, Math.min(rect.bottom - bottom, rect.top - MARGIN));
  }

  function show(root) {
    var summary = root.querySelector && root.querySelector("[data-problems]");
    if (!summary || summary._shown) return;
    summary._shown = true;
    var scope = summary.closest("form") || document, field = scope.querySelector(BAD);
    summary.scrollIntoView({ block: "start" });
    if (field) reveal(field); else summary.focus({ preventScroll: true });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-problems] a[href^='#']");
    var field = link && document.getElementById(link.getAttribute("href").slice(1));
    if (!field) return;
    event.preventDefault();
    reveal(field);
  });
  function each(root, selector, action) {
    Array.prototype.slice.call(root.querySelectorAll(selector)).forEach(action);
  }

  /* The form beside a verdict that was just decided: no problem it showed still stands. */
  function clear(form) {
    each(form, "[data-problems], .errorlist", function (element) { element.remove(); });
    each(form, ".field-error", function (element) { element.classList.remove("field-error"); });
    each(form, "[aria-invalid]", function (element) {
      element.removeAttribute("aria-invalid");
      element._server = false;
    });
  }

  document.addEventListener("htmx:afterSwap", function (event) {
    var place = event.detail && event.detail.target;
    if (!place || !place.matches || !place.matches("[data-outcome]")) return;
    var block = place.parentNode, form = block && block.querySelector("form[hx-post]");
    if (form) clear(form);
  });
  /* Mark a card field by its preview's problem notes; a mark the server gave stays (its message
     is still shown beside the field until the next submit). */
  function mark(preview) {
    var field = preview.parentNode && preview.parentNode.querySelector("input[data-cards]");
    if (!field) return;
    if (!("_server" in field)) field._server = field.getAttribute("aria-invalid") === "true";
    if (preview.querySelector(".problem")) {
      field.setAttribute("aria-invalid", "true");
    } else if (!field._server) {
      field.removeAttribute("aria-invalid");
    }
  }
  var watcher = window.MutationObserver && new MutationObserver(function (changes) {
    changes.forEach(function (change) { mark(change.target); });
  });
  function watch(root) {
    if (!watcher || !root.querySelectorAll) return;
    each(root, ".card-field > .preview", function (preview) {
      if (preview._watched) return;
      preview._watched = true;
      watcher.observe(preview, { childList: true });
      mark(preview);
    });
  }

  document.addEventListener("DOMContentLoaded", function () { watch(document); show(document); });
  // htmx fires htmx:load before it applies hx-swap's show:/scroll:, so wait for that first.
  document.addEventListener("htmx:load", function (event) {
    var root = event.target;
    watch(root);
    setTimeout(function () { show(root); }, 0);
  });
})();
