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
})();
