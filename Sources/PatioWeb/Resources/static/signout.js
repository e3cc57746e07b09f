// Signing out on a shared device leaves none of this person's pages behind: before the sign-out form goes,
// the pages kept for offline use (Cache Storage) are deleted and the offline worker is unregistered. Signing
// out never waits more than two seconds for it.
(function () {
  var form = document.querySelector('form[data-signout]');
  if (!form || !('caches' in window)) return;
  var sent = false;
  function send() {
    if (sent) return;
    sent = true;
    form.submit();
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var work = [caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) { return key.indexOf('patio-') === 0; }).map(function (key) { return caches.delete(key); }));
    })];
    if ('serviceWorker' in navigator) {
      work.push(navigator.serviceWorker.getRegistrations().then(function (registrations) {
        return Promise.all(registrations.map(function (registration) { return registration.unregister(); }));
      }));
    }
    Promise.all(work).then(send, send);
    setTimeout(send, 2000);
  });
})();
