// Live refreshes: the match's event stream (SPEC section 4) tells this page of each new version;
// where no first event gets through in time (a proxy that buffers), the page asks every 1.5 s.
var FIRST_EVENT_MS = 5000, POLL_MS = 1500;

// options: eventsUrl and pollUrl, where the page's stream and the match's JSON are (the server
// writes them into the page), token (the poll's bearer); version() and ended() read the page;
// changed(version) brings the page up to date (a promise); online(), offline() and gone() say
// so on the page.
export function connect(options) {
  // How this page follows the match, all of it here. `phase`: "connecting" (a stream is
  // opening), "streaming" (its first event is in and acted on), "polling" (no stream gets
  // through: the page asks every 1.5 s) or "stopped" (nothing left to hear); it is
  // window.SquareScores.liveState too, for anyone looking (the browser tests do). `source`:
  // the open stream; `opened`: it has opened since its last error; `firstTimer` waits for its
  // first event, `pollTimer` for the next poll.
  var now = { phase: window.EventSource ? "connecting" : "polling", source: null,
              opened: false, firstTimer: null, pollTimer: null };

  function enter(phase) {
    now.phase = phase;
    window.SquareScores = window.SquareScores || {};
    window.SquareScores.liveState = phase;
  }

  function stopped() { return now.phase === "stopped"; }

  function stop() {
    enter("stopped");
    closeStream();
    clearTimeout(now.pollTimer);
    now.pollTimer = null;
  }

  function closeStream() {
    clearTimeout(now.firstTimer);
    now.firstTimer = null;
    if (now.source) { now.source.close(); now.source = null; }
  }

  function start() {
    if (stopped() || document.hidden) return;
    if (options.ended()) { stop(); return; }
    if (now.phase === "polling") { if (!now.pollTimer) poll(); return; }
    if (now.source) return;
    enter("connecting");
    now.opened = false;
    var mine = now.source = new EventSource(options.eventsUrl);
    // No first event in time: something between here and the server holds the stream back.
    now.firstTimer = setTimeout(function () { fallBack(mine); }, FIRST_EVENT_MS);
    mine.addEventListener("open", function () {
      if (mine !== now.source) return;
      now.opened = true;
      options.online();
    });
    mine.addEventListener("version", function (event) {
      if (mine !== now.source) return;
      clearTimeout(now.firstTimer);
      var data = parsed(event.data);
      if (data.version == null) return;
      if (String(data.version) !== options.version()) {
        Promise.resolve(options.changed(data.version)).then(afterChange, afterChange);
      } else {
        afterChange();
      }
    });
    mine.addEventListener("error", function () {
      if (mine !== now.source) return;
      if (mine.readyState === EventSource.CLOSED) {
        // Refused, not dropped (a replaced link is a 404): the poll says what happened.
        closeStream();
        poll();
        return;
      }
      // CONNECTING: the browser tries again by itself, with Last-Event-ID. A stream that
      // ends after a message (a server that holds no streams) comes straight back: only a
      // second failure in a row means the server cannot be reached.
      if (!now.opened) options.offline();
      now.opened = false;
    });
  }

  function fallBack(which) {
    if (which !== now.source) return;
    closeStream();
    poll();
  }

  function afterChange() {
    if (options.ended()) stop();
    else if (now.source && !stopped()) enter("streaming");
  }

  // From here on the page polls: a stream that cannot get through is not tried again.
  function poll() {
    if (stopped()) return;
    enter("polling");
    now.pollTimer = null;
    if (document.hidden) return;
    fetch(options.pollUrl, {
      headers: { "Authorization": "Bearer " + options.token,
                 "If-None-Match": "\"" + options.version() + "\"" },
      cache: "no-store"
    }).then(function (response) {
      if (response.status === 401 || response.status === 404) {
        stop();
        options.gone();
        return null;
      }
      if (response.status === 304) { options.online(); return null; }
      return versionIn(response).then(function (version) {
        options.online();
        if (version !== options.version()) return options.changed(version);
      });
    }).catch(function () {
      options.offline();
    }).then(schedule, schedule);
  }

  // The match's version in the API's answer, its status and type checked before it is read;
  // any other answer (5xx, 429, a proxy's page, an empty body) is a server out of reach.
  function versionIn(response) {
    var json = /^application\/json\b/i.test(response.headers.get("Content-Type") || "");
    if (response.status !== 200 || !json) return Promise.reject(new Error("not the match"));
    return response.text().then(function (text) {
      var version = parsed(text).version;
      return version == null ? Promise.reject(new Error("not the match")) : String(version);
    });
  }

  function schedule() {
    afterChange();
    if (now.phase === "polling" && !now.pollTimer && !document.hidden) now.pollTimer = setTimeout(poll, POLL_MS);
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      closeStream();
      clearTimeout(now.pollTimer);
      now.pollTimer = null;
    } else {
      start();
    }
  });

  start();
  return { stop: stop, streaming: function () { return !!now.source; } };
}

// JSON as an object, or an empty one for what is not (an event or answer cut short).
function parsed(text) {
  try { return Object(JSON.parse(text)); } catch (error) { return {}; }
}
