// Card frames drawn from the printed faces (there are no card images in the data): name and subtitle,
// type, a colour band that also names the colour, cost, power, play requirement, keywords; the state
// of a card in play (exhausted = turned, frightened, counters, face-down, boosted) in words as well.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** The face to draw: the boosted side of a boosted Mane (301.2), else the front. */
export function faceOf(faces, card) {
  const f = card && card.key ? faces[card.key] : null;
  if (!f) return card && card.key && card.name ? viewFace(card) : null;
  return card.boosted && f.boosted ? f.boosted : f.front;
}

/** What the view itself says of a card when its printed face was not sent (name, type, power, colors). */
function viewFace(card) {
  const [title, ...rest] = card.name.split(", ");
  return { title, subtitle: rest.join(", "), type: card.type, colors: card.colors || [], power: card.power ?? null,
    cost: null, requirement: [], traits: [], keywords: [], text: "" };
}

export function colorsOf(card, face) {
  if (card && Array.isArray(card.colors)) return card.colors;
  return face ? face.colors : [];
}

function requirementWords(reqs) {
  return (reqs || []).map((r) => `${r.amount} ${r.color}`).join(" + ");
}

export function describe(card, face) {
  // One line read by screen readers and shown as the frame's tooltip.
  if (!face) {
    if (card.face_down) return "Face-down Troublemaker";
    return card.name || "Card";
  }
  const parts = [card.name || face.title, card.type || face.type];
  const cols = colorsOf(card, face);
  if (cols.length) parts.push(cols.join(" and "));
  const power = card.power ?? face.power;
  if (power !== null && power !== undefined) parts.push(`power ${power}`);
  if (face.cost !== null && face.cost !== undefined) parts.push(`cost ${face.cost}`);
  if (face.requirement && face.requirement.length) parts.push(`requires ${requirementWords(face.requirement)}`);
  if (card.exhausted) parts.push("exhausted");
  if (card.frightened) parts.push("frightened");
  if (card.face_down) parts.push("face-down");
  if (card.boosted) parts.push("boosted");
  const counters = Object.entries(card.counters || {});
  if (counters.length) parts.push(counters.map(([k, n]) => `${n} ${k} counter${n === 1 ? "" : "s"}`).join(", "));
  return parts.join(", ");
}

function band(cols) {
  const label = cols.length ? cols.join(cols.length > 1 ? "/" : "") : "No colour";
  const cls = (cols.length ? cols.map((c) => `col-${c}`).join(" ") : "col-none") + (cols.length > 1 ? " multi" : "");
  const style = cols.length > 1 ? `background: linear-gradient(90deg, ${cols.map((c, i) => `var(--${c}) ${Math.round((i * 100) / cols.length)}% ${Math.round(((i + 1) * 100) / cols.length)}%`).join(", ")})` : null;
  return el("span", { class: `band ${cls}`, style }, label);
}

function problemFrame(card, face, attrs) {
  const reqs = face.problem_requirements || [];
  return el("button", attrs,
    el("span", { class: "band col-problem" }, "Problem"),
    el("span", { class: "title" }, face.title),
    el("span", { class: "pdetail" },
      el("span", { class: "preq" }, "Confront: ", requirementWords(reqs) || "—"),
      face.opponent_power !== null && face.opponent_power !== undefined ? el("span", { class: "popp" }, `Opponents: ${face.opponent_power} power`) : null,
    ),
    el("span", { class: "foot" }, el("span", { class: "bonus", title: "Bonus points" }, `Bonus ${face.bonus ?? 0}`)),
  );
}

/**
 * A card frame (a <button>: focusable, clickable, draggable when it can be played or moved).
 * opts: {faces, selected, actionable, option, small, attachments: [frames]}.
 */
export function cardFrame(card, opts) {
  const faces = opts.faces || {};
  const face = faceOf(faces, card);
  const info = card.key ? faces[card.key] : null;
  const classes = ["card"];
  if (opts.small) classes.push("small");
  if (card.exhausted) classes.push("exhausted");
  if (card.frightened) classes.push("frightened");
  if (opts.selected) classes.push("selected");
  if (opts.actionable) classes.push("actionable");
  if (opts.option) classes.push("option");
  const attrs = {
    class: classes.join(" "), type: "button", "data-card": card.id, "data-focus": `card-${card.id}`,
    "aria-label": describe(card, face) + (opts.actionable ? " — has actions" : "") + (opts.option ? " — a choice for the decision" : ""),
    "aria-pressed": opts.selected ? "true" : "false",
    draggable: opts.actionable ? "true" : null,
  };
  if (!face && card.token) {
    // a token (521) has no printed card: its name, type and power
    attrs.class = `${classes.join(" ")} token`;
    return el("button", attrs, band(card.colors || []), el("span", { class: "title" }, card.name || "Token"),
      el("span", { class: "ctype" }, `${card.type || "Friend"} · token`),
      el("span", { class: "foot" }, el("span"), card.power !== null && card.power !== undefined ? el("span", { class: "power" }, String(card.power)) : null),
      card.exhausted || card.frightened ? el("span", { class: "states" }, card.exhausted ? el("span", { class: "tag t-ex" }, "Exhausted") : null, card.frightened ? el("span", { class: "tag t-fr" }, "Frightened") : null) : null);
  }
  if (!face) {
    classes.push("back");
    attrs.class = classes.join(" ");
    return el("button", attrs,
      el("span", { class: "back-mark", "aria-hidden": "true" }, "\u2605"),
      el("span", { class: "back-label" }, card.face_down ? "Face-down Troublemaker" : (card.name || "Card")));
  }
  if (face.type === "Problem") {
    attrs.class += " problem";
    return problemFrame(card, face, attrs);
  }
  const cols = colorsOf(card, face);
  const power = card.power ?? face.power;
  const printed = face.power;
  const counters = Object.entries(card.counters || {});
  const powerCls = power !== null && printed !== null && power !== undefined && power > printed ? "power up" : (power < printed ? "power down" : "power");
  return el("button", attrs,
    band(cols),
    face.cost !== null && face.cost !== undefined ? el("span", { class: "cost", title: "Cost" }, String(face.cost)) : null,
    el("span", { class: "title" }, face.title),
    face.subtitle ? el("span", { class: "sub" }, face.subtitle) : null,
    el("span", { class: "ctype" }, [(card.type || face.type).replace("Mane Character", "Mane"), ...(face.traits || []).filter((t) => t !== "Unique")].join(" · ")),
    face.keywords && face.keywords.length ? el("span", { class: "kw" }, face.keywords.join(", ")) : null,
    el("span", { class: "foot" },
      face.requirement && face.requirement.length ? el("span", { class: "req", title: "Play requirement" }, "Req ", requirementWords(face.requirement)) : el("span"),
      info && !info.automated ? el("span", { class: "manual-flag", title: "Some of this card's text is not automated: apply it by hand" }, "Manual") : null,
      power !== null && power !== undefined ? el("span", { class: powerCls, title: "Power" }, String(power)) : null,
    ),
    card.exhausted || card.frightened || card.boosted || counters.length || card.face_down
      ? el("span", { class: "states" },
        card.exhausted ? el("span", { class: "tag t-ex" }, "Exhausted") : null,
        card.frightened ? el("span", { class: "tag t-fr" }, "Frightened") : null,
        card.face_down ? el("span", { class: "tag" }, "Face-down") : null,
        card.boosted ? el("span", { class: "tag t-boost" }, "Boosted") : null,
        ...counters.map(([k, n]) => el("span", { class: "tag t-ctr" }, `${k === "+1" ? "+1 power" : k} \u00d7${n}`)))
      : null,
  );
}

/** The full text of a card for the detail panel (hover, focus or tap shows it). */
export function cardDetail(card, faces) {
  const face = faceOf(faces, card);
  const info = card && card.key ? faces[card.key] : null;
  if (!face) {
    return el("div", { class: "detail-empty" },
      el("h3", {}, card && card.face_down ? "Face-down Troublemaker" : (card && card.name) || "Card"),
      el("p", { class: "muted" }, card && card.face_down ? "Its identity is hidden until it is uncovered (505.1d)." : ""));
  }
  const cols = colorsOf(card, face);
  const lines = (face.text || "").split(/\n+/).filter(Boolean);
  return el("div", { class: "detail" },
    face.type === "Problem" ? el("span", { class: "band col-problem" }, "Problem") : band(cols),
    el("h3", {}, face.title, face.subtitle ? el("small", {}, face.subtitle) : null),
    el("p", { class: "meta" }, [face.type, ...(face.traits || [])].join(" · "), info ? ` — ${info.number}, ${info.set}` : ""),
    el("dl", { class: "stats" },
      face.cost !== null && face.cost !== undefined ? [el("dt", {}, "Cost"), el("dd", {}, String(face.cost))] : null,
      face.power !== null && face.power !== undefined ? [el("dt", {}, "Power"), el("dd", {}, card.power !== undefined && card.power !== null && card.power !== face.power ? `${card.power} (printed ${face.power})` : String(face.power))] : null,
      face.requirement && face.requirement.length ? [el("dt", {}, "Requires"), el("dd", {}, requirementWords(face.requirement))] : null,
      face.problem_requirements ? [el("dt", {}, "Confront"), el("dd", {}, requirementWords(face.problem_requirements) || "—")] : null,
      face.opponent_power !== undefined && face.opponent_power !== null ? [el("dt", {}, "Opponents"), el("dd", {}, `${face.opponent_power} power`)] : null,
      face.bonus !== undefined && face.bonus !== null ? [el("dt", {}, face.type === "Troublemaker" ? "Points" : "Bonus"), el("dd", {}, String(face.bonus))] : null,
      face.home_limit !== undefined ? [el("dt", {}, "Home limit"), el("dd", {}, String(face.home_limit))] : null,
    ),
    face.keywords && face.keywords.length ? el("p", { class: "kwline" }, face.keywords.join(", ")) : null,
    lines.length ? el("div", { class: "text" }, lines.map((l) => el("p", {}, l))) : el("p", { class: "muted" }, "No rules text."),
    info && !info.automated
      ? el("div", { class: "manual-note", role: "note" },
        el("strong", {}, "Not automated: "), "the engine does not apply this text. Apply it by hand with \u201cApply an effect by hand\u201d below, as the card says:",
        el("ul", {}, (info.manual_lines.length ? info.manual_lines : lines).map((l) => el("li", {}, l))))
      : null,
  );
}
