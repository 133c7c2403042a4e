/* The room display: polls the display API (and listens on the event's websocket for a prompt refresh),
   counts down to the current phase's end with the server's clock, scrolls the pairings, and plays the
   organiser's cue (synthesised with the Web Audio API: nothing loaded from elsewhere) when the phase changes. */
(function () {
  "use strict";
  var room = document.getElementById("room");
  var offsetMs = Date.parse(room.dataset.serverNow) - Date.now();
  var data = null, lastPhaseKey = null, audio = null, soundOn = false;
  var clockEl = document.getElementById("clock"), phaseEl = document.getElementById("phase");
  var nextEl = document.getElementById("next-phase"), pausedEl = document.getElementById("paused");
  var rowsEl = document.getElementById("rows"), roundEl = document.getElementById("round-label");
  var toggle = document.getElementById("sound-toggle");

  var SOUNDS = {  // [frequency Hz, start s, length s, wave]
    chime: [[880, 0, 0.6, "sine"], [1318.5, 0.18, 0.8, "sine"]],
    bell: [[659.3, 0, 1.4, "triangle"], [987.8, 0, 1.2, "sine"], [1318.5, 0.02, 0.9, "sine"]],
    buzzer: [[220, 0, 0.9, "square"], [233, 0, 0.9, "sawtooth"]],
    none: []
  };
  function cue() {
    var notes = SOUNDS[room.dataset.sound] || SOUNDS.chime;
    if (!soundOn || !audio || !notes.length) return;
    var t0 = audio.currentTime + 0.02;
    notes.forEach(function (n) {
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = n[3]; osc.frequency.value = n[0];
      gain.gain.setValueAtTime(0.0001, t0 + n[1]);
      gain.gain.exponentialRampToValueAtTime(0.35, t0 + n[1] + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + n[1] + n[2]);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + n[1]); osc.stop(t0 + n[1] + n[2] + 0.05);
    });
    room.dataset.cues = String(Number(room.dataset.cues || 0) + 1);
  }
  toggle.addEventListener("click", function () {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    audio.resume();
    soundOn = !soundOn;
    toggle.classList.toggle("on", soundOn);
    toggle.textContent = soundOn ? room.dataset.sound + " cue on" : "Tap to enable the " + room.dataset.sound + " cue";
    if (soundOn) cue();
  });
  window.ponyhallRoom = { cue: cue, enable: function () { toggle.click(); } };

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function fmt(sec) {
    var h = Math.floor(sec / 3600), m = Math.floor((sec % 3600) / 60), s = sec % 60;
    return (h ? h + ":" + pad(m) : m) + ":" + pad(s);
  }

  function currentPhase(now) {
    var clock = data && data.round && data.round.clock;
    if (!clock || !clock.phases.length) return null;
    for (var i = 0; i < clock.phases.length; i++) {
      var p = clock.phases[i];
      if (now < Date.parse(p.ends_at)) return { index: i, phase: p, next: clock.phases[i + 1] };
    }
    return { index: clock.phases.length, phase: null, next: null };
  }

  function tick() {
    if (!data || !data.round || data.round.status !== "running") {
      clockEl.textContent = data && data.round ? "—" : "--:--"; phaseEl.textContent = ""; nextEl.textContent = "";
      return;
    }
    var paused = data.round.clock.paused_at;
    var now = paused ? Date.parse(paused) : Date.now() + offsetMs;
    pausedEl.hidden = !paused;
    var cur = currentPhase(now);
    if (!cur) { clockEl.textContent = "untimed"; return; }
    var key = data.round.number + ":" + cur.index;
    if (lastPhaseKey !== null && key !== lastPhaseKey) cue();
    lastPhaseKey = key;
    if (!cur.phase) { phaseEl.textContent = "Time"; clockEl.textContent = "TIME"; clockEl.classList.add("time"); nextEl.textContent = ""; return; }
    clockEl.classList.remove("time");
    phaseEl.textContent = cur.phase.name;
    clockEl.textContent = fmt(Math.max(0, Math.round((Date.parse(cur.phase.ends_at) - now) / 1000)));
    nextEl.textContent = cur.next ? "then " + cur.next.name : "";
  }

  function esc(s) { var d = document.createElement("span"); d.textContent = s == null ? "" : String(s); return d.innerHTML; }
  function render() {
    roundEl.textContent = data.round ? "Round " + data.round.number + (data.round.kind === "Swiss" ? "" : " · " + data.round.kind) : "Waiting for round 1";
    var html = (data.round ? data.round.pairings : []).map(function (p) {
      return '<div class="row"><span class="name">' + esc(p.name) + '</span><span class="table">' + esc(p.table || "—") +
        '</span><span class="opp">' + esc(p.opponent || "BYE") + "</span></div>";
    }).join("");
    if (rowsEl.dataset.html !== html) { rowsEl.innerHTML = html; rowsEl.dataset.html = html; rowsEl.scrollTop = 0; }
  }

  function load() {
    fetch(room.dataset.displayUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (d) {
        offsetMs = Date.parse(d.server_now) - Date.now();
        if (d.sound) room.dataset.sound = d.sound;
        data = d; render(); tick();
      }).catch(function () { /* the next poll tries again */ });
  }

  // Scroll the board slowly when it is longer than the screen, pausing at the top and the bottom.
  var hold = 0;
  setInterval(function () {
    if (rowsEl.scrollHeight <= rowsEl.clientHeight + 2) return;
    if (hold > 0) { hold--; return; }
    rowsEl.scrollTop += 1;
    if (rowsEl.scrollTop + rowsEl.clientHeight >= rowsEl.scrollHeight - 1) { hold = 120; setTimeout(function () { rowsEl.scrollTop = 0; hold = 120; }, 3000); }
  }, 40);

  function connect() {
    if (!window.WebSocket) return;
    var ws;
    try { ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + room.dataset.wsPath); } catch (e) { return; }
    ws.onmessage = function (ev) { var m = {}; try { m = JSON.parse(ev.data); } catch (e) { return; } if (m.type !== "hello" && m.type !== "pong") load(); };
    ws.onclose = function () { setTimeout(connect, 10000); };
  }

  load();
  setInterval(load, 5000);
  setInterval(tick, 250);
  connect();
})();
