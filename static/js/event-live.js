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
      var left = Math.round((Date.parse(ends) - now) / 1000);
      if (left <= 0) { el.textContent = "TIME"; el.classList.add("expired"); return; }
      el.classList.remove("expired");
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      el.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
    });
  }

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

  syncOffset(root);
  tick();
  setInterval(tick, 500);
  connect();
  window.ponyhallLive = { refresh: refresh };
})();
