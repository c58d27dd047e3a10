/*
 * Card fields and the card picker. Progressive enhancement: every form works without this file.
 *
 * - An <input data-cards> is a card field (optional data-count="N": how many cards it holds).
 *   Its sibling <span class="preview"> shows the cards it holds as soon as they parse.
 * - A <form data-picker> gets a picker: four suits of thirteen cards (and Jokers when
 *   data-jokers="true", or when the form's [name=ruleset] value is listed in
 *   data-joker-rulesets). It opens right under the card field that has focus (or under the
 *   row of columns it sits in: .grid-2 or [data-picker-anchor]), so it never covers the page; a tap adds the card to that field, moving on to the next field (and the
 *   picker with it) when that one is full. A card used anywhere in the form is disabled.
 */
(function () {
  "use strict";
  var RANKS = "AKQJT98765432";
  var SUITS = [["s", "\u2660"], ["h", "\u2665"], ["d", "\u2666"], ["c", "\u2663"]];
  var SUIT_ALIASES = { "\u2660": "s", "\u2664": "s", "\u2665": "h", "\u2661": "h",
    "\u2666": "d", "\u2662": "d", "\u2663": "c", "\u2667": "c" };
  var TOKEN = /^(10|[2-9tjqka])([shdc\u2660\u2664\u2665\u2661\u2666\u2662\u2663\u2667])|^(joker|jk|x)/i;

  /* Parse card text the way the server does; unknown text becomes {bad: text}. */
  function parse(text) {
    var out = [];
    text.replace(/[\ufe0e\ufe0f\u200b\u200d]/g, "").split(/[\s,;]+/).forEach(function (chunk) {
      while (chunk.length) {
        var m = TOKEN.exec(chunk);
        if (!m) { out.push({ bad: chunk }); return; }
        if (m[3]) { out.push({ code: "X" }); } else {
          var rank = m[1] === "10" ? "T" : m[1].toUpperCase();
          var suit = SUIT_ALIASES[m[2]] || m[2].toLowerCase();
          out.push({ code: rank + suit });
        }
        chunk = chunk.slice(m[0].length);
      }
    });
    return out;
  }

  function face(card) {
    var span = document.createElement("span");
    if (card.bad) { span.className = "bad"; span.textContent = card.bad + "?"; return span; }
    span.className = "card";
    var rank = document.createElement("span"), suit = document.createElement("span");
    rank.className = "rank"; suit.className = "suit";
    if (card.code === "X") {
      span.className += " joker"; rank.textContent = "\u2605"; suit.textContent = "J";
    } else {
      var s = card.code[1];
      if (s === "h" || s === "d") span.className += " red";
      span.className += " suit-" + s;
      rank.textContent = card.code[0] === "T" ? "10" : card.code[0];
      suit.textContent = SUITS.filter(function (p) { return p[0] === s; })[0][1];
    }
    span.appendChild(rank); span.appendChild(suit);
    return span;
  }

  function fields(form) { return Array.prototype.slice.call(form.querySelectorAll("input[data-cards]")); }

  function preview(input) {
    var box = input.parentNode.querySelector(".preview");
    if (!box) return;
    var cards = parse(input.value);
    box.replaceChildren();
    var wrap = document.createElement("span");
    wrap.className = "cards";
    cards.forEach(function (c) { wrap.appendChild(face(c)); });
    box.appendChild(wrap);
  }

  function jokersAllowed(form) {
    if (form.dataset.jokers === "true") return true;
    var list = (form.dataset.jokerRulesets || "").split(/\s+/).filter(Boolean);
    var select = form.querySelector("[name=ruleset]");
    var checked = form.querySelector("[name=ruleset]:checked");
    var value = checked ? checked.value : (select ? select.value : "");
    return list.indexOf(value) >= 0;
  }

  function refresh(form) {
    var used = {}, jokers = 0;
    fields(form).forEach(function (input) {
      parse(input.value).forEach(function (c) {
        if (c.code === "X") jokers += 1; else if (c.code) used[c.code] = true;
      });
    });
    var picker = form.querySelector(".picker");
    if (!picker) return;
    var allowJokers = jokersAllowed(form);
    picker.querySelectorAll("button[data-card]").forEach(function (b) {
      var code = b.dataset.card;
      if (code === "X") { b.hidden = !allowJokers; b.disabled = jokers >= 2; } else { b.disabled = !!used[code]; }
    });
    var target = form._pickerTarget;
    var label = picker.querySelector(".target span");
    label.textContent = target ? "Adding to: " + labelFor(target) : "Tap a card field, then tap cards";
  }

  function labelFor(input) {
    var label = input.id && document.querySelector("label[for='" + input.id + "']");
    return label ? label.textContent.trim() : input.name;
  }

  function isFull(input) {
    var count = parseInt(input.dataset.count || "0", 10);
    return count > 0 && parse(input.value).length >= count;
  }

  function nextTarget(form) {
    var list = fields(form), current = form._pickerTarget;
    if (current && !isFull(current)) return current;
    var start = current ? list.indexOf(current) + 1 : 0;
    for (var i = 0; i < list.length; i++) {
      var candidate = list[(start + i) % list.length];
      if (!isFull(candidate) && !candidate.disabled && candidate.offsetParent !== null) return candidate;
    }
    return null;
  }

  /* Open the picker right under the field it fills. */
  function attach(form, input) {
    form._pickerTarget = input;
    var picker = form.querySelector(".picker");
    // Under the field, or under the whole row when the field sits in a grid of columns.
    var anchor = input.closest("[data-picker-anchor], .grid-2") || input.closest(".card-field") || input;
    if (anchor.nextSibling !== picker) anchor.parentNode.insertBefore(picker, anchor.nextSibling);
    picker.hidden = false;
  }

  function place(form, code) {
    var input = nextTarget(form);
    if (!input) return;
    if (input !== form._pickerTarget) {
      attach(form, input);
      form.querySelector(".picker").scrollIntoView({ block: "nearest" });
    }
    input.value = (input.value.trim() + " " + code).trim();
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function undo(form) {
    var input = form._pickerTarget;
    if (!input) return;
    var tokens = parse(input.value).filter(function (c) { return c.code; }).map(function (c) { return c.code; });
    tokens.pop();
    input.value = tokens.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function build(form) {
    var picker = document.createElement("div");
    picker.className = "picker";
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", "Card picker");
    var target = document.createElement("p");
    target.className = "target";
    var span = document.createElement("span");
    var back = document.createElement("button");
    back.type = "button"; back.className = "secondary"; back.textContent = "\u232b Undo";
    back.addEventListener("click", function () { undo(form); });
    target.appendChild(span); target.appendChild(back);
    picker.appendChild(target);
    var grid = document.createElement("div");
    grid.className = "grid";
    SUITS.forEach(function (pair) {
      RANKS.split("").forEach(function (rank, i) {
        var b = document.createElement("button");
        b.type = "button";
        b.dataset.card = rank + pair[0];
        b.textContent = (rank === "T" ? "10" : rank) + pair[1];
        b.setAttribute("aria-label", (rank === "T" ? "10" : rank) + pair[0]);
        if (pair[0] === "h" || pair[0] === "d") b.className = "red";
        if (i === 0) b.className += " suit-start";
        grid.appendChild(b);
      });
    });
    var joker = document.createElement("button");
    joker.type = "button"; joker.dataset.card = "X"; joker.className = "joker";
    joker.textContent = "\u2605 Joker"; joker.setAttribute("aria-label", "Joker");
    grid.appendChild(joker);
    grid.addEventListener("click", function (event) {
      var b = event.target.closest("button[data-card]");
      if (b && !b.disabled) place(form, b.dataset.card);
    });
    picker.appendChild(grid);
    picker.hidden = true;
    form.appendChild(picker);
  }

  function init(root) {
    (root.matches && root.matches("form[data-picker]") ? [root] : [])
      .concat(Array.prototype.slice.call(root.querySelectorAll("form[data-picker]")))
      .forEach(function (form) {
        if (!form.querySelector(".picker")) build(form);
        if (form._pickerReady) { refresh(form); return; }
        form._pickerReady = true;
        form.addEventListener("focusin", function (event) {
          if (event.target.matches("input[data-cards]")) { attach(form, event.target); refresh(form); }
        });
        form.addEventListener("input", function (event) {
          if (event.target.matches("input[data-cards]")) preview(event.target);
          refresh(form);
        });
        form.addEventListener("change", function () { refresh(form); });
        fields(form).forEach(preview);
        refresh(form);
      });
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:load", function (event) { init(event.target); });
})();
