// The student's campus pages stay readable offline (grades, schedule, kardex, personal data): the service
// worker keeps the signed-in account's copies, and a copy shows when it was made ("Updated …", written by
// the server into the page) plus a notice while the device is offline.
(function () {
  var script = document.currentScript;
  var account = script && script.getAttribute('data-account');
  if (account && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/campus/sw.js?account=' + encodeURIComponent(account), { scope: '/campus' }).catch(function () {});
  }
  var notice = document.querySelector('[data-offline-notice]');
  function show() { if (notice) notice.hidden = navigator.onLine; }
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
  show();
  // A form that is sending (a SAES reading, an import, closing a period can take seconds) says so and cannot
  // be sent twice; the page that answers replaces it.
  var busy = script && script.getAttribute('data-busy');
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (event.defaultPrevented || form.getAttribute('method') !== 'post') return;
    form.setAttribute('aria-busy', 'true');
    Array.prototype.forEach.call(form.querySelectorAll('button'), function (button) {
      setTimeout(function () { button.disabled = true; }, 0);
      if (busy && button.textContent.trim()) { button.setAttribute('data-label', button.textContent); button.textContent = busy; }
    });
  });
  // Back from the history cache, a form is ready again.
  window.addEventListener('pageshow', function () {
    Array.prototype.forEach.call(document.querySelectorAll('form[aria-busy]'), function (form) {
      form.removeAttribute('aria-busy');
      Array.prototype.forEach.call(form.querySelectorAll('button[data-label]'), function (button) {
        button.disabled = false;
        button.textContent = button.getAttribute('data-label');
      });
    });
  });
})();
