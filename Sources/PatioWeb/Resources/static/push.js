// "Notifications in this browser" on /notifications/settings: subscribes this browser to Web Push with the
// server's VAPID key (data-key) through the worker at /push-worker.js, and registers the subscription with
// Patio; turning it off unsubscribes and tells Patio to forget it. Each state has its own words on the page
// (data-state on the panel): unsupported, blocked, off, on, working, failed.
(function () {
  var panel = document.querySelector('[data-push]');
  if (!panel) return;
  var button = panel.querySelector('button');
  var csrf = panel.getAttribute('data-csrf');
  var key = panel.getAttribute('data-key');
  function show(state) {
    panel.setAttribute('data-state', state);
    button.hidden = !(state === 'off' || state === 'on' || state === 'failed');
  }
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window) || !key) { show('unsupported'); return; }
  if (Notification.permission === 'denied') { show('blocked'); return; }
  function post(url, body) {
    return fetch(url, {
      method: 'POST', credentials: 'same-origin', body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
    }).then(function (response) { if (!response.ok) throw new Error('HTTP ' + response.status); return response; });
  }
  function keyBytes(text) {
    var base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    while (base64.length % 4) base64 += '=';
    var raw = atob(base64), bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  function current() {
    return navigator.serviceWorker.getRegistration('/').then(function (registration) {
      return registration ? registration.pushManager.getSubscription() : null;
    });
  }
  function turnOn() {
    show('working');
    return Notification.requestPermission().then(function (permission) {
      if (permission !== 'granted') { show(permission === 'denied' ? 'blocked' : 'off'); return; }
      return navigator.serviceWorker.register('/push-worker.js', { scope: '/' }).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (registration) {
        return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
      }).then(function (subscription) {
        var body = subscription.toJSON();
        body.channel = 'web_push';
        return post('/notifications/devices', body);
      }).then(function () { show('on'); });
    }).catch(function () { show('failed'); });
  }
  function turnOff() {
    show('working');
    return current().then(function (subscription) {
      if (!subscription) return;
      var endpoint = subscription.endpoint;
      return subscription.unsubscribe().then(function () { return post('/notifications/devices/forget', { endpoint: endpoint }); });
    }).then(function () { show('off'); }).catch(function () { show('failed'); });
  }
  button.addEventListener('click', function () {
    if (panel.getAttribute('data-state') === 'on') turnOff(); else turnOn();
  });
  current().then(function (subscription) {
    if (!subscription) { show('off'); return; }
    // Registered again each visit: the same subscription is the same device, now tied to this session.
    var body = subscription.toJSON();
    body.channel = 'web_push';
    return post('/notifications/devices', body).then(function () { show('on'); });
  }).catch(function () { show('off'); });
})();
