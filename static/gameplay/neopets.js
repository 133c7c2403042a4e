// The Neopets Battledome side of the table (Comprehensive Rules 1.2), drawn from the engine's view
// (gameplay/engine/neopets/view.py): each player's mat — the Active Neopet Slot with its Stats
// (5.3a), the five Codestone Slots (6.5), the Battledome (6.6), the three Equipment Slots (5.8d),
// the Play Area (6.10), the Planned cards (6.6d), decks, Discard (Buried cards face-down, 6.8d) and
// Void, the Round Results (6.11) — the Inventories (the opponent's as card backs, 9.10b), the phase
// track (section 7), the Queue (3.2), this turn's Looks and Reveals (9.10c) and the dice battle (7.5).  table.js asks this module what it asks mlp.js.

import { isMe, playerName, seatsOf, whoWords } from "./board.js";
import { el } from "./cards.js";

const STATS = [
  // 5.3a: the four Stats, named (the printed icons' colours carry no meaning, 5.3a.4a)
  { key: "attack", short: "ATK", word: "Attack" },
  { key: "defence", short: "DEF", word: "Defence" },
  { key: "agility", short: "AGI", word: "Agility" },
  { key: "hit_points", short: "HP", word: "Hit Points" },
];
const STAT_WORD = Object.fromEntries(STATS.map((s) => [s.key, s.word]));
const CODESTONE_SLOTS = 5; // 5.14c.3
const EQUIPMENT_SLOTS = 3; // 5.8d.2 (the view's equipment_slots counts extra ones, 9.9a)
const CHAMPIONS = new Set(["Faerie", "Hero", "Villain"]); // 5.5

// Section 7: the phases of a turn, in order, with their rule.
const PHASES = [
  ["beginning", "Beginning", "7.1"], ["draw", "Draw", "7.2"], ["train", "Train", "7.3"],
  ["preparation", "Preparation", "7.4"], ["battle", "Battle", "7.5"], ["end", "End of Turn", "7.6"],
];
const BATTLE_STEPS = {
  start: "start of the Battle Phase (7.5b)", attack: "attack dice (7.5d)", defence: "defence dice (7.5e)",
  agility: "Agility re-rolls (7.5f)", damage: "damage step (7.5g)", done: "damage dealt (7.5h)",
};

// What each pending decision asks, in words, and what the waiting player is told.
const DECISIONS = {
  go_first: ["You are the starting player: take the first turn, or defer it to your opponent", "decide who takes the first turn"],
  mulligan: ["Keep this Inventory, or mulligan: shuffle it into your Main Deck and draw 5 new cards (only once)", "decide on a mulligan"],
  starting_neopet: ["Choose your starting Basic Neopet: it is placed face-down, and both are revealed together", "choose a starting Neopet"],
  new_neopet: ["Choose the Basic Neopet you play the next round with", "choose a Neopet for the next round"],
  agility_reroll: ["Your Neopet is more agile: choose dice to re-roll, one at a time, then Done", "choose dice to re-roll"],
  trigger_order: ["Several of your triggered abilities wait: choose the one that goes into the Queue first", "order triggered abilities"],
  target: ["Choose a target", "choose a target"],
  pay_discard: ["Pay the cost: choose a card of your Inventory to discard", "pay a cost"],
  discard: ["Choose a card of your Inventory to discard", "discard a card"],
  recycle: ["Choose a card of your Discard to put on the bottom of your Main Deck", "recycle a card"],
  search: ["Search your Main Deck: choose a card to add to your Inventory, or find nothing", "search their Main Deck"],
  fetch: ["Fetch: choose a card to add to your Inventory", "fetch a card"],
  foresee: ["Foresee: put this card back on top of your Main Deck, or on the bottom", "foresee"],
  steal: ["Steal: choose a card to take into your stolen pile", "choose a card to steal"],
  play_from: ["You may play one of these cards by this effect (9.1)", "choose a card to play"],
  may: ["You may", "decide on a \u201cmay\u201d effect"],
  choose_one: ["Choose one", "choose a mode"],
  plan: ["Plan: choose a card of your Inventory to put into the Battledome face-down (6.6d) \u2014 you may play it in a later Preparation Phase; or Done", "plan a card"],
  bury: ["Bury: choose a card to put face-down into your Discard \u2014 it still counts, but is private and can't be targeted or played (6.8d)", "bury a card"],
  exhume: ["Exhume: choose a Buried card of your Discard to flip face-up \u2014 public again (6.8c, 6.8d)", "exhume a card"],
  reveal: ["Reveal: choose a card of your Inventory to show both players, once (9.10c)", "choose a card to reveal"],
};

const MANUAL_EFFECTS = [
  // The effect vocabulary (docs/neopets-card-format.md) a player applies by hand for text without effects.
  { op: "damage", label: "Deal damage to a Neopet", amount: true, to: "opponent" },
  { op: "heal", label: "Heal (remove damage from) a Neopet", amount: true, to: "you" },
  { op: "stat", label: "Give a Stat +/- until the end of the turn", amount: true, to: "you", stat: true, signed: true },
  { op: "freeze", label: "Freeze a Neopet (no attack in its next Battle Phase)", to: "opponent" },
  { op: "draw", label: "Draw cards", amount: true, who: true },
  { op: "discard", label: "Discard cards from the Inventory (chosen)", amount: true, who: true },
  { op: "scrap", label: "Scrap: top cards of the Main Deck to the Discard", amount: true, who: true },
  { op: "shuffle", label: "Shuffle your Main Deck" },
  { op: "destroy", label: "Destroy a card (to the Discard; a Champion to the Void)", target: true },
  { op: "void_card", label: "Put a card into the Void", target: true },
];

// ---------------------------------------------------------------------------------- finding cards
function* allCards(p) {
  const v = p.view;
  for (const pl of v.players) {
    if (pl.neopet && pl.neopet.id) yield pl.neopet;
    if (pl.champion) yield pl.champion;
    for (const z of ["codestones", "equipment", "play_area", "planned", "inventory", "stolen", "discard", "void", "neopet_deck", "rainbow_pool", "main_deck"]) {
      for (const c of pl[z] || []) yield c;
    }
    for (const r of pl.round_results || []) yield r.card;
  }
  for (const q of v.queue || []) if (q.card) yield q.card;
  for (const s of v.seen || []) yield* s.cards || [];
  if (v.pending && v.pending.cards) yield* Object.values(v.pending.cards);
}

export function findCard(p, id) {
  if (!id) return null;
  for (const c of allCards(p)) if (c.id === id) return c;
  return null;
}

function cardName(p, id) {
  const c = findCard(p, id);
  return c ? c.name : id;
}

const ZONE_WORDS = {
  inventory: "Inventory", stolen: "stolen pile", discard: "Discard", void: "Void", neopet_deck: "Neopet Deck",
  rainbow_pool: "Rainbow Pool", main_deck: "Main Deck", equipment: "Equipment Slot", play_area: "Play Area",
  codestones: "Codestone Slot", champion: "Battledome", neopet: "Active Neopet Slot", round_results: "Round Results",
  planned: "Planned cards",
};

function whereWords(p, c) {
  const zone = ZONE_WORDS[c.zone];
  if (!zone) return "";
  const owner = c.controller ?? c.owner;
  if (owner === null || owner === undefined) return zone;
  return isMe(p, owner) ? `your ${zone}` : `${playerName(p, owner)}'s ${zone}`;
}

// ---------------------------------------------------------------------------------- card frames
function statBadges(stats, base, small) {
  return el("span", { class: `nstats${small ? " small" : ""}` }, STATS.filter((s) => stats[s.key] !== undefined && stats[s.key] !== null).map((s) => {
    const n = stats[s.key];
    const b = base ? base[s.key] : n;
    const cls = base && n > b ? " up" : base && n < b ? " down" : "";
    return el("span", { class: `nstat st-${s.key}${cls}`, title: `${s.word} ${n}${base && n !== b ? ` (base ${b})` : ""}` },
      el("span", { class: "nstat-k" }, s.short), el("span", { class: "nstat-n" }, String(n)));
  }));
}

function hiddenWords(card) {
  // what a card back stands for: a face-down Neopet (1.2e), a Buried card (6.8d), a Planned card (6.6d)
  if (!card || !card.face_down) return ["Card", "A hidden card"];
  if (card.zone === "discard") return ["Buried", "A Buried card: face-down in the Discard, private (6.8d)"];
  if (card.zone === "planned") return ["Planned", "A Planned card: face-down in the Battledome (6.6d)"];
  return ["Face-down Neopet", "Face-down Neopet (hidden until both are revealed, 1.2e.1)"];
}

function describe(card) {
  if (!card || !card.name) return hiddenWords(card)[1];
  const parts = [card.name, card.type];
  if (card.level_requirement !== null && card.level_requirement !== undefined) parts.push(`Level Requirement ${card.level_requirement}`);
  if (card.stats) parts.push(STATS.filter((s) => card.stats[s.key] !== undefined).map((s) => `${s.word} ${card.stats[s.key]}`).join(", "));
  if (card.damage) parts.push(`${card.damage} damage`);
  if (card.counters) parts.push(`${card.counters} counter${card.counters === 1 ? "" : "s"}`);
  for (const [kind, n] of namedCounters(card)) parts.push(`${n} ${kind} counter${n === 1 ? "" : "s"}`);
  if (card.transformed_from) parts.push(`transformed from ${card.transformed_from} (Glossary Transform)`);
  if (card.face_down) parts.push(card.zone === "discard" ? "Buried: face-down in the Discard, only you see it (6.8d)" : "face-down");
  if (card.planned_turn !== undefined && card.planned_turn !== null) parts.push(`Planned on turn ${card.planned_turn} (6.6d)`);
  if (card.automated === false) parts.push("text applied by hand");
  return parts.join(", ");
}

function namedCounters(card) {
  // counters of several named kinds on one card (Glossary Counter, Store): [kind, n] pairs, public
  return Object.entries(card.named_counters || {});
}

function typeClass(type) {
  return `nt-${String(type || "card").toLowerCase().replace(/[^a-z]+/g, "-")}`;
}

/** A card frame: a <button> (focusable, clickable, draggable when it can be played). */
export function cardFrame(card, opts = {}) {
  if (!card || !card.name) {
    // a hidden card (an opponent's face-down Neopet before the reveal, 1.2e / 9.10b): a card back
    const [word, label] = hiddenWords(card);
    return el("span", { class: `card back ncard${opts.small ? " small" : ""}`, role: "img", "aria-label": label },
      el("span", { class: "back-mark", "aria-hidden": "true" }, "\u2605"),
      el("span", { class: "back-label" }, word));
  }
  const classes = ["card", "ncard", typeClass(card.type)];
  if (opts.small) classes.push("small");
  if (opts.big) classes.push("big");
  if (opts.selected) classes.push("selected");
  if (opts.actionable) classes.push("actionable");
  if (opts.option) classes.push("option");
  const stats = card.stats || {};
  const level = card.level_requirement;
  return el("button", {
    class: classes.join(" "), type: "button", "data-card": card.id, "data-focus": `card-${card.id}`,
    "aria-label": describe(card) + (opts.actionable ? " — has actions" : "") + (opts.option ? " — a choice for the decision" : ""),
    "aria-pressed": opts.selected ? "true" : "false", draggable: opts.actionable ? "true" : null,
  },
  el("span", { class: `band ${typeClass(card.type)}` }, card.type),
  level !== null && level !== undefined ? el("span", { class: "cost nlevel", title: `Level Requirement ${level} (4.2)` }, `L${level}`) : null,
  el("span", { class: "title" }, card.name),
  el("span", { class: "ctype" }, [card.species, card.color, card.team].filter(Boolean).join(" · ") || card.number || ""),
  card.type === "Neopet" || card.type === "Petpet" || card.type === "Codestone" ? statBadges(card.type === "Neopet" ? stats : signed(stats), null, true) : null,
  el("span", { class: "foot" },
    card.automated === false ? el("span", { class: "manual-flag", title: "This card's text is not automated: apply it by hand" }, "Manual") : el("span"),
    card.petpet_used && card.petpet_used.length ? el("span", { class: "tag t-ex" }, `used: ${card.petpet_used.map((s) => STAT_WORD[s]).join(", ")}`) : null),
  card.counters ? el("span", { class: "ncounters", title: `${card.counters} counter${card.counters === 1 ? "" : "s"} on this card (Glossary Counter; public)` }, `\u25CF ${card.counters}`) : null,
  namedCounters(card).length ? el("span", { class: `ncounters named${card.counters ? " also" : ""}` }, namedCounters(card).map(([kind, n]) =>
    el("span", { class: "ncounter", title: `${n} ${kind} counter${n === 1 ? "" : "s"} on this card (Glossary Counter; public)` }, `${kind} ${n}`))) : null,
  cardStates(card));
}

function cardStates(card) {
  // face-down cards the viewer may see: a Buried one in their Discard (6.8d), a Planned one (6.6d)
  const tags = [];
  if (card.face_down) tags.push(el("span", { class: "tag t-buried" }, card.zone === "discard" ? "Buried" : "Face-down"));
  if (card.planned_turn !== undefined && card.planned_turn !== null) tags.push(el("span", { class: "tag t-planned" }, `Planned t${card.planned_turn}`));
  if (card.transformed_from) tags.push(el("span", { class: "tag t-transformed", title: `Transformed from ${card.transformed_from} (Glossary Transform)` }, "Transformed"));
  return tags.length ? el("span", { class: "states" }, tags) : null;
}

function signed(stats) {
  const out = {};
  for (const [k, n] of Object.entries(stats)) out[k] = n > 0 ? `+${n}` : String(n);
  return out;
}

/** The full text of a card for the detail panel. */
export function cardDetail(card) {
  if (!card || !card.name) {
    return el("div", { class: "detail-empty" }, el("h3", {}, "Face-down Neopet"),
      el("p", { class: "muted" }, "Hidden until both starting Neopets are revealed together (1.2e.1)."));
  }
  const stats = card.stats || {};
  const dl = [];
  const row = (k, v) => { if (v !== null && v !== undefined && v !== "") dl.push(el("dt", {}, k), el("dd", {}, String(v))); };
  row("Level Requirement", card.level_requirement ?? "none (9.7a)");
  row("Species", card.species);
  row("Colour", card.color);
  row("Team icon", card.team);
  for (const s of STATS) {
    if (stats[s.key] === undefined) continue;
    const base = card.base_stats ? card.base_stats[s.key] : null;
    const printed = card.printed_stats ? card.printed_stats[s.key] : null;
    let text = card.type === "Neopet" ? String(stats[s.key]) : signed(stats)[s.key];
    if (card.type === "Neopet" && printed !== null && printed !== stats[s.key]) text += ` (printed ${printed}${base !== null && base !== printed ? `, with Codestones ${base}` : ""})`;
    row(s.word, text);
  }
  if (card.damage !== undefined) row("Damage", card.damage);
  if (card.level !== undefined) row("Level", `${card.level} (Codestones attached, 5.14)`);
  if (card.counters) row("Counters", `${card.counters} (Glossary Counter)`);
  if (namedCounters(card).length) row("Named counters", namedCounters(card).map(([kind, n]) => `${kind} ${n}`).join(", ") + " (Glossary Counter)");
  if (card.transformed_from) row("Transformed from", `${card.transformed_from}: it kept its damage, Status effects and Codestones (Glossary Transform, 5.6c.3)`);
  if (card.face_down && card.zone === "discard") row("Buried", "face-down in your Discard: only you see it, it can't be targeted or played (6.8d)");
  if (card.planned_turn !== undefined && card.planned_turn !== null) row("Planned", `on turn ${card.planned_turn}: playable in a later Preparation Phase of yours, discarded at the end of that turn otherwise (6.6d)`);
  const lines = String(card.text || "").split(/\n+/).filter(Boolean);
  return el("div", { class: "detail" },
    el("span", { class: `band ${typeClass(card.type)}` }, card.type),
    el("h3", {}, card.name),
    el("p", { class: "meta" }, [card.type, card.number].filter(Boolean).join(" · ")),
    el("dl", { class: "stats" }, dl),
    lines.length ? el("div", { class: "text" }, lines.map((l) => el("p", {}, l))) : el("p", { class: "muted" }, "No rules text."),
    card.automated === false
      ? el("div", { class: "manual-note", role: "note" }, el("strong", {}, "Not automated: "),
        "the engine does not apply this text (4.4a). Apply it by hand with \u201cApply an effect by hand\u201d below, as the card says.")
      : null);
}

// ---------------------------------------------------------------------------------- the board
function slot(label, card, ui, extra = "") {
  return el("div", { class: `nslot${card ? " full" : ""} ${extra}`, "aria-label": label },
    card ? cardFrame(card, { ...ui.opts(card), small: true }) : el("span", { class: "nslot-empty" }, label));
}

function dropZone(area, ui, cls, label, children) {
  // A place a selected card can go: the zone takes clicks and drops, and a real button inside it names
  // the action for keyboard and screen readers (as in board.js).
  const target = ui.targets.has(area);
  return el("div", { class: `${cls} drop${target ? " target" : ""}`, "data-area": area, role: "group", "aria-label": label },
    target ? el("button", { type: "button", class: "drop-btn", "data-area": area, "data-focus": `area-${area}` }, "\u2913 ", ui.targetLabel(area)) : null,
    children);
}

function hpMeter(n) {
  const hp = n.stats.hit_points ?? 0;
  const left = Math.max(0, hp - (n.damage || 0));
  const pct = hp ? Math.round((left / hp) * 100) : 0;
  return el("span", { class: "nhp", role: "meter", "aria-valuemin": "0", "aria-valuemax": String(hp), "aria-valuenow": String(left), "aria-label": `Hit Points left ${left} of ${hp}` },
    el("span", { class: "nhp-n" }, `\u2665 ${left}/${hp}`), el("span", { class: "nhp-bar", "aria-hidden": "true" }, el("span", { style: `width:${pct}%` })),
    n.damage ? el("span", { class: "nhp-dmg" }, `${n.damage} damage`) : null);
}

function activeNeopet(p, seat, ui) {
  const pl = p.view.players[seat];
  const n = pl.neopet;
  const label = `${isMe(p, seat) ? "Your" : playerName(p, seat) + "'s"} Active Neopet Slot (6.4)`;
  if (!n) return el("div", { class: "nactive empty", "aria-label": label }, el("span", { class: "nslot-empty" }, "Active Neopet Slot — empty"));
  if (!n.name) return el("div", { class: "nactive", "aria-label": label }, cardFrame(n, {}));
  const st = n.status || {};
  const tags = [
    n.face_down ? el("span", { class: "tag" }, "Face-down until both are revealed (1.2e.1)") : null,
    st.frozen ? el("span", { class: "tag t-frozen" }, "Frozen") : null,
    st.shadows ? el("span", { class: "tag t-shadows" }, "In the Shadows") : null,
    st.double_damage && st.double_damage === p.view.turn ? el("span", { class: "tag t-fr" }, "Double damage this turn") : null,
    n.transformed_from ? el("span", { class: "tag t-transformed", title: "Glossary Transform: it kept its damage, Status effects and Codestones (5.6c.3)" }, `Transformed from ${n.transformed_from}`) : null,
  ].filter(Boolean);
  const opts = ui.opts(n);
  return el("div", { class: "nactive", "aria-label": label },
    el("button", {
      type: "button", class: `ncard nbig${opts.selected ? " selected" : ""}${opts.actionable ? " actionable" : ""}${opts.option ? " option" : ""} ${typeClass(n.type)}`,
      "data-card": n.id, "data-focus": `card-${n.id}`, "aria-pressed": opts.selected ? "true" : "false",
      "aria-label": `${describe(n)}; level ${n.level}; Hit Points left ${Math.max(0, (n.stats.hit_points || 0) - (n.damage || 0))}`,
    },
    el("span", { class: `band ${typeClass(n.type)}` }, "Active Neopet"),
    el("span", { class: "title" }, n.name),
    el("span", { class: "ctype" }, [n.species, n.color, n.team].filter(Boolean).join(" · ")),
    el("span", { class: "nlevel-line" }, `Level ${n.level}`),
    statBadges({ attack: n.stats.attack, defence: n.stats.defence, agility: n.stats.agility }, n.base_stats, false),
    hpMeter(n),
    tags.length ? el("span", { class: "ntags" }, tags) : null));
}

function roundPips(pl) {
  const won = pl.rounds_won || 0;
  return el("span", { class: "nrounds", title: "Rounds won (two win the game, 1.3a)", "aria-label": `${won} of 2 rounds won` },
    [0, 1].map((i) => el("span", { class: `pip${i < won ? " won" : ""}`, "aria-hidden": "true" }, i < won ? "\u2605" : "\u2606")),
    el("span", { class: "nrounds-n" }, ` ${won} round${won === 1 ? "" : "s"} won`));
}

function pile(label, count, opts = {}) {
  return el(opts.pile ? "button" : "span", {
    class: `pile${opts.pile ? " pile-btn" : ""}`, type: opts.pile ? "button" : null, "data-pile": opts.pile || null,
    "data-focus": opts.pile ? `pile-${opts.pile}` : null, title: opts.title || null,
  }, el("span", { class: "pile-count" }, String(count)), el("span", { class: "pile-label" }, label));
}

function seatStrip(p, seat, where) {
  const v = p.view;
  const pl = v.players[seat];
  const conn = (p.players || []).find((x) => x.seat === seat);
  const turn = v.active_player === seat && v.turn > 0;
  const prio = v.priority && v.priority.player === seat;
  const acting = p.to_move === seat;
  return el("section", { class: `seat nseat seat-${where}${turn ? " is-turn" : ""}`, "aria-label": `${playerName(p, seat)}: rounds, decks and piles` },
    el("span", { class: "seat-name" },
      el("span", { class: `dot ${conn && conn.connected === false ? "off" : "on"}`, title: conn && conn.connected === false ? "disconnected" : "connected" }),
      el("strong", {}, playerName(p, seat)), isMe(p, seat) ? el("span", { class: "you" }, " (you)") : null,
      conn && conn.connected === false ? el("span", { class: "tag t-off" }, "disconnected") : null),
    turn || acting ? el("span", { class: "seat-tags" },
      turn ? el("span", { class: "tag t-turn" }, isMe(p, seat) ? "Your turn" : "Active Player") : null,
      acting ? el("span", { class: "tag t-act" }, prio && !v.pending ? "Priority" : "Deciding") : null) : null,
    roundPips(pl),
    el("span", { class: "piles" },
      pile("Inventory", pl.inventory_size, { title: "Cards in the Inventory (6.7)" }),
      pile("Main Deck", pl.main_deck_size, { title: pl.exhausted ? "Main Deck empty: Exhausted (9.2)" : "Main Deck (order hidden, 6.3)" }),
      pile("Neopet Deck", pl.neopet_deck_size, { title: "Neopet Deck (6.1)" }),
      pile("Rainbow Pool", pl.rainbow_pool_size, { title: "Rainbow Pool (6.2)" }),
      pile("Discard", pl.discard.length, { pile: `discard${seat}`, title: "Browse the Discard (6.8)" }),
      pile("Void", pl.void.length, { pile: `void${seat}`, title: "Browse the Void (6.9)" }),
      pl.stolen_size ? pile("stolen", pl.stolen_size, { title: "Stolen cards (8.10c)" }) : null,
      pile("Round Results", pl.round_results.length, { pile: `results${seat}`, title: "Round Results (6.11)" })),
    pl.exhausted ? el("span", { class: "tag t-fr" }, "Exhausted (9.2)") : null);
}

function mat(p, seat, ui, where) {
  const pl = p.view.players[seat];
  const mine = isMe(p, seat);
  const whose = mine ? "Your" : `${playerName(p, seat)}'s`;
  const stones = [];
  for (let i = 0; i < CODESTONE_SLOTS; i += 1) stones.push(slot(`Codestone Slot ${i + 1}`, pl.codestones[i], ui, "nslot-stone"));
  const slots = Math.max(pl.equipment_slots ?? EQUIPMENT_SLOTS, pl.equipment.length);
  const equip = [];
  for (let i = 0; i < slots; i += 1) equip.push(slot(`Equipment Slot ${i + 1}${i >= EQUIPMENT_SLOTS ? " (extra, 9.9a)" : ""}`, pl.equipment[i], ui, "nslot-equip"));
  return el("section", { class: `nmat nmat-${where}`, "aria-label": `${whose} side of the Battledome` },
    seatStrip(p, seat, where),
    activeNeopet(p, seat, ui),
    el("div", { class: "nzones" },
      dropZone(`codestones${seat}`, ui, "nzone nzone-stones", `${whose} Codestone Slots`, [
        el("span", { class: "zone-label" }, `Codestones · level ${pl.codestones.length}/${CODESTONE_SLOTS}`), el("div", { class: "nslots" }, stones)]),
      dropZone(`battledome${seat}`, ui, "nzone nzone-dome", `${whose} Battledome`, [
        el("span", { class: "zone-label" }, "Battledome"), el("div", { class: "nslots" }, slot("Champion (Faerie, Hero or Villain)", pl.champion, ui, "nslot-champ"))]),
      dropZone(`equipment${seat}`, ui, "nzone nzone-equip", `${whose} Equipment Slots`, [
        el("span", { class: "zone-label" }, `Equipment & petpets · ${pl.equipment.length}/${slots}`), el("div", { class: "nslots" }, equip)]),
      dropZone(`play_area${seat}`, ui, "nzone nzone-area", `${whose} Play Area`, [
        el("span", { class: "zone-label" }, "Play Area"),
        el("div", { class: "nslots" }, pl.play_area.length ? pl.play_area.map((c) => cardFrame(c, { ...ui.opts(c), small: true })) : el("span", { class: "nslot-empty wide" }, "Locations, Map Pieces, Factions"))]),
      plannedRow(p, seat, ui)));
}

function plannedRow(p, seat, ui) {
  // 6.6d: Planned cards sit in the Battledome face-down, each visible; their faces are private (3.4b.2)
  const pl = p.view.players[seat];
  const n = pl.planned_size || 0;
  if (!n) return null;
  const whose = isMe(p, seat) ? "Your" : `${playerName(p, seat)}'s`;
  const cards = pl.planned
    ? pl.planned.map((c) => cardFrame(c, { ...ui.opts(c), small: true }))
    : Array.from({ length: n }, () => cardFrame({ face_down: true, zone: "planned" }, { small: true }));
  return el("div", { class: "nzone nzone-planned", role: "group", "aria-label": `${whose} Planned cards: ${n} face-down (6.6d)` },
    el("span", { class: "zone-label" }, `Planned · ${n} face-down (6.6d)`), el("div", { class: "nslots" }, cards));
}

function phaseTrack(v) {
  return el("ol", { class: "nphases", "aria-label": "Phases of the turn (7)" },
    PHASES.map(([key, word, rule]) => el("li", { class: v.phase === key ? "now" : "", "aria-current": v.phase === key ? "step" : null },
      el("span", {}, word), el("small", {}, ` ${rule}`))));
}

function dieFace(v, kind, i, picked, at = 4) {
  // 7.5g: a 6 is a critical (never blocked), 4-5 a hit; a defence die of 4+ blocks one hit; 1-3 fail.
  // ``at``: the roll's success threshold when a dice rule changes it (the view's battle.success_at)
  let what = "miss";
  if (kind === "attack") what = v === 6 ? "critical" : v >= at ? "hit" : "miss";
  else what = v >= at ? "block" : "fail";
  return el("span", { class: `die die-${what}${picked ? " picked" : ""}`, title: `${kind} die ${i + 1}: ${v} (${what})`, role: "img", "aria-label": `${v}, ${what}${picked ? ", to be re-rolled" : ""}` },
    el("span", { class: "die-n" }, String(v)), el("span", { class: "die-w" }, what));
}

let lastDice = "";

function battlePanel(p) {
  const v = p.view;
  const b = v.battle;
  if (!b) return null;
  const ag = b.agility;
  const pend = v.pending && v.pending.kind === "agility_reroll" ? v.pending : null;
  // dice chosen for the Agility re-roll, while they are being chosen (7.5f.5)
  const picked = (seat) => (pend && ag && ag.player === seat ? ag.picked || pend.picked || [] : []);
  const sig = JSON.stringify([v.turn, b.attack, b.defence]);
  const fresh = sig !== lastDice; // a new roll: the dice tumble (CSS only, never delays input)
  lastDice = sig;
  const at = (kind) => (b.success_at && b.success_at[kind]) || 4;
  const tally = (dice, kind) => {
    // 7.5g: successes are 4+ (or from a dice rule's threshold); an attack 6 is a critical (9.3b.1)
    if (!dice.length) return null;
    const from = at(kind) !== 4 ? `; successes from ${at(kind)}, a dice rule` : "";
    if (kind === "attack") {
      const crit = dice.filter((d) => d === 6).length;
      const hits = dice.filter((d) => d >= at(kind) && d < 6).length;
      return `${crit} critical, ${hits} hit${hits === 1 ? "" : "s"}${from}`;
    }
    const blocks = dice.filter((d) => d >= at(kind)).length;
    return `${blocks} block${blocks === 1 ? "" : "s"}${from}`;
  };
  const row = (label, seat, dice, kind) => el("div", { class: `dice-row${fresh ? " rolled" : ""}` },
    el("span", { class: "dice-who" }, `${whoWords(p, seat)} — ${label}`, dice.length ? el("small", { class: "dice-tally" }, ` (${tally(dice, kind)})`) : null),
    dice.length ? el("span", { class: "dice" }, dice.map((d, i) => dieFace(d, kind, i, picked(seat).includes(i), at(kind))))
      : el("span", { class: "muted" }, b.step === "start" || (kind === "defence" && b.step === "attack") ? "not rolled yet" : "no dice"));
  const result = b.damage !== null && b.damage !== undefined;
  return [
    el("h2", {}, `Battle: ${whoWords(p, b.attacker)} attack${isMe(p, b.attacker) ? "" : "s"} (7.5)`),
    el("p", { class: "fo-title" }, BATTLE_STEPS[b.step] || b.step || ""),
    b.attacks === false ? el("p", { class: "fo-winner" }, "No attack this Battle Phase.") : null,
    row("attack dice", b.attacker, b.attack || [], "attack"),
    row("defence dice", b.defender, b.defence || [], "defence"),
    ag ? el("p", { class: "hint" }, `${whoWords(p, ag.player)} ${isMe(p, ag.player) ? "are" : "is"} more agile: up to ${ag.allowed} re-roll${ag.allowed === 1 ? "" : "s"} (7.5f)${ag.picked && ag.picked.length ? `, ${ag.picked.length} chosen` : ""}.`) : null,
    result ? el("p", { class: "fo-totals" }, el("strong", {}, "Result: "), `${b.criticals} critical, ${b.hits} hit${b.hits === 1 ? "" : "s"}, ${b.blocks} block${b.blocks === 1 ? "" : "s"} \u2192 `, el("strong", {}, `${b.damage} damage`), ` to ${whoWords(p, b.defender) === "You" ? "your" : playerName(p, b.defender) + "'s"} Neopet (7.5g)`) : null,
  ];
}

function queueStrip(p) {
  const q = p.view.queue || [];
  if (!q.length) return null;
  return el("section", { class: "nqueue", "aria-label": "The Queue (3.2): the top resolves first" },
    el("span", { class: "zone-label" }, `The Queue (${q.length})`),
    el("ol", {}, [...q].reverse().map((e, i) => el("li", { class: i === 0 ? "next" : "" },
      i === 0 ? el("span", { class: "tag t-act" }, "next") : null, " ",
      e.card ? el("button", { type: "button", class: "cardlink", "data-show": e.card.id }, e.label) : e.label,
      ` — ${whoWords(p, e.controller)}`,
      e.dice ? ` (dice ${e.dice.join(", ")})` : ""))));
}

function centre(p, ui) {
  const v = p.view;
  const rounds = v.players.map((pl) => pl.rounds_won);
  const results = v.players.flatMap((pl, seat) => (pl.round_results || []).map((r) => ({ seat, ...r })));
  return el("section", { class: "ncentre", "aria-label": "Round, phase and Queue" },
    el("div", { class: "nround" },
      el("strong", {}, v.phase === "setup" ? "Setting up (1.2)" : v.phase === "over" ? "Game over" : `Round ${v.round}`),
      el("span", { class: "muted" }, ` · best of three rounds (1.3) · ${rounds[0]}–${rounds[1]}`),
      v.time_called ? el("span", { class: "tag t-time" }, "Time called: this round is the last (house rule)") : null),
    v.phase !== "setup" && v.phase !== "over" && !betweenRounds(v) ? phaseTrack(v) : null,
    betweenRounds(v) ? el("span", { class: "tag t-turn" }, "Choosing Neopets for the new round (7.10a)") : null,
    results.length ? el("div", { class: "nresults", "aria-label": "Round Results (6.11)" },
      results.map((r) => el("span", { class: `nresult${r.face_up ? " won" : ""}` },
        el("button", { type: "button", class: "cardlink", "data-show": r.card.id }, r.card.name),
        ` — ${whoWords(p, r.seat)}: ${r.face_up ? "won the round" : "knocked out"}`))) : null,
    seenPanel(p),
    queueStrip(p));
}

function seenWords(p, s) {
  // a Look is the looking player's ("Bob looks at 5 cards of your Inventory"); a Reveal is made by the
  // cards' owner ("Ann reveals 1 card of her Inventory"), whoever's effect asked for it (9.10c)
  const subject = s.kind === "look" ? s.player : s.whose;
  const mine = isMe(p, subject);
  const owner = s.whose === subject ? (mine ? "your" : "their") : isMe(p, s.whose) ? "your" : `${playerName(p, s.whose)}'s`;
  const what = s.from === "main_deck"
    ? `the top ${s.n} card${s.n === 1 ? "" : "s"} of ${owner} Main Deck`
    : `${s.n} card${s.n === 1 ? "" : "s"} of ${owner} ${ZONE_WORDS[s.from] || s.from}`;
  const verb = s.kind === "look" ? (mine ? "look at" : "looks at") : mine ? "reveal" : "reveals";
  return `${whoWords(p, subject)} ${verb} ${what}`;
}

function seenPanel(p) {
  // 9.10c: this turn's Looks (cards for the looking player only) and Reveals (for everyone)
  const seen = p.view.seen || [];
  if (!seen.length) return null;
  return el("section", { class: "nseen", "aria-label": "Seen this turn: Looks and Reveals (9.10c)" },
    el("span", { class: "zone-label" }, "Seen this turn (9.10c)"),
    el("ul", {}, seen.map((s) => el("li", { class: `nseen-${s.kind}` },
      el("span", { class: `tag ${s.kind === "look" ? "t-look" : "t-reveal"}` }, s.kind === "look" ? "Look" : "Reveal"), " ",
      seenWords(p, s),
      s.cards ? [": ", ...(s.cards.length ? s.cards.flatMap((c, i) => [i ? ", " : "", el("button", { type: "button", class: "cardlink", "data-show": c.id }, c.name)]) : ["nothing"])]
        : el("span", { class: "muted" }, " (only they see the cards)")))));
}

function inventoryRow(p, seat, ui) {
  const pl = p.view.players[seat];
  const whose = isMe(p, seat) ? "Your" : `${playerName(p, seat)}'s`;
  if (!pl.inventory) {
    // 9.10b: another player's Inventory is private: its size, as card backs
    const n = pl.inventory_size;
    const backs = [];
    for (let i = 0; i < Math.min(n, 8); i += 1) backs.push(el("span", { class: "mini-back", "aria-hidden": "true" }));
    return el("section", { class: "nopp-hand", "aria-label": `${whose} Inventory: ${n} cards (hidden)` },
      backs, el("span", { class: "muted" }, `${n} card${n === 1 ? "" : "s"} in ${whose.toLowerCase() === "your" ? "your" : whose} Inventory`));
  }
  const bottom = seat === seatsOf(p).bottom;
  const cards = [...pl.inventory, ...(pl.stolen || [])];
  const toggle = bottom && cards.length
    ? el("button", { type: "button", class: "hand-toggle", "data-do": "toggle-hand", "data-focus": "toggle-hand", "aria-expanded": ui.handCollapsed ? "false" : "true" },
      ui.handCollapsed ? `Show ${whose.toLowerCase()} Inventory (${cards.length})` : "Hide Inventory")
    : null;
  if (bottom && ui.handCollapsed) return el("section", { class: "hand collapsed", "aria-label": `${whose} Inventory: ${cards.length} cards (hidden to show the board)` }, toggle);
  return el("section", { class: "hand", "aria-label": `${whose} Inventory: ${cards.length} cards` }, toggle,
    bottom ? null : el("span", { class: "zone-label hand-label" }, `${whose} Inventory`),
    cards.length ? cards.map((c) => cardFrame(c, ui.opts(c))) : el("span", { class: "muted" }, "Your Inventory is empty"));
}

/** The whole board: [board, the bottom player's Inventory]. */
export function renderBoard(p, ui) {
  const seats = seatsOf(p);
  const judgeHands = p.viewer && p.viewer.role !== "player";
  return [
    el("div", { class: "board nboard" },
      inventoryRow(p, seats.top, ui),
      mat(p, seats.top, ui, "top"),
      dropZone("queue", ui, "ncentre-box", "Round, phases and the Queue", centre(p, ui)),
      mat(p, seats.bottom, ui, "bottom"),
      judgeHands && !p.view.players[seats.bottom].inventory ? inventoryRow(p, seats.bottom, ui) : null),
    judgeHands && !p.view.players[seats.bottom].inventory ? null : inventoryRow(p, seats.bottom, ui),
  ].filter(Boolean);
}

// ---------------------------------------------------------------------------------- words
function betweenRounds(v) {
  // 7.8-7.10: after a knock-out the players choose new Neopets; no phase of a turn is under way
  return Boolean(v.pending && v.pending.kind === "new_neopet");
}

function phaseOf(v) {
  if (v.phase === "setup") return ["Setup", "1.2"];
  if (betweenRounds(v)) return ["New round", "Starting a New Round (7.10)"];
  if (v.phase === "over") return ["Game over", ""];
  const ph = PHASES.find(([k]) => k === v.phase);
  const name = ph ? `${ph[1]} Phase` : v.phase;
  if (v.phase === "battle" && v.step) return [name, BATTLE_STEPS[v.step] || v.step];
  return [name, ph ? `(${ph[2]})` : ""];
}

function ruleWords(rule) {
  if (!rule) return "";
  if (/^10 /.test(rule)) return `Battlepedia: ${rule.slice(3)} (10)`;
  return /^\d/.test(rule) ? `rule ${rule}` : rule;
}

function optionLabel(o, pend, p) {
  const fixed = {
    first: "Take the first turn", defer: "Defer: my opponent goes first (1.2c)", keep: "Keep this Inventory",
    mulligan: "Mulligan (draw 5 new cards)", yes: "Yes", no: "No", top: "Back on top", bottom: "On the bottom",
  };
  if (pend.kind === "agility_reroll") {
    if (o === "done") return (pend.picked || []).length ? "Done: re-roll the chosen dice" : "Done: re-roll nothing";
    const dice = pend.dice || [];
    return `Re-roll die ${o + 1} (a ${dice[o]})`;
  }
  if (pend.kind === "trigger_order" && pend.labels) {
    // two copies of a card trigger alike: number them so the buttons differ (9.6a)
    const label = (Array.isArray(pend.labels) ? null : pend.labels[o]) || String(o);
    const same = pend.options.filter((x) => pend.labels[x] === label);
    return same.length > 1 ? `${label} (${same.indexOf(o) + 1} of ${same.length})` : label;
  }
  if (o === "none") return pend.kind === "search" ? "Find nothing (9.11b)" : "None";
  if (o === "done") return pend.kind === "plan" ? "Done: plan no more cards" : "Done";
  if (typeof o === "string" && fixed[o] && !(pend.kind === "choose_one")) return fixed[o];
  if (typeof o === "string" && /^c\d+$/.test(o)) {
    const c = findCard(p, o);
    if (!c) return o;
    const where = whereWords(p, c);
    return `${c.name}${where ? " — " + where : ""}`;
  }
  return String(o);
}

function lastResolving(p) {
  // Which card or ability is resolving: the newest "resolves" / "plays" / "activates" line of the log.
  const log = p.log || [];
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (["resolve", "play", "activate", "trigger", "manual_effect"].includes(e.type)) return e;
    if (e.type === "turn") break;
  }
  return null;
}

const IN_EFFECT = new Set(["target", "pay_discard", "discard", "recycle", "search", "fetch", "foresee", "steal", "play_from", "may", "choose_one", "plan", "bury", "exhume", "reveal"]);

function decisionHints(pend, p) {
  const out = [el("p", { class: "asker" }, `The rules ask (${ruleWords(pend.rule)})`)];
  if (IN_EFFECT.has(pend.kind)) {
    const e = lastResolving(p);
    if (e) out.push(el("p", { class: "hint" }, "While: ", e.card ? el("button", { type: "button", class: "cardlink", "data-show": e.card }, e.msg) : e.msg));
  }
  if (pend.kind === "may" && pend.what) out.push(el("p", { class: "hint" }, `Effect: ${pend.what}`));
  const revealFrom = pend.kind === "reveal" ? ZONE_WORDS[(Object.values(pend.cards || {})[0] || {}).zone] || "Inventory" : "";
  if (pend.kind === "reveal" && p.view.active_player !== pend.player) out.push(el("p", { class: "hint" }, `${playerName(p, p.view.active_player)}'s effect asks you to reveal from your ${revealFrom}.`));
  if (pend.kind === "reveal") out.push(el("p", { class: "hint" }, "Both players see the card you choose, under \u201cSeen this turn\u201d until the end of the turn; after that it is private again (9.10c)."));
  if (pend.kind === "plan") out.push(el("p", { class: "hint" }, "A Planned card not played by the end of your next turn goes to your Discard (Glossary Planned)."));
  if (pend.kind === "foresee" && pend.card) out.push(el("p", { class: "hint" }, "The card: ", el("button", { type: "button", class: "cardlink", "data-show": pend.card }, cardName(p, pend.card))));
  if (pend.kind === "agility_reroll" && pend.dice) {
    const b = p.view.battle;
    const kind = b && b.attacker === pend.player ? "attack" : "defence";
    out.push(el("div", { class: "dice" }, pend.dice.map((d, i) => dieFace(d, kind, i, (pend.picked || []).includes(i), (b && b.success_at && b.success_at[kind]) || 4))));
    out.push(el("p", { class: "hint" }, `Chosen so far: ${(pend.picked || []).length ? pend.picked.map((i) => `die ${i + 1}`).join(", ") : "none"} (a die only once, 7.5f.7; they are re-rolled together, 7.5f.8).`));
  }
  return out;
}

const TARGET_WORDS = {
  queue: "into the Queue (3.3)", equipment: "to an Equipment Slot (5.8d)", battledome: "to the Battledome (5.5d)",
  play_area: "to the Play Area (6.10)", codestones: "to a Codestone Slot (5.14c)",
};

function targetArea(a, p) {
  const seat = a.player ?? (p.viewer ? p.viewer.seat : 0);
  if (a.kind === "attach") return `codestones${seat}`;
  if (a.kind === "collect") return `play_area${seat}`;
  if (a.kind !== "play") return null;
  const c = findCard(p, a.card);
  const t = c ? c.type : "";
  if (t === "Equipment" || t === "Petpet") return `equipment${seat}`;
  if (t === "Location" || t === "Map Piece" || t === "Faction") return `play_area${seat}`;
  if (CHAMPIONS.has(t)) return `battledome${seat}`;
  return "queue";
}

function actionWords(a, p) {
  switch (a.kind) {
    case "play": {
      const area = targetArea(a, p) || "queue";
      const c = findCard(p, a.card);
      const food = c && c.type === "Food";
      let words = `Play ${TARGET_WORDS[area.replace(/\d$/, "")]}`;
      if (food) words = "Play this Food (into the Queue, 5.11c)";
      if (c && c.zone === "planned") words = `Play this Planned card ${TARGET_WORDS[area.replace(/\d$/, "")]} (6.6d; not the phase's one card)`;
      if (a.replace) words += `, replacing ${cardName(p, a.replace)} (5.8e)`;
      if (a.pledge) words += `, pledging allegiance to ${cardName(p, a.pledge)} (5.15c)`;
      return words;
    }
    case "attach": return "Attach as a Codestone (Train Phase, one a turn, 5.14c)";
    case "collect": return "Collect this Map Piece (5.13c)";
    case "activate": return `Activate its ability${typeof a.ability === "number" ? ` #${a.ability + 1}` : ""} (8.4)`;
    case "petpet": return `Petpet: your Neopet gains its ${STAT_WORD[a.stat] || a.stat} this turn (5.9d)`;
    case "pass": return "Pass";
    case "choose": return String(a.option);
    default: return a.kind.replace(/_/g, " ");
  }
}

function announce(before, now, fresh) {
  const round = fresh.filter((e) => e.type === "round_won").pop();
  if (round) return round.msg;
  const hit = fresh.filter((e) => e.type === "battle_result").pop();
  if (hit) return `Battle: ${hit.msg}`;
  if (now.view.turn !== before.view.turn && now.view.turn) {
    const a = now.view.active_player;
    return isMe(now, a) ? `Turn ${now.view.turn}: your turn` : `Turn ${now.view.turn}: ${playerName(now, a)}'s turn`;
  }
  return null;
}

function linkNames(p) {
  const names = new Map();
  for (const c of allCards(p)) if (c.name && !names.has(c.name)) names.set(c.name, { show: c.id });
  return names;
}

function manualCards(p) {
  const out = [];
  for (const [seat, pl] of p.view.players.entries()) {
    for (const c of [pl.neopet, pl.champion, ...pl.equipment, ...pl.play_area, ...pl.codestones]) {
      if (c && c.id && c.name) out.push({ id: c.id, name: c.name, label: `${c.name} — ${isMe(p, seat) ? "yours" : playerName(p, seat) + "'s"}` });
    }
  }
  return out;
}

function manualAction(fd) {
  const spec = MANUAL_EFFECTS.find((m) => m.op === fd.get("op"));
  const effect = { op: spec.op };
  if (spec.amount) effect.n = Number(fd.get("n") || 1);
  if (spec.to) effect.to = fd.get("to") || spec.to;
  if (spec.who) effect.who = fd.get("to") || "you";
  if (spec.stat) { effect.stat = fd.get("stat") || "attack"; effect.until = "turn"; }
  return { action: { kind: "manual_effect", effect }, needsTarget: Boolean(spec.target) };
}

function manualExtras() {
  // the Neopet an effect is for (to / who) and the Stat of a stat change
  return [
    el("label", {}, "For ", el("select", { name: "to" }, el("option", { value: "" }, "— (the effect's usual player)"),
      el("option", { value: "you" }, "you"), el("option", { value: "opponent" }, "your opponent"), el("option", { value: "each" }, "each player"))),
    el("label", {}, "Stat ", el("select", { name: "stat" }, STATS.map((s) => el("option", { value: s.key }, s.word)))),
  ];
}

function pileOf(p, name) {
  const m = /^(discard|void|results)(\d)$/.exec(name);
  if (!m) return null;
  const seat = Number(m[2]);
  const pl = p.view.players[seat];
  const whose = isMe(p, seat) ? "Your" : `${playerName(p, seat)}'s`;
  if (m[1] === "results") {
    const cards = (pl.round_results || []).map((r, i) => ({ ...r.card, name: `Round ${i + 1}: ${r.card.name} (${r.face_up ? "won" : "knocked out"})`, id: r.card.id }));
    return { title: `${whose} Round Results (${cards.length})`, cards };
  }
  const cards = (pl[m[1]] || []).map((c) => (!c.face_down ? c
    : c.name ? { ...c, name: `${c.name} (Buried: face-down, only you see it, 6.8d)` } : { ...c, name: "A Buried card (face-down, 6.8d)" }));
  return { title: `${whose} ${m[1] === "discard" ? "Discard" : "Void"} (${cards.length})`, cards };
}

export const NEOPETS = {
  name: "neopets",
  renderBoard,
  findCard,
  cardName,
  cardFrame: (card, opts) => cardFrame(card, opts),
  cardDetail: (card) => cardDetail(card),
  phaseOf,
  turnPlayer: (v) => (v.turn ? v.active_player : null),
  roundWords: (v) => (v.phase === "setup" ? null : `Round ${v.round} (${v.players[0].rounds_won}\u2013${v.players[1].rounds_won})`),
  decisionTitle: (kind) => (DECISIONS[kind] || [`Decide: ${kind}`])[0],
  waitingWords: (kind) => (DECISIONS[kind] || [null, `decide (${kind})`])[1],
  optionLabel,
  decisionHints,
  actionWords,
  targetArea,
  areaOption: () => false,
  handOf: (v, seat) => (v.players[seat] && v.players[seat].inventory) || [],
  isSetup: (v) => v.phase === "setup",
  // house rule (engine README): the round in progress is finished, then more rounds won wins
  timeCalledWords: () => "Time called \u2014 this round is the last",
  priorityRule: "3.8",
  concedeRule: "1.3c.1",
  eventTitle: "Battle",
  eventPanel: (p) => battlePanel(p),
  announce,
  linkNames,
  manualEffects: MANUAL_EFFECTS,
  manualCards,
  manualAction,
  manualExtras,
  manualHint: "For card text the engine does not automate (marked \u201cManual\u201d, 4.4a). Your opponent sees exactly what you apply in the log.",
  pile: pileOf,
  seatsOf,
};
