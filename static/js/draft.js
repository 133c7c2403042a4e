// The pick screen: one websocket per drafter; the server sends only this drafter's own view.
(function () {
  const root = document.getElementById("draft");
  if (!root) return;
  const $ = (sel) => root.querySelector(sel);
  let view = JSON.parse(document.getElementById("draft-view").textContent);
  let socket = null, skew = 0, tick = null, sending = false, awaiting = 0;

  function cardButton(card) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "lim-card" + (card.colors.length ? " c-" + card.colors[0] : "");
    b.dataset.guid = card.guid;
    b.setAttribute("aria-label", "Pick " + card.name);
    const rar = document.createElement("span"); rar.className = "rar rar-" + card.rarity; rar.textContent = card.rarity;
    const nm = document.createElement("span"); nm.className = "nm"; nm.textContent = card.title;
    const sub = document.createElement("span"); sub.className = "meta"; sub.textContent = card.subtitle || "";
    const meta = document.createElement("span"); meta.className = "meta";
    meta.textContent = [card.type, card.colors.join("/") || "colorless", card.cost != null ? "cost " + card.cost : "", card.power != null ? "power " + card.power : "", card.number].filter(Boolean).join(" · ");
    b.append(rar, nm, sub, meta);
    b.addEventListener("click", () => pick(card.guid));
    return b;
  }

  function render() {
    const v = view;
    const step = v.status === "drafting" ? `Pack ${v.pack_number + 1} of ${v.packs} (${v.pack_sets[v.pack_number]}), pick ${v.pick_number + 1}`
      : v.status === "reviewing" ? `Pack ${v.pack_number + 1} done: review your picks` : v.status === "finished" ? "The draft is over" : "Waiting for the draft to start";
    $("[data-step]").textContent = step;
    $("[data-direction]").textContent = v.status === "drafting" ? `passing ${v.direction}` : "";
    const seating = $("[data-seating]"); seating.replaceChildren();
    v.seats.forEach((s) => { const li = document.createElement("li"); li.textContent = `${s.position + 1}. ${s.name}`; if (s.bot) li.className = "bot"; if (s.position === v.seat) li.className = "me"; seating.append(li); });
    const pack = $("[data-pack]"); pack.replaceChildren();
    const wait = $("[data-wait]");
    if (v.pack) { v.pack.forEach((c) => pack.append(cardButton(c))); wait.hidden = true; }
    else {
      wait.hidden = false;
      wait.innerHTML = "";
      if (v.status === "finished") { wait.innerHTML = `Your pool is ready. <a class="button" href="${root.dataset.deck}">Build your deck</a> · <a href="${root.dataset.log}">your picks in order</a>`; }
      else wait.textContent = v.status === "drafting" ? "Picked. Waiting for the pack from your neighbour…" : v.status === "reviewing" ? "Next pack soon." : "The organiser starts the draft.";
    }
    $("[data-pick-count]").textContent = `(${v.pick_count})`;
    const list = $("[data-picks]"); list.replaceChildren();
    $("[data-review-note]").hidden = v.review_allowed;
    (v.picks || []).forEach((p) => { const li = document.createElement("li"); li.textContent = p.name + (p.auto ? " (auto)" : ""); list.append(li); });
    skew = Date.parse(v.server_now) - Date.now();
    clearInterval(tick); tick = setInterval(timer, 250); timer();
  }

  function timer() {
    const el = $("[data-timer]");
    if (!view.due_at) { el.textContent = ""; return; }
    const left = Math.max(0, Math.ceil((Date.parse(view.due_at) - (Date.now() + skew)) / 1000));
    el.textContent = left + "s";
    el.classList.toggle("low", left <= 10);
  }

  function pick(guid) {
    if (sending || !view.pack) return;
    sending = true;
    root.querySelectorAll(".lim-card").forEach((b) => { b.disabled = true; });
    const msg = { type: "pick", card: guid, pack_number: view.pack_number, pick_number: view.pick_number };
    if (socket && socket.readyState === 1) { awaiting += 1; socket.send(JSON.stringify(msg)); }
    else fetch(`/api/limited/events/${view.event}/draft/pick/`, { method: "POST", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() }, body: JSON.stringify(msg), credentials: "same-origin" })
      .then((r) => r.json()).then((v) => { if (v.pod !== undefined) { view = v; render(); } else showError(v.detail || "pick refused"); sending = false; });
  }

  // How far the draft is in a view: pack, review after it, pick, this drafter's picks. The pod only moves on.
  function progress(v) {
    return [v.status === "finished" ? 1 : 0, v.pack_number, v.status === "reviewing" ? 1 : 0, v.pick_number, v.pick_count];
  }
  function older(a, b) {
    const pa = progress(a), pb = progress(b);
    for (let i = 0; i < pa.length; i++) { if (pa[i] !== pb[i]) return pa[i] < pb[i]; }
    return false;
  }

  // The server's answer to this drafter's own pick: the pack is gone and the card joins the picks (its step may
  // already be over if the pod moved on first: the pick still joins the list).
  function picked(msg) {
    awaiting = Math.max(0, awaiting - 1);
    if (msg.pick && view.picks && view.picks.length === msg.pick_count - 1) view.picks = view.picks.concat([msg.pick]);
    if (msg.pack_number === view.pack_number && msg.pick_number === view.pick_number && view.status === "drafting") {
      view.pack = null; view.picked_this_step = true;
    }
    view.pick_count = Math.max(view.pick_count, msg.pick_count);
    sending = false; showError(""); render();
    checkPicks();
  }
  // A pick this page did not make (a timer's auto-pick) shows as a count without its card: ask for the full view.
  function checkPicks() {
    if (awaiting === 0 && view.picks && view.picks.length !== view.pick_count && socket && socket.readyState === 1) {
      socket.send(JSON.stringify({ type: "view" }));
    }
  }

  function csrf() { const m = document.cookie.match(/csrftoken=([^;]+)/); return m ? m[1] : ""; }
  function showError(text) { const e = $("[data-error]"); e.textContent = text; e.hidden = !text; }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(proto + "//" + location.host + root.dataset.wsPath);
    socket.onopen = () => { $("[data-live-status]").textContent = "live"; };
    socket.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "draft") {
        // A light view (pushed while the pod drafts) leaves the picks out: this page already holds them.
        if (!("picks" in msg.view)) msg.view.picks = view.picks;
        if (older(msg.view, view)) return;  // picks run in parallel on the server: a view built earlier may arrive later
        if (msg.view.pick_count !== view.pick_count) showError(""); view = msg.view; sending = false; render();
        checkPicks();
      }
      else if (msg.type === "picked") picked(msg);
      else if (msg.type === "error") { awaiting = Math.max(0, awaiting - 1); showError(msg.detail); sending = false; }
    };
    socket.onclose = () => { $("[data-live-status]").textContent = "reconnecting…"; setTimeout(connect, 1500); };
  }
  render();
  connect();
})();
