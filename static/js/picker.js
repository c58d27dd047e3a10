/*
 * Card fields and the card picker. Progressive enhancement: every form works without this file.
 *
 * - An <input data-cards> is a card field (optional data-count="N": how many cards it holds).
 *   Its sibling <span class="preview"> shows the cards it holds as soon as they parse, and the
 *   problems the server will refuse: a card also in another field, a wrong count ("4 of 5").
 * - A <form data-picker> gets a picker: four suits of thirteen cards (and Jokers when
 *   data-jokers="true", or when the form's [name=ruleset] value is listed in
 *   data-joker-rulesets). It is docked at the bottom of the screen and never moves, so the page
 *   does not jump; the body gets room below so nothing stays hidden under it.
 * - A tap adds the card to the field that has focus; when that field is full, focus moves on to
 *   the next card field the person can see (never one inside a closed <details>, hidden or
 *   disabled). Undo takes back the last change the picker made, wherever it was; "Next player"
 *   skips to the next player's first field that is not full. A card used anywhere in the form is
 *   disabled.
 * - Corrections stay in the field being corrected. The cards under a field are buttons: a tap
 *   selects one and the next card tapped replaces it, in place; a second tap on the selected card
 *   removes it, and the next card fills the gap. A tap on a full field selects its last card.
 *   While a field is being corrected, the picker never moves on from it by itself: only the
 *   person's tap on another field (or "Next player") does, so no card lands in another player's
 *   field by surprise. Undo takes back a replacement or a removal too.
 * - A result leaves the form in place (the verdict alone is swapped in), history and all; a
 *   refused submit swaps the form for one whose fields hold the same cards: the picker's history
 *   is carried over, so Undo still works after either.
 * - A token that is not a card ("Zz") is flagged at its field as soon as it is typed (one being
 *   typed at the end of the focused field waits until it cannot become a card), and so is a Joker
 *   on a form whose deck has none.
 * - Fields with data-from="<name>" (the rows a Fantasyland hand was set in) draw from the cards
 *   of the field of that name instead of the deck: the picker offers only those not yet placed
 *   in such a field, and a card typed there that is not among them is flagged.
 * - While the picker is open, card fields get inputmode="none" so a phone's keyboard does not
 *   cover it; "Keyboard" gives typing back, "Close" hides the picker.
 * - A field focused with data-picker-quiet set (problems.js, after a refused submit) is only
 *   noted: the picker opens when the person taps it.
 */
(function () {
  "use strict";
  var RANKS = "AKQJT98765432";
  var SUITS = [["s", "\u2660"], ["h", "\u2665"], ["d", "\u2666"], ["c", "\u2663"]];
  var SUIT_ALIASES = { "\u2660": "s", "\u2664": "s", "\u2665": "h", "\u2661": "h",
    "\u2666": "d", "\u2662": "d", "\u2663": "c", "\u2667": "c" };
  var TOKEN = /^(10|[2-9tjqka])([shdc\u2660\u2664\u2665\u2661\u2666\u2662\u2663\u2667])|^(joker|jk|x)/i;
  var JOKERS_IN_DECK = 2;
  // What the end of a field may hold while a card is still being typed: "1" of 10, "J" of Jc, "jo" of joker.
  var PARTIAL = /^(1|10|[2-9tjqka]|jo|jok|joke)$/i;

  /* The page's language, from Django's JavaScript catalogue (/jsi18n/); English without it. */
  var gettext = typeof window.gettext === "function" ? window.gettext : function (text) { return text; };
  function interpolate(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (m, name) { return String(values[name]); });
  }
  var MARGIN = 8; // px kept between the field in focus and the screen's edge or the picker
  // Controls that take typing, for which the picker gives way to the keyboard.
  var TYPED = "select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button])";

  /* Parse card text the way the server does; unknown text becomes {bad: text}. */
  function parse(text) {
    var out = [];
    text.replace(/[\ufe0e\ufe0f\u200b\u200d]/g, "").split(/[\s,;]+/).forEach(function (chunk) {
      while (chunk.length) {
        var m = TOKEN.exec(chunk);
        if (!m) { out.push({ bad: chunk }); return; }
        if (m[3]) { out.push({ code: "X", raw: m[0] }); } else {
          var rank = m[1] === "10" ? "T" : m[1].toUpperCase();
          var suit = SUIT_ALIASES[m[2]] || m[2].toLowerCase();
          out.push({ code: rank + suit, raw: m[0] });
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

  /* A card's name for a label: "9\u2666", "10\u2665", "Joker", or the text that is not a card. */
  function cardName(card) {
    if (card.bad) return card.bad;
    if (card.code === "X") return gettext("Joker");
    var s = card.code[1];
    return (card.code[0] === "T" ? "10" : card.code[0]) + SUITS.filter(function (p) { return p[0] === s; })[0][1];
  }

  function rawOf(card) { return card.raw || card.bad; }

  /* Write a field's cards back as text, one space between them. */
  function write(input, cards) { input.value = cards.map(rawOf).join(" "); }

  function fields(form) { return Array.prototype.slice.call(form.querySelectorAll("input[data-cards]")); }

  /* Whether the person can see the field and use it: not hidden, disabled or collapsed away. */
  function usable(input) {
    if (input.disabled || input.type === "hidden" || input.closest("details:not([open]), [hidden]")) return false;
    return input.checkVisibility ? input.checkVisibility({ visibilityProperty: true }) : input.offsetParent !== null;
  }

  function count(input) { return parseInt(input.dataset.count || "0", 10); }

  function isFull(input) { return count(input) > 0 && parse(input.value).length >= count(input); }

  /* "Top row (3)" -> "Top row": the size is in the count note already. */
  function clean(text) { return text.replace(/\s*[(\uff08][^)\uff09]*[)\uff09]/g, "").replace(/\s+/g, " ").trim(); }

  /* The place a field stands for, in words: "Player 1's top row", "Ann's hole cards". */
  function describe(input) {
    var label = input.id && document.querySelector("label[for='" + input.id + "']");
    var text = clean(label ? label.textContent : input.name);
    var set = input.closest("fieldset"), legend = set && set.querySelector("legend");
    if (!legend) return text;
    var group = clean(legend.textContent).split(/: |\uff1a/), head = group[0], rest = null;
    var nameField = set.querySelector("input[name$='-name']");
    if (text.indexOf(head + ": ") === 0) rest = text.slice(head.length + 2);
    else if (text.indexOf(head + " ") === 0) rest = text.slice(head.length + 1);
    else if (text.indexOf(head + "\u306e") === 0) rest = text.slice(head.length + 1);  // Japanese "の"
    else if (nameField || /^Player \d+$/.test(head)) rest = text;  // a player's fieldset
    if (rest === null || !rest) return text;
    var who = (nameField && nameField.value.trim()) || group[1] || head;
    // Lower the first letter of "Top row", not of "OFC deal".
    if (/^[A-Z][a-z]/.test(rest)) rest = rest.charAt(0).toLowerCase() + rest.slice(1);
    return interpolate(gettext("%(who)s's %(place)s"), { who: who, place: rest });
  }

  function jokersAllowed(form) {
    if (form.dataset.jokers === "true") return true;
    var list = (form.dataset.jokerRulesets || "").split(/\s+/).filter(Boolean);
    var select = form.querySelector("[name=ruleset]");
    var checked = form.querySelector("[name=ruleset]:checked");
    var value = checked ? checked.value : (select ? select.value : "");
    return list.indexOf(value) >= 0;
  }

  /* Whether the server will refuse a Joker here: the deck in play has none. Unknown (house rules,
     a match whose form names no ruleset) is not refused: the server judges. */
  function jokersRefused(form) {
    if (form.dataset.jokers) return form.dataset.jokers !== "true";
    if (!("jokerRulesets" in form.dataset)) return true;  // a game with no Jokers at all
    var checked = form.querySelector("[name=ruleset]:checked"), select = form.querySelector("[name=ruleset]");
    var value = checked ? checked.value : (select ? select.value : "");
    if (!value || value.indexOf("house:") === 0) return false;
    return !jokersAllowed(form);
  }

  /* The deck a field draws from: "" for the whole deck, else the name of the field it sets. */
  function deckOf(input) { return input.dataset.from || ""; }

  /* How many of each card a field that is a deck holds: {code: n}. */
  function tally(form, deck) {
    var source = form.querySelector("[name='" + deck + "']"), counts = {};
    parse(source ? source.value : "").forEach(function (c) { if (c.code) counts[c.code] = (counts[c.code] || 0) + 1; });
    return counts;
  }

  /* Where each card drawn from `deck` is: {code: [input, ...]} (an input twice if it holds it twice). */
  function census(form, deck) {
    var where = {};
    fields(form).filter(function (input) { return deckOf(input) === deck; }).forEach(function (input) {
      parse(input.value).forEach(function (c) {
        if (c.code) (where[c.code] = where[c.code] || []).push(input);
      });
    });
    return where;
  }

  function note(text, className) {
    var p = document.createElement("span");
    p.className = "note " + className;
    p.textContent = text;
    return p;
  }

  /* Whether the last token of a field in focus may still become a card as the person types on. */
  function beingTyped(input, cards, i) {
    return i === cards.length - 1 && document.activeElement === input &&
      !/[\s,;]$/.test(input.value) && PARTIAL.test(cards[i].bad);
  }

  /* One card under a field, as a button when the picker is on: a tap selects it for replacing,
     a tap on the selected card removes it. Out of the tab order: the keyboard edits the text. */
  function pick(card, index, selected) {
    var b = document.createElement("button");
    b.type = "button"; b.tabIndex = -1; b.dataset.index = String(index);
    b.className = "pick" + (selected ? " selected" : "");
    b.setAttribute("aria-label", interpolate(selected ? gettext("Remove %(card)s") : gettext("Change %(card)s"), { card: cardName(card) }));
    b.appendChild(face(card));
    return b;
  }

  /* Redraw one field's cards and what is wrong with them, before the server says so. */
  function preview(input, where, dealt, context) {
    var box = input.parentNode.querySelector(".preview");
    if (!box) return;
    var cards = parse(input.value), wrap = document.createElement("span"), notes = [], seen = {};
    var selected = context.replace && context.replace.input === input ? context.replace.index : -1;
    wrap.className = "cards";
    cards.forEach(function (c, i) { wrap.appendChild(context.buttons ? pick(c, i, i === selected) : face(c)); });
    var bad = cards.filter(function (c, i) { return c.bad && !beingTyped(input, cards, i); })[0];
    if (bad) {
      notes.push(note(interpolate(gettext("%(token)s is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) and a suit (s, h, d, c or \u2660 \u2665 \u2666 \u2663), e.g. As or 10h; a Joker is X"), { token: "'" + bad.bad + "'" }), "problem"));
    }
    if (context.refuseJokers && cards.some(function (c) { return c.code === "X"; })) {
      notes.push(note(gettext("Jokers are only in the Joker OFC deck; use a card like As or Td"), "problem"));
    }
    cards.forEach(function (c) {
      if (!c.code || seen[c.code]) return;
      seen[c.code] = true;
      var places = where[c.code] || [];
      if (dealt && places.length > (dealt[c.code] || 0)) {
        notes.push(note(interpolate(dealt[c.code] ? gettext("%(card)s is placed more times than it was dealt") : gettext("%(card)s is not among the cards dealt"), { card: c.code }), "problem"));
        return;
      }
      if (dealt) return;  // a card of the deal, placed once: the deal field judges duplicates
      if (c.code === "X") {
        var many = interpolate(gettext("%(count)s Jokers on the form: the deck has %(most)s"), { count: places.length, most: JOKERS_IN_DECK });
        if (places.length > JOKERS_IN_DECK) notes.push(note(many, "problem"));
        return;
      }
      var others = places.filter(function (other) { return other !== input; });
      if (places.length - others.length > 1) notes.push(note(interpolate(gettext("%(card)s is here twice"), { card: c.code }), "problem"));
      others.filter(function (other, i) { return others.indexOf(other) === i; }).forEach(function (other) {
        notes.push(note(interpolate(gettext("%(card)s is also in %(place)s"), { card: c.code, place: describe(other) }), "problem"));
      });
    });
    var size = count(input), tally = interpolate(gettext("%(count)s of %(size)s"), { count: cards.length, size: size });
    // Beside the cards while short; a line of its own, as a problem, when there are too many.
    if (size && cards.length > size) notes.push(note(tally, "problem"));
    else if (size && cards.length && cards.length < size) notes.unshift(note(tally, "count"));
    box.replaceChildren(wrap);
    notes.forEach(function (n) { box.appendChild(n); });
  }

  /* The card the next tapped card replaces ({input, index}), if one is selected and still there. */
  function liveReplace(form) {
    var r = form._replace;
    if (!r || !r.input.isConnected || !usable(r.input) || r.index >= parse(r.input.value).length) return null;
    return r;
  }

  /* The field the next tapped card goes to: the one being corrected, the one in focus, or the
     next one not full. */
  function nextTarget(form) {
    var r = liveReplace(form);
    if (r) return r.input;
    var current = form._target;
    if (current && current.isConnected && usable(current) && !isFull(current)) return current;
    return following(form, current, function () { return true; });
  }

  /* The first usable, not full field after `input` in reading order that passes `test`. */
  function following(form, input, test) {
    var list = fields(form), start = input ? list.indexOf(input) + 1 : 0;
    for (var i = Math.max(start, 0); i < list.length; i++) {
      if (usable(list[i]) && !isFull(list[i]) && test(list[i])) return list[i];
    }
    return null;
  }

  function nextPlayer(form) {
    var current = form._target, group = current && current.closest("fieldset");
    return following(form, current, function (input) { return input.closest("fieldset") !== group; });
  }

  /* Redraw the previews and the picker's state: used cards, where the next card goes. */
  function update(form) {
    var wheres = {}, dealts = {};
    function whereOf(deck) { return wheres[deck] || (wheres[deck] = census(form, deck)); }
    function dealtOf(deck) { return deck ? (dealts[deck] || (dealts[deck] = tally(form, deck))) : null; }
    var context = { buttons: !!form._picker, replace: liveReplace(form), refuseJokers: jokersRefused(form) };
    fields(form).forEach(function (input) { var d = deckOf(input); preview(input, whereOf(d), dealtOf(d), context); });
    var picker = form._picker;
    if (!picker) return;
    var allowJokers = jokersAllowed(form), target = nextTarget(form);
    var deck = target ? deckOf(target) : "", where = whereOf(deck), dealt = dealtOf(deck);
    picker.querySelectorAll("button[data-card]").forEach(function (b) {
      var code = b.dataset.card, used = (where[code] || []).length;
      if (code === "X") b.hidden = !allowJokers;
      if (dealt) b.disabled = !target || used >= (dealt[code] || 0);
      else b.disabled = !target || (code === "X" ? used >= JOKERS_IN_DECK : used > 0);
    });
    var label = picker.querySelector(".target");
    if (form._typing && form._target) label.textContent = interpolate(gettext("Typing in %(place)s"), { place: describe(form._target) });
    else if (context.replace) {
      var old = parse(context.replace.input.value)[context.replace.index];
      label.textContent = interpolate(gettext("Next card replaces %(card)s in %(place)s"), { card: cardName(old), place: describe(context.replace.input) });
    } else if (target) label.textContent = interpolate(gettext("Next card: %(place)s"), { place: describe(target) });
    else label.textContent = form._target ? gettext("Every card field you can see is full") : gettext("Tap a card field, then tap cards");
    picker.querySelector("[data-action=undo]").disabled = !form._placed.length;
    picker.querySelector("[data-action=next]").disabled = !nextPlayer(form);
  }

  /* How much of the screen's bottom the open picker covers. */
  function dockHeight() {
    var open = document.querySelector("form[data-picker] > .picker:not([hidden])");
    return open ? open.getBoundingClientRect().height : 0;
  }

  /* The body keeps room below for the docked picker, so the last fields can scroll above it. */
  function syncDock() {
    var height = dockHeight(), root = document.documentElement;
    root.classList.toggle("picker-open", height > 0);
    root.style.setProperty("--picker-space", Math.ceil(height) + "px");
  }

  /* Scroll only when the field (with its label and notes) is off screen or under the picker. */
  function keepInView(input) {
    var field = input.closest(".card-field") || input, box = field.parentNode;
    var top = MARGIN, bottom = window.innerHeight - dockHeight() - MARGIN;
    var rect = box.getBoundingClientRect();
    if (rect.height > bottom - top) rect = field.getBoundingClientRect();
    var label = input.id && document.querySelector("label[for='" + input.id + "']");
    var labelTop = label ? Math.min(label.getBoundingClientRect().top, rect.top) : rect.top;
    if (labelTop < top) window.scrollBy(0, labelTop - top);
    else if (rect.bottom > bottom) window.scrollBy(0, Math.min(rect.bottom - bottom, labelTop - top));
  }

  function setInputmode(form, none) {
    fields(form).forEach(function (input) {
      if (!("_inputmode" in input)) input._inputmode = input.getAttribute("inputmode");
      if (none) input.setAttribute("inputmode", "none");
      else if (input._inputmode === null) input.removeAttribute("inputmode");
      else input.setAttribute("inputmode", input._inputmode);
    });
  }

  /* Show the picker: the full grid, or (after "Keyboard") only a bar to get the grid back. */
  function open(form) {
    var picker = form._picker;
    picker.hidden = false;
    picker.classList.toggle("typing", !!form._typing);
    setInputmode(form, !form._typing);
    syncDock();
    update(form);
    if (form._target) keepInView(form._target);
  }

  function close(form) {
    form._picker.hidden = true;
    setInputmode(form, false);
    syncDock();
  }

  /* Focus a field without the picker reacting to it as a person's choice. */
  function quietFocus(input) {
    input.setAttribute("data-picker-quiet", "");
    input.focus({ preventScroll: true });
    input.removeAttribute("data-picker-quiet");
  }

  /* Make `input` the field being filled, in view and in focus (unless a keyboard user is
     working the picker's buttons: focus stays on them). */
  function moveTo(form, input) {
    if (form._fixing !== input) form._fixing = null;
    if (form._replace && form._replace.input !== input) form._replace = null;
    if (form._gap && form._gap.input !== input) form._gap = null;
    form._target = input;
    var active = document.activeElement;
    form._auto = true;  // the focus that follows is the picker's doing, not the person's choice
    try {
      if (active !== input && !form._picker.contains(active)) input.focus({ preventScroll: true });
    } finally { form._auto = false; }
    keepInView(input);
    update(form);
  }

  /* The person chose `input` (a tap, or focus moved there by hand): a correction elsewhere ends,
     and a full field has its last card selected, so the next card replaces it there. */
  function chose(form, input) {
    if (form._fixing !== input) { form._fixing = null; form._replace = null; form._gap = null; }
    form._target = input;
    var r = form._replace;
    if (!form._typing && isFull(input) && !(r && r.input === input)) {
      form._replace = { input: input, index: parse(input.value).length - 1 };
      form._fixing = input;
    }
  }

  /* A tap on a card under a field: select it for replacing, or remove it if it was selected. */
  function tapCard(form, input, index) {
    var r = liveReplace(form);
    if (r && r.input === input && r.index === index) { remove(form, input, index); return; }
    form._replace = { input: input, index: index };
    form._gap = null;
    form._fixing = input;
    form._target = input;
    var typing = form._typing;
    form._typing = false;
    if (form._picker.hidden || typing) open(form);
    if (typing) { input.blur(); quietFocus(input); }  // the phone reads the new inputmode
    moveTo(form, input);
  }

  /* Tell the page a field changed (its previews and any page script), as the picker's doing. */
  function changed(form, input) {
    form._placing = true;
    try { input.dispatchEvent(new Event("input", { bubbles: true })); } finally { form._placing = false; }
  }

  function remove(form, input, index) {
    var cards = parse(input.value), old = cards.splice(index, 1)[0];
    if (!old) return;
    write(input, cards);
    form._placed.push({ input: input, kind: "remove", index: index, old: rawOf(old) });
    form._replace = null;
    form._gap = { input: input, index: index };
    form._fixing = input;
    moveTo(form, input);
    changed(form, input);
  }

  function place(form, code) {
    var r = liveReplace(form), cards;
    if (r) {  // a correction: the card takes the selected one's place
      if (r.input !== form._target) moveTo(form, r.input);
      cards = parse(r.input.value);
      var old = cards[r.index];
      cards[r.index] = { code: code, raw: code };
      write(r.input, cards);
      form._placed.push({ input: r.input, kind: "replace", index: r.index, code: code, old: rawOf(old) });
      // In a full field it stays selected (a mis-tap is put right with one more tap); a field
      // still short of cards takes the next card at its end.
      form._fixing = r.input;
      if (!isFull(r.input)) form._replace = null;
      changed(form, r.input);
      return;
    }
    var input = nextTarget(form);
    if (!input) return;
    if (input !== form._target) moveTo(form, input);
    var gap = form._gap, at;
    form._gap = null;
    cards = parse(input.value);
    if (gap && gap.input === input && gap.index < cards.length) {  // fill the gap a removal left
      at = gap.index;
      cards.splice(at, 0, { code: code, raw: code });
      write(input, cards);
    } else {
      at = cards.length;
      input.value = (input.value.trim() + " " + code).trim();
    }
    form._placed.push({ input: input, kind: "add", code: code });
    changed(form, input);
    if (isFull(input)) {
      if (form._fixing === input) {  // corrected: stay, with the new card selected
        form._replace = { input: input, index: at };
        update(form);
        return;
      }
      var next = following(form, input, function () { return true; });
      if (next) moveTo(form, next);
    }
  }

  /* Take back the last card the picker placed, from whichever field it went to. */
  function undo(form) {
    var last = form._placed.pop();
    while (last && !last.input.isConnected) last = form._placed.pop();  // swapped away
    if (!last) { update(form); return; }
    var input = last.input, tokens = parse(input.value), i;
    if (last.kind === "replace") {  // the old card back in its place, selected as it was
      i = tokens[last.index] && tokens[last.index].code === last.code ? last.index : lastIndexOf(tokens, last.code);
      if (i >= 0) tokens[i] = { raw: last.old };
      write(input, tokens);
      selectAfterUndo(form, input, i);
    } else if (last.kind === "remove") {  // the removed card back where it was, selected
      i = Math.min(last.index, tokens.length);
      tokens.splice(i, 0, { raw: last.old });
      write(input, tokens);
      selectAfterUndo(form, input, i);
    } else {
      i = lastIndexOf(tokens, last.code);
      if (i >= 0) tokens.splice(i, 1);
      write(input, tokens);
      if (form._replace && form._replace.input === input) form._replace = null;
      moveTo(form, input);
    }
    changed(form, input);
  }

  function lastIndexOf(cards, code) {
    for (var i = cards.length - 1; i >= 0; i--) if (cards[i].code === code) return i;
    return -1;
  }

  function selectAfterUndo(form, input, index) {
    form._gap = null;
    moveTo(form, input);
    form._fixing = input;
    form._replace = index >= 0 ? { input: input, index: index } : null;
    update(form);
  }

  function button(text, action, className) {
    var b = document.createElement("button");
    b.type = "button"; b.textContent = text; b.dataset.action = action;
    b.className = "secondary" + (className ? " " + className : "");
    return b;
  }

  function build(form) {
    var picker = document.createElement("div");
    picker.className = "picker";
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", gettext("Card picker"));
    var target = document.createElement("p");
    target.className = "target";
    target.setAttribute("aria-live", "polite");
    picker.appendChild(target);
    var tools = document.createElement("div");
    tools.className = "tools";
    tools.appendChild(button("\u21b6 " + gettext("Undo"), "undo", "full-only"));
    tools.appendChild(button(gettext("Next player") + " \u203a", "next", "full-only"));
    tools.appendChild(button("\u2328 " + gettext("Keyboard"), "keyboard", "full-only"));
    tools.appendChild(button("\ud83c\udca0 " + gettext("Card picker"), "cards", "typing-only"));
    var hide = tools.appendChild(button("\u2715", "close", "close"));
    hide.setAttribute("aria-label", gettext("Close"));
    hide.title = gettext("Close the card picker");
    picker.appendChild(tools);
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
    joker.textContent = "\u2605"; joker.setAttribute("aria-label", gettext("Joker"));
    var word = document.createElement("small");
    word.textContent = gettext("Joker");
    joker.appendChild(word);
    grid.appendChild(joker);
    picker.appendChild(grid);
    // A tap on the picker must not take focus from the field being filled (nor scroll to it).
    picker.addEventListener("mousedown", function (event) { event.preventDefault(); });
    picker.addEventListener("click", function (event) {
      var b = event.target.closest("button");
      if (!b || b.disabled) return;
      var action = b.dataset.action;
      if (b.dataset.card) place(form, b.dataset.card);
      else if (action === "undo") undo(form);
      else if (action === "next") {
        var next = nextPlayer(form);
        if (next) { form._fixing = null; form._replace = null; moveTo(form, next); }
      }
      else if (action === "close") { close(form); if (form._target) quietFocus(form._target); }
      else if (action === "keyboard" || action === "cards") {
        form._typing = action === "keyboard";
        open(form);
        // Focus again so the phone reads the new inputmode (shows or hides its keyboard).
        if (form._target) { form._target.blur(); quietFocus(form._target); }
      }
    });
    picker.hidden = true;
    form._picker = picker;
    form.appendChild(picker);
  }

  /* What a form's card fields hold, card by card: the same after a swap means the same hand. */
  function holding(form) {
    return fields(form).map(function (input) {
      return input.name + "=" + parse(input.value).map(function (c) { return c.code || c.bad; }).join(" ");
    }).join("\n");
  }

  // The picker's history of forms an htmx answer is about to replace: {action, holding, placed}.
  var carried = [];

  /* Before htmx swaps a form away, keep its history by field name for the form that replaces it. */
  function carry(event) {
    var root = event.detail && event.detail.target;
    if (!root || !root.querySelectorAll) return;
    var forms = root.matches("form[data-picker]") ? [root] : [];
    carried = carried.concat(forms.concat(Array.prototype.slice.call(root.querySelectorAll("form[data-picker]")))
      .filter(function (form) { return form._placed && form._placed.length; })
      .map(function (form) {
        return {
          action: form.getAttribute("action"), holding: holding(form),
          placed: form._placed.filter(function (p) { return p.input.isConnected; }).map(function (p) {
            return { name: p.input.name, kind: p.kind, code: p.code, index: p.index, old: p.old };
          })
        };
      })).slice(-4);
  }

  /* A swapped-in form whose fields hold what the old one held takes over its history. */
  function takeOver(form) {
    var found = carried.filter(function (c) { return c.action === form.getAttribute("action") && c.holding === holding(form); })[0];
    if (!found) return [];
    carried.splice(carried.indexOf(found), 1);
    return found.placed.map(function (p) {
      var input = form.querySelector("input[data-cards][name='" + p.name + "']");
      return input ? { input: input, kind: p.kind, code: p.code, index: p.index, old: p.old } : null;
    }).filter(Boolean);
  }

  function init(form) {
    if (!form._picker || !form._picker.isConnected) build(form);
    if (form._pickerReady) { update(form); return; }
    form._pickerReady = true;
    form._placed = takeOver(form);
    form.addEventListener("focusin", function (event) {
      var el = event.target;
      if (el.closest(".picker, .preview")) return;
      if (!el.matches("input[data-cards]")) {
        // Typing elsewhere (a name, chips) needs the keyboard; a button or box does not, and
        // closing under a tap would move the page between its press and release.
        if (el.matches(TYPED) && !form._picker.hidden) close(form);
        return;
      }
      form._target = el;
      if (el.hasAttribute("data-picker-quiet")) { update(form); return; }
      if (!form._auto) chose(form, el);
      open(form);
    });
    // A tap on a card under a field must not take focus from the field (nor scroll to it).
    form.addEventListener("mousedown", function (event) {
      if (event.target.closest(".preview button.pick")) event.preventDefault();
    });
    form.addEventListener("click", function (event) {
      var pickButton = event.target.closest(".preview button.pick");
      if (pickButton) {
        var field = pickButton.closest(".card-field"), input = field && field.querySelector("input[data-cards]");
        if (input && usable(input)) tapCard(form, input, parseInt(pickButton.dataset.index, 10));
        return;
      }
      if (!event.target.matches("input[data-cards]")) return;
      // A tap on a field: the person chose it (a full one has its last card selected). On the
      // field already in focus (after "Close", or a quiet focus) it opens the picker too.
      chose(form, event.target);
      if (form._picker.hidden) open(form); else update(form);
    });
    form.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !form._picker.hidden) close(form);
    });
    form.addEventListener("input", function (event) {
      // Typing changes what the positions in a field are: a selection there no longer holds.
      if (!form._placing && event.target.matches && event.target.matches("input[data-cards]")) {
        if (form._replace && form._replace.input === event.target) form._replace = null;
        if (form._gap && form._gap.input === event.target) form._gap = null;
      }
      update(form);
    });
    // Leaving a field: a token left half typed is now judged.
    form.addEventListener("focusout", function (event) {
      if (event.target.matches && event.target.matches("input[data-cards]")) setTimeout(function () { update(form); }, 0);
    });
    // After the page's own change handlers (pineapple.js sets the hole sizes).
    form.addEventListener("change", function () { setTimeout(function () { update(form); }, 0); });
    // Opening or closing a <details> changes which fields the picker may fill.
    form.addEventListener("toggle", function () { update(form); }, true);
    update(form);
  }

  function initAll(root) {
    var forms = root.matches && root.matches("form[data-picker]") ? [root] : [];
    forms.concat(Array.prototype.slice.call(root.querySelectorAll("form[data-picker]"))).forEach(init);
    syncDock();  // a swap may have taken an open picker away with its form
  }

  window.addEventListener("resize", function () {
    syncDock();
    var form = document.activeElement && document.activeElement.form;
    if (form && form._picker && !form._picker.hidden && form._target) keepInView(form._target);
  });
  document.addEventListener("DOMContentLoaded", function () { initAll(document); });
  document.addEventListener("htmx:load", function (event) { initAll(event.target); });
  document.addEventListener("htmx:beforeSwap", carry);
  document.addEventListener("htmx:afterSwap", syncDock);  // before htmx:load, which waits to settle
})();
