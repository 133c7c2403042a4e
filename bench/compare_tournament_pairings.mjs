// Compare pairing quality with the npm library `tournament-pairings` on the
// very same round inputs as our engine (run by hand, not part of CI).
//
//   mkdir -p /tmp/tpcmp && cd /tmp/tpcmp && npm install tournament-pairings@2.0.1
//   python bench/pairing.py 64 256 --json /tmp/events.json
//   TP_MODULE=/tmp/tpcmp/node_modules/tournament-pairings/dist/index.js \
//     node bench/compare_tournament_pairings.mjs /tmp/events.json
//
// For every recorded round input (players, points, history) it asks
// tournament-pairings' Swiss() for pairings and measures rematches, unequal
// pairings, the sum of squared point differences and time; it then runs our
// CLI (python -m tournaments.pairing swiss) on the same input for the same
// numbers.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";

const modPath = process.env.TP_MODULE;
if (!modPath) {
  console.error("set TP_MODULE to tournament-pairings/dist/index.js");
  process.exit(2);
}
const { Swiss } = await import(pathToFileURL(modPath).href);
const events = JSON.parse(readFileSync(process.argv[2], "utf8"));
const python = process.env.PYTHON || "python";

function state(ev) {
  const sc = ev.scoring;
  const pts = {}, byes = {}, opp = {};
  for (const p of ev.players) { pts[p.id] = p.points || 0; byes[p.id] = 0; opp[p.id] = []; }
  for (const rnd of ev.rounds) {
    for (const m of rnd) {
      if (m.b === null) { pts[m.a] += sc.bye; byes[m.a] += 1; continue; }
      opp[m.a].push(m.b); opp[m.b].push(m.a);
      if (m.winner === null) { pts[m.a] += sc.draw; pts[m.b] += sc.draw; }
      else { const l = m.winner === m.a ? m.b : m.a; pts[m.winner] += sc.win; pts[l] += sc.loss; }
    }
  }
  return { pts, byes, opp };
}

function quality(pairs, st) {
  let rem = 0, uneq = 0, sq = 0, secondBye = 0;
  for (const [a, b] of pairs) {
    if (b === null) { if (st.byes[a] > 0) secondBye++; continue; }
    if (st.opp[a].includes(b)) rem++;
    const d = st.pts[a] - st.pts[b];
    if (d) { uneq++; sq += d * d; }
  }
  return { rem, uneq, sq, secondBye };
}

const median = (xs) => { const s = [...xs].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };

for (const [n, rounds] of Object.entries(events)) {
  const tot = { tp: { rem: 0, uneq: 0, sq: 0, secondBye: 0 }, ours: { rem: 0, uneq: 0, sq: 0, secondBye: 0 } };
  const tpTimes = [], ourTimes = [];
  rounds.forEach((ev, r) => {
    const st = state(ev);
    const active = ev.players.filter((p) => !p.dropped);
    const input = active.map((p) => ({ id: p.id, score: st.pts[p.id], avoid: st.opp[p.id], receivedBye: st.byes[p.id] > 0 }));
    let t0 = performance.now();
    const matches = Swiss(input, r + 1);
    tpTimes.push(performance.now() - t0);
    const tpPairs = matches.map((m) => [m.player1 ?? m.player2, m.player1 === null || m.player2 === null ? null : m.player2]);
    t0 = performance.now();
    const out = JSON.parse(execFileSync(python, ["-m", "tournaments.pairing", "swiss", "-"], { input: JSON.stringify(ev) }));
    ourTimes.push(performance.now() - t0);
    const ourPairs = out.pairings.map((p) => [p.a, p.b]);
    for (const [k, v] of Object.entries(quality(tpPairs, st))) tot.tp[k] += v;
    for (const [k, v] of Object.entries(quality(ourPairs, st))) tot.ours[k] += v;
  });
  console.log(`${n} players, ${rounds.length} rounds`);
  console.log(`  tournament-pairings: median ${median(tpTimes).toFixed(1)} ms/round`, tot.tp);
  console.log(`  ours (CLI incl. process start): median ${median(ourTimes).toFixed(1)} ms/round`, tot.ours);
}
