// SquareScores' service worker (SPEC section 9), drawn by app/hosting/install.py.
// Pages and assets come from the network first, always, so that a page is never older than the
// server's while the server answers; each answer is kept, and what was kept is served only when
// the server cannot be reached: the pages this phone opened, and every static asset (fetched
// when this worker is installed). Saves (POST) are never touched: where the network is gone
// they fail, and the page's outbox (outbox.js) keeps them until the server answers.
"use strict";
var VERSION = {{ version | tojson }};
var ASSETS = {{ assets | tojson }};
var STATIC = "squarescores-static-" + VERSION;
var PAGES = "squarescores-pages-" + VERSION;
// How long a page waits for the server before a kept copy is shown instead: a phone on mobile
// data asking a LAN address gets no refusal, only silence (OFFLINE_AFTER_SECONDS, config.py).
var PATIENCE_MS = {{ patience_ms | tojson }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(ASSETS.map(function (url) { return new Request(url, { cache: "reload" }); }));
  }).then(function () { return self.skipWaiting(); }));
});

// A new version takes over at once, and no cache of an older one is left to serve from. The
// pages open as it starts (the first page of all was opened before any worker) are kept anew.
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("squarescores-") === 0 && name !== STATIC && name !== PAGES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }).then(function () {
    return self.clients.matchAll({ type: "window" });
  }).then(function (open) {
    return Promise.all(open.map(function (client) {
      // Marked, so that the copy takes no flash meant for the page the person opens next.
      return fetch(client.url, { credentials: "same-origin", headers: { "X-Kept-Copy": "1" } })
        .then(function (response) {
          return keep(PAGES, client.url, response);
        }).catch(function () {});
    }));
  }));
});

// A kept page, marked so that it says it is offline (base.html, install.js).
function keptPage(request) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(request.url);
  }).then(function (kept) {
    if (!kept) return null;
    return kept.text().then(function (html) {
      var headers = new Headers();
      kept.headers.forEach(function (value, name) {
        if (name !== "content-length" && name !== "content-encoding") headers.set(name, value);
      });
      return new Response(html.replace("<html ", "<html data-served-offline "),
                          { status: 200, headers: headers });
    });
  });
}

function keptAsset(request) {
  return caches.open(STATIC).then(function (cache) { return cache.match(request.url); });
}

// How many pages a phone keeps: the newest opened (a season of matches), the oldest let go.
var PAGES_KEPT = 60;

// An answer kept for when the server cannot be reached: an asset only where it changed (its
// ETag), a page each time (its newest state), the oldest pages let go past PAGES_KEPT.
function keep(cacheName, url, response) {
  if (!(response.ok && response.status === 200 && response.type === "basic")) {
    return Promise.resolve();
  }
  var copy = response.clone();
  return caches.open(cacheName).then(function (cache) {
    return cache.match(url).then(function (kept) {
      var tag = copy.headers.get("ETag");
      if (cacheName === STATIC && kept && tag && kept.headers.get("ETag") === tag) return null;
      return cache.delete(url).then(function () { return cache.put(url, copy); }).then(function () {
        if (cacheName !== PAGES) return null;
        return cache.keys().then(function (all) {
          return Promise.all(all.slice(0, Math.max(0, all.length - PAGES_KEPT)).map(function (old) {
            return cache.delete(old);
          }));
        });
      });
    });
  });
}

// The network's answer; the kept copy where there is none (no network, the server down behind
// its proxy: 502-504), or where the server keeps silent past PATIENCE_MS and a copy is kept.
function networkFirst(request, cacheName, kept) {
  return new Promise(function (resolve) {
    var settled = false;
    function settle(response) { if (!settled && response) { settled = true; resolve(response); } }
    function fallBack(answer) {
      return kept(request).then(function (copy) { settle(copy || answer || Response.error()); });
    }
    var timer = setTimeout(function () {
      kept(request).then(function (copy) { settle(copy); });
    }, PATIENCE_MS);
    fetch(request).then(function (response) {
      clearTimeout(timer);
      if (response.status >= 502 && response.status <= 504) return fallBack(response);
      keep(cacheName, request.url, response);
      settle(response);
    }, function () {
      clearTimeout(timer);
      return fallBack(null);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(networkFirst(request, STATIC, keptAsset));
  } else if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, PAGES, keptPage));
  }
});
