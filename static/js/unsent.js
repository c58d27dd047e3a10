/*
 * A submit that got no answer: the phone lost its connection (htmx:sendError), or the server
 * answered one it could not decide (htmx:responseError: too many tries, a moment's outage, an
 * error). htmx swaps nothing then, so without this file the tap seems to do nothing. The form
 * says so beside its button, in the page's language, and keeps everything typed: the same
 * submit again is safe, as the form's idempotency key stays until an answer replaces it.
 * Without JavaScript the browser posts the form itself and shows its own page for a lost
 * connection.
 */
(function () {
  "use strict";
  var gettext = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  var interpolate = typeof window.interpolate === "function" ? window.interpolate : function (text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  };

  function said(xhr) {
    var status = xhr ? xhr.status : 0;
    if (!status) {
      return gettext("Not sent: this phone has no connection. Everything you entered is still here; send it again when the phone is back online.");
    }
    if (status === 429) {
      var wait = parseInt(xhr.getResponseHeader("Retry-After"), 10) || 60;
      return interpolate(gettext("Not sent: too many tries from this connection. Send it again in %(seconds)s seconds."), { seconds: wait }, true);
    }
    if (status === 503) {
      return gettext("Not sent: the server is unavailable for a moment. Everything you entered is still here; send it again in a few seconds.");
    }
    return interpolate(gettext("Not sent: the server could not answer (error %(status)s). Everything you entered is still here; send it again."), { status: status }, true);
  }

  function notice(form) {
    return form.querySelector("[data-unsent]");
  }

  function show(form, text) {
    var place = notice(form);
    if (!place) {
      place = document.createElement("p");
      place.className = "unsent";
      place.setAttribute("role", "alert");
      place.setAttribute("data-unsent", "");
      var actions = form.querySelector(".actions");
      form.insertBefore(place, actions && actions.parentNode === form ? actions : null);
    }
    place.textContent = text;
    place.scrollIntoView({ block: "nearest" });
  }

  function failed(event) {
    var detail = event.detail || {};
    var form = detail.elt && detail.elt.closest && detail.elt.closest("form");
    if (form) show(form, said(detail.xhr));
  }

  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:responseError", failed);
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail && event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    var place = form && notice(form);
    if (place) place.remove();
  });
})();
