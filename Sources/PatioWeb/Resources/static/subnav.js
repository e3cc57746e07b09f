// Marks the section of a module's menu the reader is in (aria-current), so the tab bar shows where they are.
(function () {
  var links = document.querySelectorAll('.subnav a[href]');
  var path = location.pathname;
  var best = null;
  Array.prototype.forEach.call(links, function (link) {
    var target = new URL(link.getAttribute('href'), location.href);
    if (target.hash) return;
    var here = target.pathname === path || path.indexOf(target.pathname + '/') === 0;
    if (here && (!best || target.pathname.length > new URL(best.href).pathname.length)) best = link;
  });
  if (best) best.setAttribute('aria-current', 'page');
})();
