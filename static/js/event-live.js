/* Live event pages: websocket updates with a polling fallback, and clocks that count down to the
   server's end time (the server owns the clock; the browser only corrects for its own clock offset). */
(function () {
  "use strict";
  var root = document.querySelector("[data-live-root]");
  if (!root) return;
  var statusEl = root.querySelector("[data-live-status]");
  var offsetMs = 0; // server time minus browser time
  var ws = null, pollTimer = null, refreshTimer = null, wsRetry = null;

  function setStatus(text) { if (statusEl) statusEl.textContent = "live updates: " + text; }

  function syncOffset(scope) {
    var el = scope.querySelector("[data-server-now]");
    if (el && el.dataset.serverNow) offsetMs = Date.parse(el.dataset.serverNow) - Date.now();
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var now = Date.now() + offsetMs;
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      var ends = el.dataset.endsAt;
      if (!ends) { el.textContent = "untimed"; return; }
      // A paused room: the clock stands at what was left when it paused.
      var at = el.dataset.pausedAt ? Date.parse(el.dataset.pausedAt) : now;
      var left = Math.round((Date.parse(ends) - at) / 1000);
      if (left <= 0) { el.textContent = "TIME"; el.classList.add("expired"); return; }
      el.classList.remove("expired");
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      el.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
    });
    document.querySelectorAll("[data-undo-until]").forEach(function (el) {
      el.hidden = Date.parse(el.dataset.undoUntil) <= now;
    });
    // A notice that changes by itself at a moment (an opponent becomes late): ask the server then, once.
    document.querySelectorAll("[data-refresh-at]").forEach(function (el) {
      var at = el.dataset.refreshAt;
      if (Date.parse(at) <= now && !refreshedAt[at]) { refreshedAt[at] = true; scheduleRefresh(1500); }
    });
  }
  var refreshedAt = {};

  function refresh() {
    fetch(window.location.href, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var busy = false;
        doc.querySelectorAll("[data-live]").forEach(function (fresh) {
          var old = root.querySelector('[data-live="' + fresh.dataset.live + '"]');
          if (!old) return;
          // Never wipe a form someone is typing into; try again shortly.
          if (old.contains(document.activeElement) && document.activeElement.tagName !== "BUTTON") { busy = true; return; }
          if (old.innerHTML !== fresh.innerHTML) old.innerHTML = fresh.innerHTML;
        });
        syncOffset(root);
        tick();
        reapplyFilters();
        if (busy) scheduleRefresh(3000);
      })
      .catch(function () { /* next poll or message will try again */ });
  }

  function scheduleRefresh(delay) {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(refresh, delay === undefined ? 250 : delay);
  }

  function startPolling(interval) {
    clearInterval(pollTimer);
    pollTimer = setInterval(refresh, interval);
  }

  function connect() {
    var path = root.dataset.wsPath;
    if (!path || !window.WebSocket) { setStatus("polling"); startPolling(5000); return; }
    try {
      ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + path);
    } catch (e) { setStatus("polling"); startPolling(5000); return; }
    ws.onopen = function () { setStatus("connected"); startPolling(30000); };
    ws.onmessage = function (ev) {
      var msg = {};
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.server_now) offsetMs = Date.parse(msg.server_now) - Date.now();
      if (msg.type !== "hello" && msg.type !== "pong") scheduleRefresh();
    };
    ws.onclose = function () {
      setStatus("polling (reconnecting)");
      startPolling(5000);
      clearTimeout(wsRetry);
      wsRetry = setTimeout(connect, 10000);
    };
  }

  // Search boxes: filter rows or cards by table number or name (judges with 50+ tables).
  function applyFilter(input) {
    var target = document.querySelector(input.dataset.filter);
    if (!target) return;
    var q = input.value.trim().toLowerCase();
    var items = Array.prototype.slice.call(target.querySelectorAll("[data-search]"));
    // A number is a table number first ("37" is table 37, not every "Pony 37"); otherwise any part of a name.
    var tableHit = /^\d+$/.test(q) && items.some(function (el) { return el.dataset.table === q; });
    items.forEach(function (el) {
      el.hidden = !(!q || (tableHit ? el.dataset.table === q : el.dataset.search.toLowerCase().indexOf(q) >= 0));
    });
  }
  document.addEventListener("input", function (ev) {
    if (!(ev.target.matches && ev.target.matches("[data-filter]"))) return;
    applyFilter(ev.target);
    var param = ev.target.dataset.filterParam;
    if (param && window.history.replaceState) {  // keep the search in the address, so it survives a submit
      var url = new URL(window.location.href);
      if (ev.target.value.trim()) url.searchParams.set(param, ev.target.value.trim()); else url.searchParams.delete(param);
      window.history.replaceState(null, "", url.toString());
    }
  });
  // A form that comes back to this page comes back to it as it is now (search, round, tab).
  document.addEventListener("submit", function (ev) {
    var next = ev.target.querySelector && ev.target.querySelector('input[name="next"]');
    if (next && next.value.split(/[?#]/)[0] === window.location.pathname) next.value = window.location.pathname + window.location.search;
  }, true);
  function reapplyFilters() { document.querySelectorAll("[data-filter]").forEach(applyFilter); }

  // Two-step buttons: the first tap arms ("Confirm: …"), the second within 4 s submits.
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest && ev.target.closest("button[data-confirm]");
    if (!btn) return;
    if (btn.dataset.armed === "1") return; // second tap: submit
    ev.preventDefault();
    btn.dataset.armed = "1";
    btn.dataset.label = btn.textContent;
    btn.textContent = btn.dataset.confirm;
    btn.classList.add("armed");
    setTimeout(function () {
      if (btn.dataset.armed === "1") { btn.dataset.armed = ""; btn.textContent = btn.dataset.label; btn.classList.remove("armed"); }
    }, 4000);
  });

  syncOffset(root);
  tick();
  reapplyFilters();
  setInterval(tick, 500);
  connect();
  window.ponyhallLive = { refresh: refresh };
})();
