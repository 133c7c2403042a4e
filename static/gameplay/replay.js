// A finished game stepped through action by action: the same table, read-only, fed the state after
// each action by GET <replay api>?step=N (players see their own hidden cards only, judges everything).

import { Table } from "./table.js";
import { playerName } from "./board.js";
import { el } from "./cards.js";

class Replay {
  constructor(root, cfg) {
    this.cfg = cfg;
    this.step = 0;
    this.total = null;
    this.timer = null;
    this.tableRoot = el("div", { class: "table-app replay", id: "replay-table" });
    this.bar = el("section", { class: "replay-bar", "aria-label": "Replay controls" });
    root.replaceChildren(this.bar, this.tableRoot);
    this.table = new Table(this.tableRoot, { read_only: true, replay_url: null, lobby_url: cfg.lobby_url });
    root.addEventListener("keydown", (e) => {
      if (e.target.matches("input, textarea, select")) return;
      if (e.key === "ArrowRight") { e.preventDefault(); this.go(this.step + 1); }
      if (e.key === "ArrowLeft") { e.preventDefault(); this.go(this.step - 1); }
    });
    this.go(cfg.start_step ?? 0);
  }

  async go(step) {
    if (this.total !== null) step = Math.max(0, Math.min(this.total, step));
    const url = `${this.cfg.replay_api}?step=${step}`;
    const r = await fetch(url, { credentials: "same-origin" });
    const body = await r.json().catch(() => ({}));
    if (!r.ok) { this.table.showToast(body.detail || `Replay unavailable (${r.status})`); this.stop(); return; }
    this.step = body.step;
    this.total = body.steps;
    this.table.setState(body.state);
    this.renderBar(body);
  }

  play() {
    if (this.timer) { this.stop(); return; }
    this.timer = setInterval(() => { if (this.step >= this.total) this.stop(); else this.go(this.step + 1); }, 900);
    this.renderBar(null);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.renderBar(null);
  }

  actionWords(b) {
    // a step without log lines (a pass, a choice): who did what, in the table's words
    const a = b.action;
    if (!a || !b.state) return "";
    const who = typeof a.player === "number" && a.player >= 0 ? playerName(b.state, a.player) : "A judge";
    return `${who}: ${this.table.actionWords(a)}`;
  }

  renderBar(body) {
    if (body) this.last = body;
    const b = this.last || {};
    const events = ((b.state && b.state.log) || []).filter((e) => e.seq === this.step).map((e) => e.msg);
    const focus = document.activeElement && this.bar.contains(document.activeElement) ? document.activeElement.dataset.focus : null;
    const btn = (label, to, key, disabled) => el("button", { type: "button", class: "btn ghost", "data-focus": key, disabled: disabled ? true : null, onclick: () => this.go(to) }, label);
    const range = el("input", { type: "range", min: "0", max: String(this.total || 0), value: String(this.step), "aria-label": "Step", "data-focus": "range" });
    range.addEventListener("change", () => this.go(Number(range.value)));
    this.bar.replaceChildren(
      btn("\u00AB Start", 0, "first", this.step === 0),
      btn("\u25C0 Back", this.step - 1, "prev", this.step === 0),
      el("button", { type: "button", class: "btn", "data-focus": "play", onclick: () => this.play() }, this.timer ? "Pause" : "Play \u25B6\u25B6"),
      btn("Next \u25B6", this.step + 1, "next", this.step >= this.total),
      btn("End \u00BB", this.total, "last", this.step >= this.total),
      range,
      el("span", { class: "step-n", role: "status" }, `Step ${this.step} of ${this.total ?? "?"}`),
      el("p", { class: "step-words" }, this.step === 0 ? "The start of the game." : (events.join(" · ") || this.actionWords(b))),
    );
    if (focus) this.bar.querySelector(`[data-focus="${focus}"]`)?.focus();
  }
}

export function mountReplay() {
  const root = document.getElementById("replay-app");
  const d = root.dataset;
  const replay = new Replay(root, { replay_api: d.replayApi, lobby_url: d.lobbyUrl, start_step: Number(d.startStep || 0) });
  window.ponyReplay = replay;
  return replay;
}
