// Keeps a page in step with the server over a WebSocket (docs/realtime.md). The element marked
// data-live-url names the socket and data-live-state the state the page was drawn in. When a message
// brings another state the page either reloads (data-live-reload) or, in place, shows the elements whose
// data-live-while names the new state, hides the others, and writes the message's label into
// data-live-label elements. Without JavaScript the page falls back to refreshing itself.
(function () {
  var root = document.querySelector('[data-live-url]');
  if (!root || !('WebSocket' in window)) return;
  var state = root.getAttribute('data-live-state');
  var final = false;
  var retryMs = 1000;

  function apply(message) {
    if (!message.state || message.state === state) return;
    state = message.state;
    root.setAttribute('data-live-state', state);
    if (root.hasAttribute('data-live-reload')) { window.location.reload(); return; }
    root.querySelectorAll('[data-live-while]').forEach(function (element) {
      element.hidden = element.getAttribute('data-live-while') !== state;
    });
    root.querySelectorAll('[data-live-label]').forEach(function (element) {
      element.textContent = message.label;
      element.hidden = false;
    });
  }

  function connect() {
    var scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    var socket = new WebSocket(scheme + '//' + window.location.host + root.getAttribute('data-live-url'));
    socket.onopen = function () { retryMs = 1000; };
    socket.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      if (message.type === 'error') { final = true; return; }
      apply(message);
      if (message.state && message.state !== 'pending') final = true;
    };
    socket.onclose = function () {
      // The server closes after a final state; anything else (a restart, a lost network) reconnects.
      if (final) return;
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 30000);
    };
  }
  connect();
})();
