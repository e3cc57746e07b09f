// The bell in every signed-in page's bar: the number of unread notifications, kept current over a WebSocket
// (`/notifications/live` sends {"unreadCount": n} when it opens and after every change). When the socket
// drops it tries again, waiting longer each time; without JavaScript the bell is a plain link to the inbox.
(function () {
  var bell = document.querySelector('[data-bell]');
  var count = bell && bell.querySelector('[data-unread]');
  if (!count || !('WebSocket' in window)) return;
  var label = bell.querySelector('.visually-hidden');
  var name = label ? label.textContent : '';
  var wait = 1000;
  function show(n) {
    count.hidden = !(n > 0);
    count.textContent = n > 99 ? '99+' : String(n);
    if (label) label.textContent = n > 0 ? name + ' (' + n + ')' : name;
  }
  function connect() {
    var socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/notifications/live');
    socket.onmessage = function (event) {
      wait = 1000;
      try { show(JSON.parse(event.data).unreadCount); } catch (e) {}
    };
    socket.onclose = function () { setTimeout(connect, wait); wait = Math.min(wait * 2, 60000); };
  }
  connect();
})();
