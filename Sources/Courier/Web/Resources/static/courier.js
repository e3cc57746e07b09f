// Courier's pages in the browser: an offline banner and, for agents, pages kept offline (/courier/sw.js);
// photos from the camera, kept in IndexedDB until they upload once (each with its own Idempotency-Key, so a
// retry never makes a second photo); a pickup's moves queued in IndexedDB and pushed through the sync service
// after their photos (docs/sync.md); dispatch's board kept live over a WebSocket; the offline tables filled on
// this device; a CSV file read into the import form. Online or offline, a move takes one path: queue, then push.
(function () {
  var banner = document.querySelector('[data-offline-banner]');
  function showOnline() { if (banner) banner.hidden = navigator.onLine; }
  window.addEventListener('online', function () { showOnline(); flush(); });
  window.addEventListener('offline', showOnline);
  showOnline();

  // An agent's pages open offline after one visit: the worker keeps this account's copies (each page says
  // when it was made), and today's pickups are kept as soon as their list is shown. Sign-out deletes them.
  var offlineAccount = document.querySelector('[data-offline-account]');
  if (offlineAccount && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/courier/sw.js?account=' + encodeURIComponent(offlineAccount.getAttribute('data-offline-account')), { scope: '/courier' })
      .catch(function () {});
    var keepAgenda = function () {
      if (!navigator.onLine) return;
      document.querySelectorAll('[data-agenda] a[href^="/courier/pickups/"]').forEach(function (link) {
        // Read to the end: the worker keeps its copy as the page reads it.
        fetch(link.href, { credentials: 'same-origin' }).then(function (response) { return response.blob(); }).catch(function () {});
      });
    };
    if (navigator.serviceWorker.controller) keepAgenda();
    else navigator.serviceWorker.addEventListener('controllerchange', keepAgenda);
  }

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return 'k' + Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  // IndexedDB: photos waiting to upload, moves waiting to push, the rows of the offline tables.
  function open() {
    return new Promise(function (resolve, reject) {
      if (!('indexedDB' in window)) { reject(new Error('no IndexedDB')); return; }
      var request = indexedDB.open('patio-courier', 1);
      request.onupgradeneeded = function () {
        var db = request.result;
        db.createObjectStore('photos', { keyPath: 'key' });
        db.createObjectStore('moves', { keyPath: 'mutationId' });
        db.createObjectStore('meta');
        db.createObjectStore('rows', { keyPath: 'key' }).createIndex('table', 'table');
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function run(stores, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(stores, mode);
        var result;
        work(transaction, function (value) { result = value; });
        transaction.oncomplete = function () { resolve(result); };
        transaction.onerror = function () { reject(transaction.error); };
      });
    });
  }
  function all(store) {
    return run([store], 'readonly', function (t, done) {
      var request = t.objectStore(store).getAll();
      request.onsuccess = function () { done(request.result); };
    });
  }
  function put(store, value, key) { return run([store], 'readwrite', function (t) { t.objectStore(store).put(value, key); }); }
  function remove(store, key) { return run([store], 'readwrite', function (t) { t.objectStore(store).delete(key); }); }
  function meta(key, fallback) {
    return run(['meta'], 'readonly', function (t, done) {
      var request = t.objectStore('meta').get(key);
      request.onsuccess = function () { done(request.result === undefined ? fallback : request.result); };
    });
  }

  var csrf = (document.querySelector('[data-csrf]') || { getAttribute: function () { return ''; } }).getAttribute('data-csrf');

  // Photos
  document.querySelectorAll('[data-photo-form]').forEach(function (form) {
    var input = form.querySelector('[data-photo-input]');
    var status = form.querySelector('[data-photo-status]');
    input.addEventListener('change', function () {
      var file = input.files && input.files[0];
      if (!file) return;
      var keep = form.querySelector('[data-keep-location]');
      var photo = { key: uuid(), pickupId: form.getAttribute('data-pickup') || '', keepLocation: keep && keep.checked, type: file.type || 'image/jpeg', blob: file };
      put('photos', photo).then(function () {
        status.textContent = navigator.onLine ? form.getAttribute('data-uploading') : form.getAttribute('data-pending');
        if (navigator.onLine) flush(true);
      });
    });
  });

  function uploadPhotos() {
    return all('photos').then(function (photos) {
      return photos.reduce(function (chain, photo) {
        return chain.then(function () {
          var url = '/courier/photos/upload?pickupId=' + encodeURIComponent(photo.pickupId) + (photo.keepLocation ? '&keepLocation=1' : '');
          return fetch(url, { method: 'POST', credentials: 'same-origin', body: photo.blob,
            headers: { 'X-CSRF-Token': csrf, 'Idempotency-Key': photo.key, 'Content-Type': photo.type } })
            .then(function (response) {
              // Stored (201), already stored by an earlier try (200), or refused for good (4xx): done with it.
              if (response.status < 500) return remove('photos', photo.key);
              throw new Error('server');
            });
        });
      }, Promise.resolve());
    });
  }

  // Moves
  var page = document.querySelector('[data-pickup-page]');
  if (page) {
    page.querySelectorAll('form[data-move]').forEach(function (form) {
      form.addEventListener('submit', function (event) {
        if (!('indexedDB' in window)) return;
        event.preventDefault();
        // "Could not collect" closes the pickup for good: ask first (offline too; without this script the
        // server's confirmation page asks).
        var ask = form.getAttribute('data-ask');
        if (ask && !window.confirm(ask)) return;
        var reason = form.querySelector('[name=reason]');
        Promise.all([meta('nextMutationId', 1), meta('clientId', null)]).then(function (values) {
          var mutationId = values[0];
          var clientId = values[1] || ('web-' + uuid());
          var fields = { state: form.getAttribute('data-move'), finishedAt: new Date().toISOString() };
          if (fields.state === 'on_the_way') delete fields.finishedAt;
          if (reason) fields.failureReason = reason.value;
          var move = { mutationId: mutationId, op: 'put', id: page.getAttribute('data-pickup-page'), baseVersion: Number(page.getAttribute('data-version')) || 0, fields: fields };
          return put('meta', mutationId + 1, 'nextMutationId')
            .then(function () { return put('meta', clientId, 'clientId'); })
            .then(function () { return put('moves', move); })
            .then(function () {
              var status = page.querySelector('[data-pending-status]');
              status.hidden = false;
              status.textContent = page.getAttribute('data-pending-label') + ': ' + form.querySelector('button').textContent;
              flush(true);
            });
        });
      });
    });
  }

  function pushMoves() {
    return Promise.all([all('moves'), meta('clientId', null)]).then(function (values) {
      var moves = values[0], clientId = values[1];
      if (!moves.length || !clientId) return false;
      var body = new URLSearchParams();
      body.set('_csrf', csrf);
      body.set('payload', JSON.stringify({ clientId: clientId, mutations: moves }));
      return fetch('/courier/sync/pickups', { method: 'POST', credentials: 'same-origin', body: body })
        .then(function (response) {
          if (!response.ok) throw new Error('push');
          return response.json();
        })
        .then(function (answer) {
          return Promise.all(answer.results.map(function (result) { return remove('moves', result.mutationId); })).then(function () { return true; });
        });
    });
  }

  var flushing = false;
  function flush(reloadAfter) {
    if (flushing || !navigator.onLine || !('indexedDB' in window)) return;
    flushing = true;
    uploadPhotos().then(pushMoves).then(function (pushed) {
      flushing = false;
      if (pushed || reloadAfter) window.location.reload();
    }, function () { flushing = false; });
  }
  // Anything left from an earlier visit goes now.
  if (navigator.onLine && 'indexedDB' in window) {
    Promise.all([all('photos'), all('moves')]).then(function (waiting) {
      if (waiting[0].length || waiting[1].length) flush(true);
    }, function () {});
  }

  // Dispatch's live board: every message means "the day changed"; the board is drawn again from the page's
  // own address (forms post to it or redirect to it, so it always answers GET). The badge says "live" only
  // while the socket is open and the last refresh worked; otherwise "reconnecting", and it keeps trying.
  var board = document.querySelector('[data-board]');
  var badge = document.querySelector('[data-live-badge]');
  function live(up) {
    if (!badge) return;
    badge.setAttribute('data-live-state', up ? 'live' : 'down');
    badge.textContent = badge.getAttribute(up ? 'data-live' : 'data-down');
  }
  if (board && 'WebSocket' in window) {
    var retryMs = 1000;
    var refresh = function () {
      fetch(window.location.href, { credentials: 'same-origin' }).then(function (response) {
        if (!response.ok) throw new Error('board');
        return response.text();
      }).then(function (html) {
        var fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-board]');
        if (!fresh) throw new Error('board');
        board.innerHTML = fresh.innerHTML;
        live(true);
      }).catch(function () { live(false); });
    };
    var connect = function () {
      var scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      var socket = new WebSocket(scheme + '//' + window.location.host + board.getAttribute('data-board-url'));
      // Whatever changed while the socket was down is read once it is back.
      socket.onopen = function () { retryMs = 1000; refresh(); };
      socket.onmessage = refresh;
      socket.onclose = function () { live(false); setTimeout(connect, retryMs); retryMs = Math.min(retryMs * 2, 30000); };
    };
    connect();
  }

  // The offline tables: pull each table's collection in batches of its size into IndexedDB and count.
  var syncButton = document.querySelector('[data-sync-tables]');
  function countRows() {
    document.querySelectorAll('[data-table]').forEach(function (card) {
      run(['rows'], 'readonly', function (t, done) {
        var request = t.objectStore('rows').index('table').count(card.getAttribute('data-table'));
        request.onsuccess = function () { done(request.result); };
      }).then(function (count) { card.querySelector('[data-rows]').textContent = count; }, function () {});
    });
  }
  if (syncButton) {
    countRows();
    syncButton.addEventListener('click', function () {
      var status = document.querySelector('[data-sync-tables-status]');
      status.textContent = status.getAttribute('data-syncing');
      var cards = Array.prototype.slice.call(document.querySelectorAll('[data-table]'));
      cards.reduce(function (chain, card) {
        var table = card.getAttribute('data-table'), collection = card.getAttribute('data-collection'), batch = card.getAttribute('data-batch');
        var pull = function (cursor) {
          return fetch('/courier/sync/' + encodeURIComponent(collection) + '?limit=' + batch + (cursor ? '&cursor=' + encodeURIComponent(cursor) : ''), { credentials: 'same-origin' })
            .then(function (response) { if (!response.ok) throw new Error('pull'); return response.json(); })
            .then(function (page) {
              return run(['rows', 'meta'], 'readwrite', function (t) {
                page.changes.forEach(function (change) {
                  var key = table + ':' + change.id.toLowerCase();
                  if (change.op === 'delete') t.objectStore('rows').delete(key);
                  else t.objectStore('rows').put({ key: key, table: table, data: change.data });
                });
                t.objectStore('meta').put(page.cursor, 'cursor:' + table);
              }).then(function () { return page.hasMore ? pull(page.cursor) : null; });
            });
        };
        return chain.then(function () { return meta('cursor:' + table, null); }).then(pull);
      }, Promise.resolve()).then(function () { status.textContent = status.getAttribute('data-synced'); countRows(); },
                                 function () { status.textContent = ''; });
    });
  }

  // The network import: a chosen CSV file fills the form's text.
  var file = document.querySelector('[data-csv-file]');
  if (file) {
    file.addEventListener('change', function () {
      var chosen = file.files && file.files[0];
      if (chosen) chosen.text().then(function (text) { document.querySelector('[data-csv-text]').value = text; });
    });
  }
})();
