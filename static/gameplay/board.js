// The board as the rules lay it out (Comprehensive Rules 3.8, 4xx/5xx): each player's home with the
// Mane Character, the Problems with the characters at each (opponent's above, yours below), the
// Problem decks, draw decks and discard piles, flipped cards, scores to 15 and action tokens.

import { cardFrame, el } from "./cards.js";

export const WIN_POINTS = 15; // 103.2

export function seatsOf(payload) {
  const seat = payload.viewer && typeof payload.viewer.seat === "number" ? payload.viewer.seat : 0;
  return { bottom: seat, top: 1 - seat };
}

export function playerName(payload, p) {
  const v = payload.view;
  const name = (v.players[p] && v.players[p].name) || `Player ${p + 1}`;
  return name;
}

export function isMe(payload, p) {
  return payload.viewer && payload.viewer.role === "player" && payload.viewer.seat === p;
}

export function whoWords(payload, p) {
  return isMe(payload, p) ? "You" : playerName(payload, p);
}

/** The Problem card at an area (a Problem area holds its Problem card and the characters there). */
export function problemAt(view, area) {
  return (view.areas[area] || []).find((c) => c.type === "Problem" || c.dilemma) || null;
}

export function areaName(payload, area) {
  const v = payload.view;
  const m = /^home(\d)$/.exec(area || "");
  if (m) {
    const p = Number(m[1]);
    return isMe(payload, p) ? "your home" : `${playerName(payload, p)}'s home`;
  }
  const prob = problemAt(v, area);
  if (prob) {
    const owner = prob.controller;
    const whose = owner === null || owner === undefined ? "" : (isMe(payload, owner) ? " (your Problem)" : ` (${playerName(payload, owner)}'s Problem)`);
    return `${prob.name || "a Problem"}${whose}`;
  }
  return area;
}

export function cardName(payload, id) {
  const v = payload.view;
  for (const cards of Object.values(v.areas)) {
    const c = cards.find((x) => x.id === id);
    if (c) return c.face_down && !c.name ? "a face-down Troublemaker" : c.name;
  }
  for (const pl of v.players) {
    for (const zone of ["hand", "discard", "flipped", "banished"]) {
      const c = (pl[zone] || []).find((x) => x.id === id);
      if (c) return c.name;
    }
  }
  const offered = v.pending && v.pending.cards && v.pending.cards[id];
  return offered ? offered.name : id;
}

export function findCard(payload, id) {
  const v = payload.view;
  for (const cards of Object.values(v.areas)) {
    const c = cards.find((x) => x.id === id);
    if (c) return c;
  }
  for (const pl of v.players) {
    for (const zone of ["hand", "discard", "flipped", "banished"]) {
      const c = (pl[zone] || []).find((x) => x.id === id);
      if (c) return c;
    }
  }
  return (v.pending && v.pending.cards && v.pending.cards[id]) || null;
}

function scoreTrack(score) {
  const pct = Math.min(100, Math.round((score / WIN_POINTS) * 100));
  return el("span", { class: "score", role: "meter", "aria-valuemin": "0", "aria-valuemax": String(WIN_POINTS), "aria-valuenow": String(score), "aria-label": `Score ${score} of ${WIN_POINTS}` },
    el("span", { class: "score-num" }, String(score), el("small", {}, `/${WIN_POINTS}`)),
    el("span", { class: "score-bar", "aria-hidden": "true" }, el("span", { style: `width:${pct}%` })));
}

function tokens(n) {
  const dots = [];
  for (let i = 0; i < Math.min(n, 10); i += 1) dots.push(el("span", { class: "token-dot", "aria-hidden": "true" }));
  return el("span", { class: "tokens", title: "Action tokens" }, el("span", { class: "token-n" }, `${n}`), " action token", n === 1 ? "" : "s", el("span", { class: "token-dots" }, dots));
}

function pile(label, count, opts = {}) {
  return el(opts.button ? "button" : "span", {
    class: `pile${opts.button ? " pile-btn" : ""}`, type: opts.button ? "button" : null,
    "data-pile": opts.pile || null, "data-focus": opts.pile ? `pile-${opts.pile}` : null,
    title: opts.title || null,
  }, el("span", { class: "pile-count" }, String(count)), el("span", { class: "pile-label" }, label));
}

/** The strip of one player: name, turn marker, score, tokens, hand, decks, discard, flipped. */
function seatStrip(payload, p, where) {
  const v = payload.view;
  const pl = v.players[p];
  const conn = (payload.players || []).find((x) => x.seat === p);
  const turn = v.turn_player === p;
  const prio = v.priority && v.priority.p === p;
  const acting = payload.to_move === p;
  return el("section", { class: `seat seat-${where}${turn ? " is-turn" : ""}`, "aria-label": `${playerName(payload, p)}: score, tokens and piles` },
    el("span", { class: "seat-name" },
      el("span", { class: `dot ${conn && conn.connected === false ? "off" : "on"}`, title: conn && conn.connected === false ? "disconnected" : "connected" }),
      el("strong", {}, playerName(payload, p)), isMe(payload, p) ? el("span", { class: "you" }, " (you)") : null,
      conn && conn.connected === false ? el("span", { class: "tag t-off" }, "disconnected") : null),
    turn || acting ? el("span", { class: "seat-tags" },
      turn ? el("span", { class: "tag t-turn" }, isMe(payload, p) ? "Your turn" : "Turn") : null,
      acting ? el("span", { class: "tag t-act" }, prio && !v.pending ? "Priority" : "Deciding") : null) : null,
    scoreTrack(pl.score),
    tokens(pl.action_tokens),
    el("span", { class: "piles" },
      pile("hand", pl.hand_size, { title: "Cards in hand" }),
      pile("deck", pl.deck_size, { title: "Draw deck (order hidden)" }),
      pile("discard", pl.discard.length, { button: true, pile: `discard${p}`, title: "Browse the discard pile" }),
      pl.banished && pl.banished.length ? pile("banished", pl.banished.length, { button: true, pile: `banished${p}` }) : null,
      pile("Problems", pl.problem_deck_size, { title: "Problem deck" }),
      pl.home_limit !== null && pl.home_limit !== undefined ? pile("home limit", pl.home_limit, { title: "Home limit (616.3)" }) : null),
  );
}

function frames(payload, cards, ui) {
  // Attached Resources sit under their host (slightly offset), the others in a row.
  const hosts = new Map();
  const loose = [];
  for (const c of cards) {
    if (c.attached_to && cards.some((h) => h.id === c.attached_to)) {
      if (!hosts.has(c.attached_to)) hosts.set(c.attached_to, []);
      hosts.get(c.attached_to).push(c);
    } else loose.push(c);
  }
  return loose.map((c) => {
    const f = cardFrame(c, ui.opts(c));
    const att = hosts.get(c.id);
    if (!att) return f;
    return el("span", { class: "stack" }, f, att.map((a) => el("span", { class: "attached", title: `attached to ${c.name}` }, cardFrame(a, { ...ui.opts(a), small: true }))));
  });
}

function dropZone(area, payload, ui, cls, label, children) {
  // A place a selected card can go: the whole zone takes clicks and drops, and a real button inside
  // it (not the zone itself: no nested controls) names the action for keyboard and screen readers.
  const target = ui.targets.has(area);
  return el("div", { class: `${cls} drop${target ? " target" : ""}`, "data-area": area, role: "group", "aria-label": label },
    target ? el("button", { type: "button", class: "drop-btn", "data-area": area, "data-focus": `area-${area}` }, "\u2913 ", ui.targetLabel(area)) : null,
    children);
}

function problemColumn(payload, area, ui, seats) {
  const v = payload.view;
  const cards = v.areas[area] || [];
  const prob = problemAt(v, area);
  const top = cards.filter((c) => c !== prob && c.controller === seats.top);
  const bottom = cards.filter((c) => c !== prob && c.controller !== seats.top);
  const owner = prob ? prob.controller : null;
  const fo = v.faceoff && (v.faceoff.areas || []).includes(area);
  const label = `Problem ${prob ? prob.name : area}` + (owner !== null && owner !== undefined ? ` (${whoWords(payload, owner) === "You" ? "yours" : playerName(payload, owner) + "'s"})` : "");
  return dropZone(area, payload, ui, `problem-col${fo ? " in-faceoff" : ""}`, label, [
    el("div", { class: "row row-top" }, frames(payload, top, ui)),
    el("div", { class: "problem-slot" },
      prob ? cardFrame(prob, ui.opts(prob)) : el("span", { class: "muted" }, "No Problem yet (102.2)"),
      el("span", { class: "owner-tag" }, owner === null || owner === undefined ? "" : (isMe(payload, owner) ? "your Problem" : `${playerName(payload, owner)}'s Problem`)),
      fo ? el("span", { class: "tag t-fo" }, "Faceoff here") : null),
    el("div", { class: "row row-bottom" }, frames(payload, bottom, ui)),
  ]);
}

function homeRow(payload, p, ui, where) {
  const v = payload.view;
  const area = `home${p}`;
  const cards = v.areas[area] || [];
  const flipped = v.players[p].flipped || [];
  return dropZone(area, payload, ui, `home home-${where}`, `${whoWords(payload, p) === "You" ? "Your" : playerName(payload, p) + "'s"} home`, [
    seatStrip(payload, p, where),
    el("span", { class: "zone-label" }, isMe(payload, p) ? "Your home" : `${playerName(payload, p)}'s home`),
    el("div", { class: "row" }, frames(payload, cards, ui)),
    flipped.length ? el("div", { class: "flipped", "aria-label": "Flipped cards" }, el("span", { class: "zone-label" }, "Flipped"), flipped.map((c) => cardFrame(c, { ...ui.opts(c), small: true }))) : null,
  ]);
}

function handRow(payload, p, ui) {
  const pl = payload.view.players[p];
  if (!pl.hand) return null; // only its size is shown, in the player's strip (404.1)
  const whose = isMe(payload, p) ? "Your" : `${playerName(payload, p)}'s`;
  const bottom = p === seatsOf(payload).bottom;
  const toggle = bottom && pl.hand.length
    ? el("button", { type: "button", class: "hand-toggle", "data-do": "toggle-hand", "data-focus": "toggle-hand", "aria-expanded": ui.handCollapsed ? "false" : "true" },
      ui.handCollapsed ? `Show ${whose.toLowerCase()} hand (${pl.hand.length})` : "Hide hand")
    : null;
  if (bottom && ui.handCollapsed) {
    return el("section", { class: "hand collapsed", "aria-label": `${whose} hand: ${pl.hand.length} cards (hidden to show the board)` }, toggle);
  }
  return el("section", { class: "hand", "aria-label": `${whose} hand: ${pl.hand.length} cards` }, toggle,
    pl.hand.length ? pl.hand.map((c) => cardFrame(c, ui.opts(c))) : el("span", { class: "muted" }, "No cards in hand"));
}

/** The whole board.  ``ui``: {opts(card) -> frame options, targets: Set(area), targetLabel(area)}. */
export function renderBoard(payload, ui) {
  const v = payload.view;
  const seats = seatsOf(payload);
  const probAreas = Object.keys(v.areas).filter((a) => !a.startsWith("home"));
  probAreas.sort((a, b) => {
    const pa = /^prob(\d)$/.exec(a);
    const pb = /^prob(\d)$/.exec(b);
    // the bottom player's Problem on the left, the opponent's on the right, then others
    const rank = (m, a2) => (m ? (Number(m[1]) === seats.bottom ? 0 : 1) : 2) + a2;
    return rank(pa, "").localeCompare(rank(pb, "")) || a.localeCompare(b);
  });
  // The bottom player's hand stays in view below the board, which scrolls when it is tall.
  return [
    el("div", { class: "board" },
      handRow(payload, seats.top, ui),
      homeRow(payload, seats.top, ui, "top"),
      el("section", { class: "problems", "aria-label": "Problems" }, probAreas.map((a) => problemColumn(payload, a, ui, seats))),
      homeRow(payload, seats.bottom, ui, "bottom")),
    handRow(payload, seats.bottom, ui),
  ].filter(Boolean);
}
