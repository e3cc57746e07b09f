// Reloads a page that is meant to change on its own (the room's rotating QR code) after the number of
// seconds its script tag names. Without JavaScript, a <noscript> refresh does the same.
(function () {
  var seconds = Number(document.currentScript && document.currentScript.getAttribute('data-seconds'));
  if (seconds > 0) setTimeout(function () { window.location.reload(); }, seconds * 1000);
})();
