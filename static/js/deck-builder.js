// Deck builder for a limited pool: counts left, provided Manes/Starting Problems in any number, live checks
// (Limited Play, Limited Deck Construction) and the server's pool-aware validation, then save and register.
(function () {
  const root = document.getElementById("builder");
  if (!root) return;
  const $ = (s) => root.querySelector(s);
  const data = JSON.parse(document.getElementById("builder-data").textContent);
  const slug = root.dataset.event;
  const cards = {};  // guid -> card (pool or provided)
  data.pool.forEach((c) => { cards[c.guid] = Object.assign({ inPool: c.qty }, c); });
  data.provided.forEach((c) => { cards[c.guid] = Object.assign(cards[c.guid] || { inPool: 0 }, c, { provided: true }); });
  const deck = Object.assign({}, data.deck);  // guid -> qty
  const TYPES = ["Mane Character", "Friend", "Resource", "Event", "Troublemaker", "Problem"];
  let timer = null;

  const zone = (c) => c.type === "Mane Character" ? "mane" : c.type === "Problem" ? "problem" : "draw";
  const left = (c) => c.provided && (c.type === "Mane Character" || c.starting_problem) ? Infinity : c.inPool - (deck[c.guid] || 0);

  function row(c) {
    const r = document.createElement("div");
    r.className = "pool-row" + (c.provided && !c.inPool ? " provided" : "");
    r.dataset.guid = c.guid;
    r.dataset.type = c.type;
    const nm = document.createElement("span"); nm.className = "nm";
    nm.innerHTML = "";
    const b = document.createElement("strong"); b.textContent = c.name; nm.append(b);
    const m = document.createElement("div"); m.className = "rule";
    m.textContent = [c.number, c.colors.join("/") || "colorless", c.cost != null ? "cost " + c.cost : "", c.power != null ? "power " + c.power : "", c.starting_problem ? "Starting Problem" : "", c.provided ? "provided" : ""].filter(Boolean).join(" · ");
    nm.append(m);
    const l = document.createElement("span"); l.className = "left"; l.dataset.left = "";
    const minus = document.createElement("button"); minus.type = "button"; minus.className = "secondary"; minus.textContent = "−"; minus.setAttribute("aria-label", "Remove " + c.name);
    const plus = document.createElement("button"); plus.type = "button"; plus.textContent = "+"; plus.setAttribute("aria-label", "Add " + c.name);
    minus.onclick = () => { if (deck[c.guid]) { deck[c.guid]--; if (!deck[c.guid]) delete deck[c.guid]; changed(); } };
    plus.onclick = () => { if (left(c) > 0) { deck[c.guid] = (deck[c.guid] || 0) + 1; changed(); } };
    r.append(nm, l, minus, plus);
    return r;
  }

  function renderPool() {
    const host = $("[data-pool]"); host.replaceChildren();
    const filter = $("[data-filter]").value;
    TYPES.forEach((t) => {
      const group = Object.values(cards).filter((c) => c.type === t && (!filter || (filter === "none" ? !c.colors.length : c.colors.includes(filter)) || c.provided));
      if (!group.length) return;
      const g = document.createElement("div"); g.className = "group";
      const h = document.createElement("h3"); h.textContent = t === "Problem" ? "Problems" : t + "s"; g.append(h);
      group.sort((a, b) => (a.provided && !a.inPool) - (b.provided && !b.inPool) || (a.colors[0] || "~").localeCompare(b.colors[0] || "~") || a.name.localeCompare(b.name));
      group.forEach((c) => g.append(row(c)));
      host.append(g);
    });
    refreshCounts();
  }

  function refreshCounts() {
    root.querySelectorAll(".pool-row").forEach((r) => {
      const c = cards[r.dataset.guid];
      const n = deck[c.guid] || 0;
      r.querySelector("[data-left]").textContent = left(c) === Infinity ? `${n} in deck · any number` : `${n} in deck · ${left(c)} left`;
    });
  }

  function totals() {
    const t = { mane: 0, draw: 0, problem: 0, starting: 0 };
    Object.entries(deck).forEach(([g, q]) => { const c = cards[g]; t[zone(c)] += q; if (c.starting_problem) t.starting += q; });
    return t;
  }

  function changed() {
    const t = totals();
    $("[data-count-mane]").textContent = t.mane; $("[data-count-draw]").textContent = t.draw; $("[data-count-problem]").textContent = t.problem;
    const checks = [
      [t.mane === 1, `exactly one Mane Character (${t.mane})`, "102.1"],
      [t.draw >= 30, `a draw deck of at least 30 cards (${t.draw})`, "Limited Play, Limited Deck Construction"],
      [t.problem === 5, `exactly five Problems (${t.problem})`, "Limited Play, Limited Deck Construction"],
      [t.starting >= 1, "at least one Starting Problem", "Limited Play, Limited Deck Construction"],
    ];
    const ul = $("[data-checks]"); ul.replaceChildren();
    checks.forEach(([ok, text, rule]) => { const li = document.createElement("li"); li.className = ok ? "good" : "bad"; li.textContent = text + " "; const r = document.createElement("span"); r.className = "rule"; r.textContent = rule; li.append(r); ul.append(li); });
    const list = $("[data-list]"); list.replaceChildren();
    Object.entries(deck).forEach(([g, q]) => { const li = document.createElement("li"); li.textContent = `${q} ${cards[g].name}`; list.append(li); });
    refreshCounts();
    clearTimeout(timer); timer = setTimeout(serverCheck, 350);
  }

  function entries() { return Object.entries(deck).map(([card, qty]) => ({ card, qty })); }
  function csrf() { const m = document.cookie.match(/csrftoken=([^;]+)/); return m ? m[1] : ""; }
  function post(path, body) {
    return fetch(`/api/limited/events/${slug}/${path}`, { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() }, body: JSON.stringify(body) })
      .then((r) => r.json().then((j) => [r.status, j]));
  }

  function showReport(report) {
    const ul = $("[data-server]"); ul.replaceChildren();
    $("[data-server-status]").textContent = report.legal ? "Legal for this event, against your pool." : "Not legal yet:";
    (report.problems || []).forEach((p) => { const li = document.createElement("li"); li.className = "bad"; li.textContent = p.message + " "; const r = document.createElement("span"); r.className = "rule"; r.textContent = p.rule; li.append(r); ul.append(li); });
    root.dataset.legal = report.legal ? "yes" : "no";
  }

  function serverCheck() {
    if (!entries().length) { $("[data-server-status]").textContent = "Add cards to check the deck."; $("[data-server]").replaceChildren(); return; }
    $("[data-server-status]").textContent = "checking…";
    post("deck/validate/", { cards: entries() }).then(([status, j]) => status === 200 ? showReport(j) : ($("[data-server-status]").textContent = j.detail || JSON.stringify(j)));
  }

  $("[data-register]").onclick = () => {
    const out = $("[data-register-result]");
    out.textContent = "saving…";
    post("deck/", { cards: entries() }).then(([status, j]) => {
      if (status !== 200) { out.textContent = j.detail || JSON.stringify(j); return; }
      showReport(j.report);
      out.textContent = j.legal ? `Registered: version ${j.version}, legal.` : `Saved as version ${j.version}, but not legal yet: fix the problems above and save again.`;
    });
  };
  $("[data-filter]").onchange = renderPool;
  renderPool();
  changed();
})();
