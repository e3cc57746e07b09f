// Pages write times in the reader's own time zone: the browser knows it, the server does not. It is kept in
// the patio_tz cookie for the next page; when it changes (a trip), the next page follows.
(function () {
  var zone;
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone; } catch (e) { return; }
  if (!zone || zone.length > 64) return;
  var current = document.cookie.split('; ').filter(function (c) { return c.indexOf('patio_tz=') === 0; })[0];
  if (current === 'patio_tz=' + encodeURIComponent(zone)) return;
  document.cookie = 'patio_tz=' + encodeURIComponent(zone) + '; path=/; max-age=31536000; samesite=lax';
})();
