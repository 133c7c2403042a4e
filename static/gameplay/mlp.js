// The My Little Pony CCG side of the table: what table.js asks a game for (the board, card frames and
// text, the words of steps, decisions and actions, where an action puts a card, the faceoff panel, the
// manual-effect vocabulary).  table.js picks this module or neopets.js by the view's "game".

import { areaName, cardName, findCard, isMe, playerName, renderBoard, seatsOf } from "./board.js";
import { cardDetail, cardFrame, el } from "./cards.js";
import { decisionTitle, optionWords, phaseOf, waitingWords } from "./words.js";

const MANUAL_EFFECTS = [
  // The effect vocabulary a player applies by hand for text the engine does not automate.
  { op: "draw", label: "Draw cards", amount: true },
  { op: "discard", label: "Discard cards (you choose)", amount: true },
  { op: "gain", label: "Gain action tokens", amount: true },
  { op: "score", label: "Score points", amount: true },
  { op: "exhaust", label: "Exhaust a card", target: true },
  { op: "ready", label: "Ready a card", target: true },
  { op: "frighten", label: "Frighten a card", target: true },
  { op: "unfrighten", label: "Unfrighten a card", target: true },
  { op: "power", label: "Give +/- power until the end of the turn", amount: true, target: true, signed: true },
  { op: "counters", label: "Put +1 power counters on a card", amount: true, target: true },
  { op: "send_home", label: "Send a character home", target: true },
  { op: "move", label: "Move a card (you choose where)", target: true },
  { op: "dismiss", label: "Dismiss a card", target: true },
  { op: "retire", label: "Retire a card", target: true },
  { op: "banish", label: "Banish a card", target: true },
  { op: "to_hand", label: "Return a card to its owner's hand", target: true },
];

function actionWords(a, p) {
  switch (a.kind) {
    case "play":
      if (a.host) return `Play on ${cardName(p, a.host)}`;
      return `Play to ${areaName(p, a.area)}${a.redeem ? " (Redeem)" : ""}${a.transform ? " (Transform)" : ""}`;
    case "play_troublemaker": return `Play face-down to ${areaName(p, a.area)} (pay 1, 609.2c)`;
    case "move": return `Move to ${areaName(p, a.area)}`;
    case "rally": return "Rally (609.2e)";
    case "activate": {
      const card = findCard(p, a.card);
      const f = card && card.key && p.cards ? p.cards[card.key] : null;
      const face = f ? (card.boosted && f.boosted ? f.boosted : f.front) : null;
      const text = face && face.abilities ? face.abilities[a.ability] : "";
      return text ? `Use: ${text}` : `Use its ability${typeof a.ability === "number" ? ` #${a.ability + 1}` : ""}`;
    }
    case "draw": return "Draw a card (1 action token, 609.2d)";
    case "pass": return "Pass";
    case "choose":
      if (typeof a.option === "string" && p.view.areas && p.view.areas[a.option]) return areaName(p, a.option);
      return optionWords(a.option);
    default: return a.kind.replace(/_/g, " ");
  }
}

function optionLabel(o, pend, p, i) {
  if (pend.kind === "order" && pend.labels) return pend.labels[i] || optionWords(o, pend.kind);
  if (typeof o === "string" && p.view.areas[o]) return areaName(p, o);
  if (typeof o === "string" && /^c\d+$/.test(o)) {
    const c = findCard(p, o);
    return c ? `${c.name || "face-down Troublemaker"}${c.area ? " — " + areaName(p, c.area) : ""}` : o;
  }
  return optionWords(o, pend.kind);
}

function decisionHints(pend, p) {
  const src = pend.src ? findCard(p, pend.src) : null;
  const rule = pend.rule ? ` (${/^\d/.test(pend.rule) ? "rule " : ""}${pend.rule})` : "";
  const out = [];
  if (src) out.push(el("p", { class: "asker" }, "Asked by ", el("button", { type: "button", class: "cardlink", "data-show": src.id }, src.name || "a card"), rule));
  else out.push(el("p", { class: "asker" }, `The rules ask${rule}`));
  if (pend.kind === "may" && pend.text) out.push(el("p", { class: "hint" }, `Effect: ${pend.text}`));
  if (pend.op) out.push(el("p", { class: "hint" }, OP_HINTS[pend.op] || `For: ${pend.op.replace(/_/g, " ")}`));
  return out;
}

// Decisions whose op needs its own words ("in any order": the player orders the cards, one pick at a time).
const OP_HINTS = {
  reorder_top: "Put these cards back on top in any order: choose the top card first; each next card goes under it",
  reorder_bottom: "Put these cards on the bottom in any order: pick them one at a time; the last one you pick is the bottom card",
};

function eventPanel(p, linked) {
  // The latest faceoff of this turn, from the log: both sides' flips, totals, the winner, the points.
  const log = p.log || [];
  let start = -1;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if (e.type === "turn") break;
    if (e.type === "faceoff" && /faceoff/i.test(e.msg) && !/totals|wins|ends|involved|nobody/i.test(e.msg)) { start = i; break; }
  }
  const live = p.view.faceoff;
  if (start < 0 && !live) return null;
  const flips = [];
  let totals = null;
  let winner = null;
  let ended = false;
  const points = [];
  for (const e of start >= 0 ? log.slice(start + 1) : []) {
    if (e.type === "flip") flips.push(e.msg);
    else if (e.type === "faceoff" && /totals/i.test(e.msg)) totals = e.msg.replace(/^Faceoff totals:\s*/i, "");
    else if (e.type === "faceoff" && /wins/.test(e.msg)) winner = e.msg;
    else if (e.type === "faceoff" && /ends|nobody/i.test(e.msg)) { ended = true; if (/nobody/i.test(e.msg)) winner = e.msg; }
    else if (e.type === "score" && winner) points.push(e.msg);
    else if (e.type === "turn") break;
  }
  if (live && live.totals) totals = `${playerName(p, 0)} ${live.totals[0]}, ${playerName(p, 1)} ${live.totals[1]}`;
  return [
    el("h2", {}, live && !ended ? "Faceoff in progress" : "Faceoff"),
    el("p", { class: "fo-title" }, start >= 0 ? log[start].msg : `${live.type === "tm" ? "Troublemaker" : "Problem"} faceoff`),
    flips.length ? el("ul", { class: "fo-flips" }, flips.map((f) => el("li", {}, linked(f)))) : null,
    totals ? el("p", { class: "fo-totals" }, el("strong", {}, "Totals: "), totals) : null,
    winner ? el("p", { class: "fo-winner" }, winner) : null,
    ...points.map((m) => el("p", { class: "fo-points" }, m)),
  ];
}

function announce(before, now, fresh) {
  const won = fresh.filter((e) => e.type === "faceoff" && /wins the faceoff|nobody wins/i.test(e.msg)).pop();
  if (won) {
    const totals = fresh.filter((e) => e.type === "faceoff" && /totals/i.test(e.msg)).pop();
    return `${won.msg}${totals ? " — " + totals.msg.replace(/^Faceoff totals:\s*/i, "") : ""}`;
  }
  if (now.view.turn !== before.view.turn && now.view.turn) {
    return isMe(now, now.view.turn_player) ? `Turn ${now.view.turn}: your turn` : `Turn ${now.view.turn}: ${playerName(now, now.view.turn_player)}'s turn`;
  }
  return null;
}

function linkNames(p) {
  // Card names in the log → the key of their printed face.
  const names = new Map();
  for (const [key, f] of Object.entries(p.cards || {})) {
    for (const face of [f.front, f.boosted]) {
      if (!face) continue;
      names.set(face.subtitle ? `${face.title}, ${face.subtitle}` : face.title, { key });
    }
  }
  return names;
}

function manualCards(p) {
  const inPlay = [];
  for (const cards of Object.values(p.view.areas)) for (const c of cards) if (c.name && c.type !== "Problem") inPlay.push(c);
  return inPlay.map((c) => ({ id: c.id, label: `${c.name} — ${areaName(p, c.area)}`, name: c.name }));
}

function manualAction(fd) {
  const spec = MANUAL_EFFECTS.find((m) => m.op === fd.get("op"));
  const effect = { op: spec.op };
  if (spec.amount) effect.n = Number(fd.get("n") || 1);
  if (["draw", "discard", "score"].includes(spec.op)) effect.who = "you";
  if (spec.op === "power") effect.until = "turn";
  if (spec.op === "counters") effect.counter = "+1";
  if (spec.op === "move") effect.to = "choose";
  return { action: { kind: "manual_effect", effect }, needsTarget: Boolean(spec.target) };
}

function pile(p, name) {
  const m = /^(discard|banished)(\d)$/.exec(name);
  if (!m) return null;
  const seat = Number(m[2]);
  const cards = p.view.players[seat][m[1]] || [];
  const whose = isMe(p, seat) ? "Your" : `${playerName(p, seat)}'s`;
  return { title: `${whose} ${m[1] === "discard" ? "discard pile" : "banished cards"} (${cards.length})`, cards };
}

export const MLP = {
  name: "mlp",
  renderBoard,
  findCard,
  cardName,
  cardFrame,
  cardDetail,
  phaseOf: (v) => phaseOf(v.step),
  turnPlayer: (v) => v.turn_player,
  roundWords: () => null,
  decisionTitle,
  waitingWords,
  optionLabel,
  decisionHints,
  actionWords,
  targetArea: (a, p) => a.area || (a.host ? findCard(p, a.host) && findCard(p, a.host).area : null),
  areaOption: (o, p) => typeof o === "string" && Boolean(p.view.areas && p.view.areas[o]),
  handOf: (v, seat) => (v.players[seat] && v.players[seat].hand) || [],
  isSetup: (v) => String(v.step).startsWith("setup"),
  timeCalledWords: (round) => `Time called \u2014 ${round.extra_turns_left ?? 0} extra turn${round.extra_turns_left === 1 ? "" : "s"}`,
  priorityRule: "510",
  concedeRule: "103.4",
  eventTitle: "Faceoff",
  eventPanel,
  announce,
  linkNames,
  manualEffects: MANUAL_EFFECTS,
  manualCards,
  manualAction,
  manualHint: "For card text the engine does not automate (marked \u201cManual\u201d). Your opponent sees exactly what you apply in the log.",
  pile,
  seatsOf,
};
