// The game table: renders the server's "state" messages (docs/online-play.md) and turns clicks, taps,
// drags and keys into the legal actions the server listed.  The server decides everything; this page
// only shows the viewer's view and sends {"type": "action", "seq", "action"}.

import { isMe, playerName, whoWords } from "./board.js";
import { el } from "./cards.js";
import { MLP } from "./mlp.js";
import { NEOPETS } from "./neopets.js";

/** The game module for a state message: the board, card frames and words of its game (mlp.js, neopets.js). */
export function gameOf(payload) {
  return payload && payload.view && payload.view.game === "neopets" ? NEOPETS : MLP;
}

/** The actions whose log entries a state message carries (gameplay.services.common.LOG_TAIL). */
const LOG_ACTIONS = 40;

function getCookie(name) {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : "";
}

function fmtClock(ms) {
  if (ms === null || Number.isNaN(ms)) return "—";
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

function actionParams(a) {
  const out = {};
  for (const [k, v] of Object.entries(a)) if (k !== "player") out[k] = v;
  return out;
}

export class Table {
  constructor(root, config) {
    this.root = root;
    this.config = config || {};
    this.payload = null;
    this.selected = null;   // the card whose actions are offered
    this.detail = null;     // the card shown in the detail panel
    this.busy = false;      // an action was sent; wait for the next state
    this.toast = null;
    this.ws = null;
    this.retry = 0;
    this.readOnly = Boolean(this.config.read_only);
    this.build();
    if (this.config.state) this.setState(this.config.state);
    setInterval(() => this.tick(), 1000);
  }

  // ------------------------------------------------------------------ layout
  build() {
    this.root.replaceChildren();
    this.bar = el("header", { class: "table-bar", "aria-label": "Game status" });
    this.boardBox = el("div", { class: "board-box" });
    this.prompt = el("section", { class: "prompt", "aria-live": "polite", "aria-label": "What happens now" });
    this.faceoffBox = el("section", { class: "faceoff-box", "aria-live": "polite", hidden: true });
    this.detailBox = el("section", { class: "detail-box", "aria-label": "Card text" },
      el("p", { class: "muted" }, "Hover, focus or tap a card to read its text."));
    this.manualBox = el("section", { class: "manual-box" });
    this.judgeBox = el("section", { class: "judge-box", hidden: true });
    this.logBox = el("ol", { class: "log", "aria-label": "Game log" });
    this.side = el("aside", { class: "side" },
      this.prompt, this.faceoffBox, this.judgeBox, this.detailBox, this.manualBox,
      el("section", { class: "log-box" }, el("h2", {}, "Game log"), this.logBox));
    this.root.append(this.bar, el("div", { class: "table-main" }, this.boardBox, this.side), ...this.dialogs());
    this.root.addEventListener("click", (e) => this.onClick(e));
    this.root.addEventListener("keydown", (e) => this.onKey(e));
    this.root.addEventListener("mouseover", (e) => this.onHover(e));
    this.root.addEventListener("focusin", (e) => this.onHover(e));
    this.root.addEventListener("dragstart", (e) => this.onDragStart(e));
    this.root.addEventListener("dragover", (e) => this.onDragOver(e));
    this.root.addEventListener("drop", (e) => this.onDrop(e));
  }

  dialogs() {
    this.concedeDialog = el("dialog", { class: "dlg", "aria-labelledby": "concede-title" },
      el("h2", { id: "concede-title" }, "Concede this game?"),
      el("p", { class: "concede-words" }, "Your opponent wins this game (103.4). In a best-of-three match the next game starts if the match is not over."),
      el("div", { class: "dlg-actions" },
        el("button", { type: "button", class: "btn", "data-do": "close" }, "Keep playing"),
        el("button", { type: "button", class: "btn danger", "data-do": "concede-yes" }, "Concede")));
    this.judgeDialog = el("dialog", { class: "dlg", "aria-labelledby": "judge-title" },
      el("h2", { id: "judge-title" }, "Call a judge"),
      el("label", { for: "judge-msg" }, "What happened? (optional)"),
      el("textarea", { id: "judge-msg", rows: "3", maxlength: "500" }),
      el("div", { class: "dlg-actions" },
        el("button", { type: "button", class: "btn", "data-do": "close" }, "Cancel"),
        el("button", { type: "button", class: "btn primary", "data-do": "judge-send" }, "Call a judge")));
    this.pileDialog = el("dialog", { class: "dlg dlg-wide", "aria-labelledby": "pile-title" },
      el("h2", { id: "pile-title" }, "Discard pile"), el("div", { class: "pile-cards" }),
      el("div", { class: "dlg-actions" }, el("button", { type: "button", class: "btn", "data-do": "close" }, "Close")));
    this.lossDialog = el("dialog", { class: "dlg", "aria-labelledby": "loss-title" },
      el("h2", { id: "loss-title" }, "Apply a Game Loss"), el("p", { class: "loss-who" }),
      el("label", { for: "loss-reason" }, "Reason (shown to both players)"),
      el("input", { id: "loss-reason", type: "text", maxlength: "200", value: "Game Loss (judge decision)" }),
      el("div", { class: "dlg-actions" },
        el("button", { type: "button", class: "btn", "data-do": "close" }, "Cancel"),
        el("button", { type: "button", class: "btn danger", "data-do": "loss-yes" }, "Apply the Game Loss")));
    return [this.concedeDialog, this.judgeDialog, this.pileDialog, this.lossDialog];
  }

  // ------------------------------------------------------------------ state
  setState(payload, { fromSocket = false } = {}) {
    // The socket delivers states in order (a judge's rollback lowers seq); a REST answer may be older
    // than what the socket already brought, so it never replaces a newer state.
    const same = payload.game && this.payload && this.payload.game && payload.game.id === this.payload.game.id;
    if (!fromSocket && same && payload.seq < this.payload.seq) return;
    const before = this.payload;
    this.payload = payload;
    this.busy = false;
    if (before && !this.readOnly) this.announce(before, payload);
    if (this.selected && !this.actionsOf(this.selected).length) this.selected = null;
    this.receivedAt = Date.now();
    this.render();
  }

  announce(before, now) {
    // A short banner over the board for what just happened (a faceoff's result, a new turn); it never
    // takes focus or blocks input, and it goes away by itself.
    const lastSeq = Math.max(-1, ...(before.log || []).map((e) => e.seq ?? -1));
    const fresh = (now.log || []).filter((e) => (e.seq ?? -1) > lastSeq);
    let text = null;
    const over = now.outcome || now.view.outcome;
    if (over && !(before.outcome || before.view.outcome)) {
      const w = over.winner;
      text = over.draw || w === null || w === undefined ? "The game is a draw" : (isMe(now, w) ? "You win!" : `${playerName(now, w)} wins`);
    }
    if (!text) text = gameOf(now).announce(before, now, fresh);
    if (!text) return;
    if (!this.flashEl) {
      this.flashEl = el("div", { class: "flash", "aria-hidden": "true" });
      this.root.append(this.flashEl);
    }
    this.flashEl.textContent = text;
    this.flashEl.classList.remove("show");
    void this.flashEl.offsetWidth; // restart the animation
    this.flashEl.classList.add("show");
  }

  get role() { return (this.payload && this.payload.viewer && this.payload.viewer.role) || this.config.role || "spectator"; }
  get seat() { return this.payload && this.payload.viewer ? this.payload.viewer.seat : null; }
  get game() { return gameOf(this.payload); }
  get legal() { return this.readOnly || !this.payload ? [] : (this.payload.legal_actions || []); }

  actionsOf(cardId) {
    return this.legal.filter((a) => a.card === cardId && a.kind !== "choose");
  }

  pendingMine() {
    const v = this.payload.view;
    return v.pending && v.pending.options && this.legal.some((a) => a.kind === "choose") ? v.pending : null;
  }

  // ------------------------------------------------------------------ rendering
  render() {
    if (!this.payload) return;
    const focusKey = document.activeElement && this.root.contains(document.activeElement) ? document.activeElement.getAttribute("data-focus") : null;
    const p = this.payload;
    const game = this.game;
    this.root.dataset.role = this.role;
    this.root.dataset.game = game.name;
    this.root.classList.toggle("busy", this.busy);
    const pend = this.pendingMine();
    const options = new Set(pend ? pend.options.filter((o) => typeof o === "string") : []);
    const sel = this.selected;
    const selActs = sel ? this.actionsOf(sel) : [];
    const targets = new Map();
    for (const a of selActs) {
      const where = game.targetArea(a, p);
      if (where) targets.set(where, [...(targets.get(where) || []), a]);
    }
    const areaOptions = new Set(pend ? pend.options.filter((o) => game.areaOption(o, p)) : []);
    for (const a of areaOptions) targets.set(a, [{ kind: "choose", option: a }]);
    this.targets = targets;
    const ui = {
      opts: (c) => ({
        faces: p.cards || {}, selected: c.id === sel,
        actionable: this.actionsOf(c.id).length > 0, option: options.has(c.id),
      }),
      targets: new Set(targets.keys()),
      handCollapsed: this.handCollapsed(pend),
      targetLabel: (area) => targets.get(area).map((a) => this.actionWords(a)).join(" or "),
    };
    this.renderBar();
    const [board, hand] = game.renderBoard(p, ui);
    board.prepend(...this.tray(pend));
    const scroll = this.boardBox.querySelector(".board");
    const top = scroll ? scroll.scrollTop : 0;
    this.boardBox.replaceChildren(board, ...(hand ? [hand] : []));
    if (this.boardScrolled) board.scrollTop = top;
    else if (board.scrollHeight > board.clientHeight + 8) {
      // a short screen (a phone held sideways): start with the Problems in view, the opponent's home above
      const probs = board.querySelector(".problems");
      if (probs) board.scrollTop = Math.max(0, probs.offsetTop - board.offsetTop - 6);
    }
    this.boardScrolled = true;
    const pendKey = pend ? `${p.seq}:${pend.kind}` : null;
    if (pendKey && pendKey !== this.lastPendKey) {
      // a decision about cards on the board: bring the first of them into view
      board.querySelector(".card.option")?.scrollIntoView({ block: "nearest" });
    }
    this.lastPendKey = pendKey;
    this.renderPrompt(pend, selActs);
    this.renderFaceoff();
    this.renderDetail();
    this.renderManual();
    this.renderJudge();
    this.renderLog();
    if (focusKey) {
      const again = this.root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  }

  renderBar() {
    const p = this.payload;
    const v = p.view;
    const game = this.game;
    const [phase, step] = game.phaseOf(v);
    const tp = game.turnPlayer(v);
    const roundWords = game.roundWords(v);
    const g = p.game || {};
    const clocks = p.clocks || {};
    const round = clocks.round || {};
    const roleTag = this.role === "judge" ? "Judge view" : this.role === "spectator" ? "Spectating" : null;
    const canPlay = this.role === "player" && !p.outcome && !this.readOnly;
    this.bar.replaceChildren(
      el("div", { class: "bar-left" },
        el("span", { class: "bar-game" }, g.best_of ? `Game ${g.number || 1} of ${g.best_of}` : "Game", g.games_won ? el("small", {}, ` (${g.games_won[0]}–${g.games_won[1]})`) : null),
        roundWords ? el("span", { class: "bar-round" }, roundWords) : null,
        el("span", { class: "bar-turn" }, v.turn ? `Turn ${v.turn}` : "Before the first turn", tp !== null && tp !== undefined && v.turn ? ` · ${isMe(p, tp) ? "your turn" : playerName(p, tp) + "'s turn"}` : ""),
        el("span", { class: "bar-phase" }, el("strong", {}, phase), step ? ` — ${step}` : ""),
        roleTag ? el("span", { class: "tag t-role" }, roleTag) : null),
      el("div", { class: "bar-clocks" },
        el("span", { class: "tclock clock-decision", title: "Time left for the current decision" }, "Decision ", el("strong", { "data-clock": "decision" }, "—")),
        el("span", { class: "tclock clock-round", title: "Round clock" }, "Round ", el("strong", { "data-clock": "round" }, "—")),
        round.time_called ? el("span", { class: "tag t-time", role: "status" }, game.timeCalledWords(round, v)) : null,
        clocks.paused ? el("span", { class: "tag t-paused", role: "status" }, "Paused by a judge") : null,
        this.connectionTag()),
      el("div", { class: "bar-right" },
        el("button", { type: "button", class: "btn ghost", "data-do": "howto", "data-focus": "howto", "aria-expanded": "false" }, "How to play"),
        this.role !== "judge" && !this.readOnly ? el("button", { type: "button", class: "btn ghost", "data-do": "judge", "data-focus": "judge" }, "Call a judge") : null,
        canPlay ? el("button", { type: "button", class: "btn ghost danger", "data-do": "concede", "data-focus": "concede" }, "Concede") : null),
    );
    this.tick();
  }

  connectionTag() {
    if (!this.config.ws_url || this.readOnly) return null;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return null;
    return el("span", { class: "tag t-off", role: "status" }, "Reconnecting…");
  }

  tick() {
    if (!this.payload) return;
    const clocks = this.payload.clocks || {};
    const dec = clocks.decision || {};
    const round = clocks.round || {};
    const now = Date.now();
    const d = this.bar.querySelector('[data-clock="decision"]');
    const r = this.bar.querySelector('[data-clock="round"]');
    if (d) {
      const left = dec.deadline ? Date.parse(dec.deadline) - now : null;
      d.textContent = left === null ? "—" : fmtClock(left);
      d.parentElement.classList.toggle("low", left !== null && left < 15000);
      if (dec.seat !== null && dec.seat !== undefined && left !== null) d.parentElement.title = `${whoWords(this.payload, dec.seat)} — time left for this decision`;
    }
    if (r) r.textContent = round.ends_at ? fmtClock(Date.parse(round.ends_at) - now) : "—";
  }

  waitingText() {
    const p = this.payload;
    const v = p.view;
    if (p.outcome || v.outcome) return "";
    if (p.clocks && p.clocks.paused) return p.waiting_for || "A judge has paused the game.";
    const who = p.to_move;
    if ((who === null || who === undefined) && p.waiting_for) return p.waiting_for;
    if (who === null || who === undefined) return "The game is running…";
    const name = isMe(p, who) ? "you" : playerName(p, who);
    if (v.pending) {
      const src = v.pending.src ? ` for ${this.game.cardName(p, v.pending.src)}` : "";
      return `Waiting for ${name} to ${this.game.waitingWords(v.pending.kind)}${src}`;
    }
    return `Waiting for ${name} to act or pass (priority, ${this.game.priorityRule})`;
  }

  renderPrompt(pend, selActs) {
    const p = this.payload;
    const out = [];
    const outcome = p.outcome || p.view.outcome;
    if (outcome) {
      const w = outcome.winner;
      const title = outcome.draw || w === null || w === undefined ? "The game is a draw" : (isMe(p, w) ? "You win!" : `${playerName(p, w)} wins`);
      out.push(el("div", { class: "gameover", role: "status" },
        el("h2", {}, title), el("p", {}, outcome.reason || ""),
        this.nextGameLink(),
        this.config.replay_url ? el("a", { class: "btn", href: this.config.replay_url }, "Watch the replay") : null,
        this.config.lobby_url ? el("a", { class: "btn ghost", href: this.config.lobby_url }, "Back to your matches") : null));
      this.prompt.replaceChildren(...out);
      return;
    }
    if (pend) {
      out.push(this.decisionPrompt(pend));
    } else if (selActs.length) {
      const card = this.game.findCard(p, this.selected);
      out.push(el("div", { class: "choice" },
        el("h2", {}, card ? card.name : "Card"),
        el("p", { class: "hint" }, "Choose what to do — or drag the card to a highlighted place on the board."),
        el("div", { class: "opts" }, selActs.map((a, i) => el("button", { type: "button", class: "btn opt", "data-act": JSON.stringify(actionParams(a)), "data-focus": `act-${i}` }, this.actionWords(a)))),
        el("button", { type: "button", class: "btn ghost", "data-do": "deselect", "data-focus": "deselect" }, "Cancel (Esc)")));
    } else if (this.legal.length) {
      const n = new Set(this.legal.filter((a) => a.card).map((a) => a.card)).size;
      out.push(el("div", { class: "choice" },
        el("h2", {}, "Your priority"),
        el("p", { class: "hint" }, n ? `Select a highlighted card (${n} can act) to play, move or use it, or pass.` : "Nothing to play right now: pass to go on.")));
    }
    const wait = this.waitingText();
    if (wait && !pend && !this.legal.length) out.push(el("p", { class: "waiting", role: "status" }, el("span", { class: "spinner", "aria-hidden": "true" }), wait));
    const globals = this.legal.filter((a) => !a.card && a.kind !== "choose");
    if (globals.length) {
      out.push(el("div", { class: "global-acts" }, globals.map((a) => el("button", {
        type: "button", class: `btn ${a.kind === "pass" ? "pass" : "secondary"}`, "data-act": JSON.stringify(actionParams(a)), "data-focus": `g-${a.kind}`,
      }, a.kind === "pass" ? "Pass" : this.actionWords(a)))));
    }
    this.prompt.replaceChildren(...out);
  }

  nextGameLink() {
    // Best of three: the match goes on with its next game on the same match page.
    const g = this.payload.game || {};
    const live = ["setup", "playing", "time_called"];
    if (this.readOnly || !g.best_of || g.best_of < 2 || !live.includes(g.match_status)) return null;
    return el("a", { class: "btn primary", href: window.location.pathname }, `Play game ${(g.number || 1) + 1}`);
  }

  decisionPrompt(pend) {
    const p = this.payload;
    const game = this.game;
    const head = [el("h2", {}, game.decisionTitle(pend.kind)), ...game.decisionHints(pend, p)];
    const buttons = pend.options.map((o, i) => {
      const label = game.optionLabel(o, pend, p, i);
      const isCard = typeof o === "string" && /^c\d+$/.test(o);
      const primary = o === true || o === "keep" || o === "first" || (pend.kind === "mulligan" && o === false);
      return el("button", { type: "button", class: `btn opt${primary ? " primary" : ""}`, "data-choose": JSON.stringify(o), "data-show": isCard ? o : null, "data-focus": `opt-${i}` }, label);
    });
    const offered = pend.cards ? Object.values(pend.cards) : [];
    return el("div", { class: "choice decision", role: "group", "aria-label": game.decisionTitle(pend.kind) },
      ...head,
      offered.length ? el("p", { class: "hint" }, "Hover or focus a choice to read the card.") : null,
      el("div", { class: "opts" }, buttons));
  }

  handCollapsed(pend) {
    // The hand makes room for the board while a decision is about cards in play (a short screen
    // would hide them), unless the player chose to show or hide it.
    if (this.handChoice !== undefined && this.handChoiceSeq === this.payload.seq) return this.handChoice;
    const me = this.seat;
    const hand = me !== null && me !== undefined ? this.game.handOf(this.payload.view, me) : [];
    const inHand = new Set(hand.map((c) => c.id));
    return Boolean(pend && pend.options.some((o) => typeof o === "string" && /^c\d+$/.test(o) && !inHand.has(o) && !(pend.cards && pend.cards[o])));
  }

  tray(pend) {
    // Cards offered from outside play (the Problem deck at setup, a search, a look at a hand) are laid
    // out above the board to pick from; the prompt lists the same choices as buttons.
    const offered = pend && pend.cards ? Object.values(pend.cards) : [];
    if (!offered.length) return [];
    const game = this.game;
    return [el("section", { class: "tray", "aria-label": game.decisionTitle(pend.kind) },
      el("h2", {}, game.decisionTitle(pend.kind), pend.rule ? el("small", {}, ` (${pend.rule})`) : null),
      el("div", { class: "tray-cards" }, offered.map((c) => game.cardFrame(c, { faces: this.payload.cards || {}, option: true }))))];
  }

  actionWords(a) {
    return this.game.actionWords(a, this.payload);
  }

  renderFaceoff() {
    // The game's moment of truth as it happens: an MLP faceoff, a Neopets dice battle.
    const parts = this.game.eventPanel(this.payload, (m) => this.linked(m));
    this.faceoffBox.hidden = !parts;
    this.faceoffBox.setAttribute("aria-label", this.game.eventTitle);
    if (parts) this.faceoffBox.replaceChildren(...parts.filter(Boolean));
  }

  renderDetail() {
    const p = this.payload;
    const card = this.detail ? (this.game.findCard(p, this.detail) || (this.detailCard && this.detailCard.id === this.detail ? this.detailCard : null)) : null;
    if (!card) return;
    this.detailBox.replaceChildren(this.game.cardDetail(card, p.cards || {}));
  }

  renderManual() {
    // Manual effects: the game's effect vocabulary, applied by hand for text the engine does not automate.
    const p = this.payload;
    const game = this.game;
    if (this.role !== "player" || this.readOnly || !this.legal.length || p.outcome || game.isSetup(p.view)) { this.manualBox.replaceChildren(); return; }
    const cards = game.manualCards(p);
    const src = this.detail ? game.findCard(p, this.detail) : null;
    const open = this.manualOpen || (src && (src.automated === false || (src.key && p.cards && p.cards[src.key] && !p.cards[src.key].automated)));
    const details = el("details", { class: "manual", open: open ? true : null },
      el("summary", { "data-focus": "manual" }, "Apply an effect by hand"),
      el("p", { class: "hint" }, game.manualHint),
      el("form", { class: "manual-form", "data-form": "manual" },
        el("label", {}, "Effect ", el("select", { name: "op" }, game.manualEffects.map((m) => el("option", { value: m.op }, m.label)))),
        el("label", {}, "Amount ", el("input", { name: "n", type: "number", value: "1", min: "-20", max: "20" })),
        ...(game.manualExtras ? game.manualExtras() : []),
        el("label", {}, "Card ", el("select", { name: "target" }, el("option", { value: "" }, "\u2014 (no card)"), cards.map((c) => el("option", { value: c.id }, c.label)))),
        el("label", {}, "Because of ", el("select", { name: "source" }, el("option", { value: "" }, "\u2014"), cards.map((c) => el("option", { value: c.id, selected: src && src.id === c.id ? true : null }, c.name)))),
        el("button", { type: "submit", class: "btn secondary" }, "Apply")));
    details.addEventListener("toggle", () => { this.manualOpen = details.open; });
    details.querySelector("form").addEventListener("submit", (e) => { e.preventDefault(); this.submitManual(e.target); });
    this.manualBox.replaceChildren(details);
  }

  submitManual(form) {
    const fd = new FormData(form);
    const { action, needsTarget } = this.game.manualAction(fd);
    if (needsTarget) {
      if (!fd.get("target")) { this.showToast("Choose the card the effect applies to."); return; }
      action.target = fd.get("target");
    }
    if (fd.get("source")) action.source = fd.get("source");
    this.send(action);
  }

  renderJudge() {
    const p = this.payload;
    if (this.role !== "judge" || this.readOnly) { this.judgeBox.hidden = true; return; }
    this.judgeBox.hidden = false;
    const calls = p.judge_calls || [];
    const paused = p.clocks && p.clocks.paused;
    this.judgeBox.replaceChildren(
      el("h2", {}, "Judge"),
      calls.length ? el("ul", { class: "calls" }, calls.map((c) => el("li", {}, `${c.by || c.player || "A player"}: ${c.message || "(no message)"}`))) : el("p", { class: "muted" }, "No open judge calls."),
      el("div", { class: "opts" },
        [0, 1].map((s) => el("button", { type: "button", class: "btn danger", "data-do": "loss", "data-seat": String(s), "data-focus": `loss-${s}`, disabled: p.outcome ? true : null }, `Game Loss: ${playerName(p, s)}`)),
        el("button", { type: "button", class: "btn secondary", "data-do": paused ? "resume" : "pause", "data-focus": "pause" }, paused ? "Resume the game" : "Pause the game"),
        el("button", { type: "button", class: "btn secondary", "data-do": "add-time", "data-focus": "add-time" }, "Add 5 minutes")));
  }

  linked(msg) {
    // Card names in a log line become buttons that show the card's text.
    const faces = this.payload.cards || {};
    if (!this.nameIndex || this.nameIndexFor !== faces || this.nameIndexSeq !== this.payload.seq) {
      const names = this.game.linkNames(this.payload);
      this.nameIndexSeq = this.payload.seq;
      const sorted = [...names.keys()].filter((n) => n.length > 2).sort((a, b) => b.length - a.length);
      this.nameIndex = { names, re: sorted.length ? new RegExp(sorted.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g") : null };
      this.nameIndexFor = faces;
    }
    const { names, re } = this.nameIndex;
    if (!re) return msg;
    const parts = [];
    let last = 0;
    for (const m of msg.matchAll(re)) {
      if (m.index > last) parts.push(msg.slice(last, m.index));
      const to = names.get(m[0]);
      parts.push(el("button", { type: "button", class: "cardlink", "data-key": to.key || null, "data-show": to.show || null }, m[0]));
      last = m.index + m[0].length;
    }
    if (last < msg.length) parts.push(msg.slice(last));
    return parts;
  }

  renderLog() {
    const log = this.payload.log || [];
    const stick = this.logBox.scrollHeight - this.logBox.scrollTop - this.logBox.clientHeight < 40;
    const p = this.payload;
    const privateTag = (e) => (e.to === undefined || e.to === null ? null
      : el("span", { class: "private-tag" }, this.role === "player" ? " (only you)" : ` (only ${playerName(p, e.to)} sees this)`));
    this.logBox.replaceChildren(...log.map((e) => el("li", { class: `ev ev-${e.type}${e.manual ? " manual" : ""}` }, this.linked(e.msg || e.type), privateTag(e))));
    if (stick || !this.logScrolled) { this.logBox.scrollTop = this.logBox.scrollHeight; this.logScrolled = true; }
  }

  // ------------------------------------------------------------------ input
  onHover(e) {
    const t = e.target.closest("[data-card], [data-key], [data-show]");
    if (!t || !this.payload) return;
    this.showCard(t);
  }

  showCard(t) {
    if (t.dataset.key) {
      const faces = this.payload.cards || {};
      const f = faces[t.dataset.key];
      this.detail = `key:${t.dataset.key}`;
      this.detailCard = { id: this.detail, key: t.dataset.key, name: f ? f.front.title : "" };
    } else {
      this.detail = t.dataset.card || t.dataset.show;
      this.detailCard = null;
    }
    this.renderDetail();
  }

  onClick(e) {
    const t = e.target;
    const btn = t.closest("button, [data-area]");
    if (!btn || !this.payload) return;
    if (btn.dataset.do) { this.command(btn.dataset.do, btn); return; }
    if (btn.dataset.act) { this.send(JSON.parse(btn.dataset.act)); return; }
    if (btn.dataset.choose !== undefined) { this.send({ kind: "choose", option: JSON.parse(btn.dataset.choose) }); return; }
    if (btn.dataset.pile) { this.openPile(btn.dataset.pile); return; }
    if (btn.dataset.key || btn.dataset.show) { this.showCard(btn); return; }
    if (btn.dataset.card) { this.activateCard(btn.dataset.card); return; }
    if (btn.dataset.area) this.activateArea(btn.dataset.area);
  }

  onKey(e) {
    if (e.key === "Escape" && this.selected) { this.selected = null; this.render(); return; }
  }

  activateCard(id) {
    const pend = this.pendingMine();
    this.detail = id;
    if (pend && pend.options.includes(id)) { this.send({ kind: "choose", option: id }); return; }
    const acts = this.actionsOf(id);
    if (acts.length) {
      this.selected = this.selected === id ? null : id;
      this.render();
      if (this.selected) {
        const first = this.prompt.querySelector("button.opt");
        if (first && matchMedia("(hover: hover)").matches === false) first.scrollIntoView({ block: "nearest" });
      }
      return;
    }
    // A card inside a highlighted area (not itself acting): the click means the area.
    const area = document.querySelector(`[data-card="${CSS.escape(id)}"]`)?.closest("[data-area]");
    if (area && this.targets && this.targets.has(area.dataset.area)) { this.activateArea(area.dataset.area); return; }
    this.renderDetail();
  }

  activateArea(area) {
    const acts = this.targets && this.targets.get(area);
    if (!acts || !acts.length) return;
    if (acts.length === 1) { this.send(actionParams(acts[0])); return; }
    // several ways to get there (Redeem, a host): the prompt lists them, keep the selection
    this.prompt.querySelector("button.opt")?.focus();
  }

  onDragStart(e) {
    const c = e.target.closest && e.target.closest("[data-card]");
    if (!c || !this.actionsOf(c.dataset.card).length) return;
    this.selected = c.dataset.card;
    e.dataTransfer.setData("text/plain", c.dataset.card);
    e.dataTransfer.effectAllowed = "move";
    requestAnimationFrame(() => this.render());
  }

  onDragOver(e) {
    const a = e.target.closest && e.target.closest("[data-area]");
    if (a && this.targets && this.targets.has(a.dataset.area)) e.preventDefault();
  }

  onDrop(e) {
    const a = e.target.closest && e.target.closest("[data-area]");
    if (!a) return;
    e.preventDefault();
    this.activateArea(a.dataset.area);
  }

  openPile(name) {
    const pile = this.game.pile(this.payload, name);
    if (!pile) return;
    this.pileDialog.querySelector("h2").textContent = pile.title;
    this.pileDialog.querySelector(".pile-cards").replaceChildren(
      ...(pile.cards.length ? [...pile.cards].reverse().map((c) => el("button", { type: "button", class: "cardlink pile-card", "data-key": c.key && this.payload.cards && this.payload.cards[c.key] ? c.key : null, "data-show": c.id || null }, c.name)) : [el("p", { class: "muted" }, "Empty.")]));
    this.pileDialog.showModal();
  }

  command(what, btn) {
    const dlg = btn.closest("dialog");
    switch (what) {
      case "close": dlg.close(); break;
      case "deselect": this.selected = null; this.render(); break;
      case "toggle-hand": {
        this.handChoice = !this.handCollapsed(this.pendingMine());
        this.handChoiceSeq = this.payload.seq;
        this.render();
        break;
      }
      case "howto": {
        const how = document.getElementById("how-to-play");
        if (how) { how.open = true; how.scrollIntoView({ block: "start" }); how.querySelector("summary").focus(); }
        break;
      }
      case "concede": {
        this.concedeDialog.querySelector(".concede-words").textContent = this.game.name === "neopets"
          ? "Your opponent wins this game (1.3c.1): the match is decided by rounds won inside the game."
          : "Your opponent wins this game (103.4). In a best-of-three match the next game starts if the match is not over.";
        this.concedeDialog.showModal();
        break;
      }
      case "concede-yes": dlg.close(); this.post(this.config.concede_url, {}, "Conceded."); break;
      case "judge": this.judgeDialog.showModal(); break;
      case "judge-send": {
        const msg = this.judgeDialog.querySelector("textarea").value;
        dlg.close();
        if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ws.send(JSON.stringify({ type: "call_judge", message: msg })); this.showToast("A judge has been called."); }
        else this.post(this.config.call_judge_url, { message: msg }, "A judge has been called.");
        break;
      }
      case "loss": {
        this.lossSeat = Number(btn.dataset.seat);
        this.lossDialog.querySelector(".loss-who").textContent = `${playerName(this.payload, this.lossSeat)} loses this game; the other player wins it.`;
        this.lossDialog.showModal();
        break;
      }
      case "loss-yes": {
        const reason = this.lossDialog.querySelector("input").value;
        dlg.close();
        this.post(this.judgeUrl("penalty"), { seat: this.lossSeat, kind: "game_loss", infraction: reason || "Game Loss", note: reason }, "Game Loss applied.");
        break;
      }
      case "pause": this.post(this.judgeUrl("pause"), {}, "Game paused."); break;
      case "resume": this.post(this.judgeUrl("resume"), {}, "Game resumed."); break;
      case "add-time": this.post(this.judgeUrl("add_time"), { minutes: 5 }, "5 minutes added."); break;
      default: break;
    }
  }

  judgeUrl(name) {
    return (this.config.judge_urls || {})[name] || null;
  }

  // ------------------------------------------------------------------ network
  send(action) {
    if (this.busy || this.readOnly) return;
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      if (this.config.action_url) { this.postAction(action); return; }
      this.showToast("Not connected — reconnecting…");
      return;
    }
    this.busy = true;
    this.selected = null;
    this.root.classList.add("busy");
    this.ws.send(JSON.stringify({ type: "action", seq: this.payload.seq, action }));
    this.lastAction = action;
  }

  async postAction(action) {
    this.busy = true;
    this.selected = null;
    try {
      const r = await fetch(this.config.action_url, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": getCookie("csrftoken") },
        body: JSON.stringify({ seq: this.payload.seq, action }),
      });
      const body = await r.json().catch(() => ({}));
      if (!r.ok) {
        this.onError(body);
        if (body.state) this.setState(body.state); // stale: the fresh state came with the refusal
        else { this.busy = false; this.render(); }
        return;
      }
      if (body.type === "state") this.setState(body);
      else this.busy = false;
    } catch (err) {
      this.busy = false;
      this.showToast(`Network error: ${err.message}`);
    }
  }

  async post(url, body, okText) {
    if (!url) { this.showToast("This action is not available here."); return; }
    try {
      const r = await fetch(url, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": getCookie("csrftoken") },
        body: JSON.stringify(body),
      });
      const data = await r.json().catch(() => ({}));
      if (!r.ok) { this.showToast(data.message || data.detail || `Refused (${r.status})`); return; }
      if (data && data.type === "state") this.setState(data);
      this.showToast(okText);
    } catch (err) {
      this.showToast(`Network error: ${err.message}`);
    }
  }

  connect() {
    if (!this.config.ws_url || this.readOnly) return;
    const url = new URL(this.config.ws_url, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(url.href);
    this.ws = ws;
    ws.addEventListener("open", () => { this.retry = 0; this.connections = (this.connections || 0) + 1; this.render(); });
    ws.addEventListener("message", (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === "state") this.setState(this.completed(msg), { fromSocket: true });
      else if (msg.type === "error") this.onError(msg);
    });
    ws.addEventListener("close", () => {
      this.ws = null;
      this.busy = false;
      if (this.payload) this.renderBar();
      const delay = Math.min(10000, 500 * 2 ** this.retry);
      this.retry += 1;
      setTimeout(() => this.connect(), delay);
    });
    if (!this.pinger) this.pinger = setInterval(() => { if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "ping" })); }, 20000);
  }

  /** A state message from the socket, whole: after its first, a connection is sent only the log entries
   *  after "log_since" (the page keeps its own up to there) and the card faces it has not had yet
   *  ("cards_known": the page keeps every face the socket brought). */
  completed(msg) {
    this.faces = Object.assign(this.faces || {}, msg.cards || {});
    if (msg.cards_known) msg.cards = { ...this.faces };
    if (msg.log_since !== undefined) {
      const kept = ((this.payload && this.payload.log) || []).filter((e) => (e.seq ?? -1) <= msg.log_since);
      // the last LOG_ACTIONS actions' entries, as a whole state has them (live actions are numbered 1..seq)
      msg.log = kept.concat(msg.log || []).filter((e) => (e.seq ?? -1) > msg.seq - LOG_ACTIONS);
    }
    return msg;
  }

  onError(msg) {
    this.busy = false;
    this.root.classList.remove("busy");
    if (msg.code === "stale") return; // a fresh state follows
    const rule = msg.rule ? ` (rule ${msg.rule})` : "";
    this.showToast(`${msg.message || msg.detail || "Refused"}${rule}`);
  }

  showToast(text) {
    if (!this.toastEl) {
      this.toastEl = el("div", { class: "toast", role: "alert" });
      this.root.append(this.toastEl);
    }
    this.toastEl.textContent = text;
    this.toastEl.classList.add("show");
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => this.toastEl.classList.remove("show"), 5000);
  }
}

/** The table's configuration from the page: a #table-config JSON, or the view's URLs as data
 *  attributes of #table-app with the initial state in #table-state. */
export function pageConfig(root) {
  const explicit = document.getElementById("table-config");
  if (explicit) return JSON.parse(explicit.textContent);
  const d = root.dataset;
  const stateEl = document.getElementById("table-state");
  const state = stateEl ? JSON.parse(stateEl.textContent) : null;
  return {
    state, ws_url: d.wsUrl || null, action_url: d.actionUrl || null, call_judge_url: d.callJudgeUrl || null,
    concede_url: d.concedeUrl || null, replay_url: d.replayUrl || null, lobby_url: d.lobbyUrl || null,
    judge_urls: { pause: d.pauseUrl, resume: d.resumeUrl, add_time: d.addTimeUrl, penalty: d.penaltyUrl },
    role: state && state.viewer ? state.viewer.role : "spectator",
  };
}

export function mountFromPage() {
  const root = document.getElementById("table-app");
  const cfg = pageConfig(root);
  const table = new Table(root, cfg);
  table.connect();
  window.ponyTable = table; // for the browser tests and curious players
  return table;
}
