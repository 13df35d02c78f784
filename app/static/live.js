// Live refreshes: the match's event stream (SPEC section 4) tells this page of each new version;
// where no first event gets through in time (a proxy that buffers), the page asks every 1.5 s.
(function () {
  "use strict";
  var FIRST_EVENT_MS = 5000, POLL_MS = 1500;

  // options: eventsUrl and pollUrl, where the page's stream and the match's JSON are (the server
  // writes them into the page), token (the poll's bearer); version() and ended() read the page;
  // changed(version) brings the page up to date (a promise); online(), offline() and gone() say
  // so on the page.
  function connect(options) {
    var mode = window.EventSource ? "stream" : "poll";
    var source = null, firstTimer = null, timer = null, stopped = false, opened = false;
    // How this page follows the match, for anyone looking (the browser tests do): "connecting",
    // "streaming" once the first event is in and acted on, "polling" or "stopped".
    function say(state) { window.SquareScores.liveState = state; }

    function stop() {
      say("stopped");
      stopped = true;
      closeStream();
      clearTimeout(timer);
      timer = null;
    }

    function closeStream() {
      clearTimeout(firstTimer);
      firstTimer = null;
      if (source) { source.close(); source = null; }
    }

    function start() {
      if (stopped || document.hidden) return;
      if (options.ended()) { stop(); return; }
      if (mode === "poll") { if (!timer) poll(); return; }
      if (source) return;
      say("connecting");
      opened = false;
      source = new EventSource(options.eventsUrl);
      var mine = source;
      // No first event in time: something between here and the server holds the stream back.
      firstTimer = setTimeout(function () { fallBack(mine); }, FIRST_EVENT_MS);
      source.addEventListener("open", function () {
        if (mine !== source) return;
        opened = true;
        options.online();
      });
      source.addEventListener("version", function (event) {
        if (mine !== source) return;
        clearTimeout(firstTimer);
        var data = {};
        try { data = JSON.parse(event.data); } catch (error) { return; }
        if (String(data.version) !== options.version()) {
          Promise.resolve(options.changed(data.version)).then(afterChange, afterChange);
        } else {
          afterChange();
        }
      });
      source.addEventListener("error", function () {
        if (mine !== source) return;
        if (source.readyState === EventSource.CLOSED) {
          // Refused, not dropped (a replaced link is a 404): the poll says what happened.
          closeStream();
          mode = "poll";
          poll();
          return;
        }
        // CONNECTING: the browser tries again by itself, with Last-Event-ID. A stream that
        // ends after a message (a server that holds no streams) comes straight back: only a
        // second failure in a row means the server cannot be reached.
        if (!opened) options.offline();
        opened = false;
      });
    }

    function fallBack(which) {
      if (which !== source) return;
      closeStream();
      mode = "poll";
      poll();
    }

    function afterChange() {
      if (options.ended()) stop();
      else if (source && !stopped) say("streaming");
    }

    function poll() {
      say("polling");
      timer = null;
      if (stopped || document.hidden) return;
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
        options.online();
        if (response.status === 200) {
          return response.json().then(function (match) {
            if (String(match.version) !== options.version()) return options.changed(match.version);
          });
        }
        return null;
      }).catch(function () {
        options.offline();
      }).then(schedule, schedule);
    }

    function schedule() {
      afterChange();
      if (!stopped && mode === "poll" && !timer && !document.hidden) timer = setTimeout(poll, POLL_MS);
    }

    document.addEventListener("visibilitychange", function () {
      if (document.hidden) {
        closeStream();
        clearTimeout(timer);
        timer = null;
      } else {
        start();
      }
    });

    start();
    return { stop: stop, streaming: function () { return !!source; } };
  }

  window.SquareScores = window.SquareScores || {};
  window.SquareScores.live = connect;
})();
