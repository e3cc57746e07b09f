// Onboarding's offline tasks (docs/sync.md). The service worker keeps the pages readable offline; ticking
// a task always goes through a queue in IndexedDB and the sync service, online or not, so there is one
// path: the change shows at once, marked pending, and is pushed when the connection allows. A pull never
// touches the queue, so an unpushed change cannot be lost (the original app's bug).
//
// Both belong to the signed-in account (its id is on this script's tag): the worker keeps that account's
// pages apart from anyone else's who used this device, and the queue is the account's own, so one person's
// unsent ticks are never sent as another's.
(function () {
  var script = document.currentScript;
  var account = script && script.getAttribute('data-account');
  if (!account) return;
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/onboarding/sw.js?account=' + encodeURIComponent(account), { scope: '/onboarding' }).catch(function () {});
  }
  var list = document.querySelector('[data-sync-url]');
  if (!list || !('indexedDB' in window)) return;
  var syncUrl = list.getAttribute('data-sync-url');
  var csrf = list.getAttribute('data-csrf');
  var status = document.querySelector('[data-sync-status]');

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open('patio-onboarding-' + account, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore('pending', { keyPath: 'mutationId' });
        request.result.createObjectStore('meta');
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }
  function run(stores, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(stores, mode);
        var outcome = work(transaction);
        transaction.oncomplete = function () { resolve(outcome && outcome.result !== undefined ? outcome.result : outcome); };
        transaction.onerror = function () { reject(transaction.error); };
      });
    });
  }
  function pending() {
    return run(['pending'], 'readonly', function (t) { return t.objectStore('pending').getAll(); });
  }

  // One client id per browser and a mutation id that only grows, kept with the queue.
  function enqueue(taskId, isDone, baseVersion) {
    return run(['pending', 'meta'], 'readwrite', function (t) {
      var meta = t.objectStore('meta');
      var read = meta.get('client');
      read.onsuccess = function () {
        var client = read.result || { id: 'web-' + Math.random().toString(36).slice(2, 12), next: 1 };
        t.objectStore('pending').put({ mutationId: client.next, op: 'put', id: taskId, baseVersion: baseVersion, fields: { isDone: isDone } });
        client.next += 1;
        meta.put(client, 'client');
      };
    });
  }
  function clientId() {
    return run(['meta'], 'readonly', function (t) { return t.objectStore('meta').get('client'); }).then(function (c) { return c && c.id; });
  }
  function forget(ids) {
    return run(['pending'], 'readwrite', function (t) { ids.forEach(function (id) { t.objectStore('pending').delete(id); }); });
  }

  function row(taskId) { return list.querySelector('[data-task="' + taskId + '"]'); }
  function show(taskId, isDone, isPending) {
    var item = row(taskId);
    if (!item) return;
    item.classList.toggle('done', isDone);
    if (isPending) { item.setAttribute('data-pending', ''); } else { item.removeAttribute('data-pending'); }
    var button = item.querySelector('button.tick');
    button.setAttribute('aria-pressed', String(isDone));
    button.textContent = isDone ? '✓' : '○';
    item.querySelector('input[name=isDone]').value = String(!isDone);
  }
  function report(count) {
    if (!status) return;
    status.hidden = count === 0;
    status.textContent = count === 0 ? '' : status.getAttribute('data-pending-text').replace('%d', count);
  }

  var flushing = false;
  function flush() {
    if (flushing || !navigator.onLine) return pending().then(function (queue) { report(queue.length); });
    flushing = true;
    return Promise.all([pending(), clientId()]).then(function (both) {
      var queue = both[0].sort(function (a, b) { return a.mutationId - b.mutationId; });
      report(queue.length);
      if (queue.length === 0) return;
      var body = new URLSearchParams({ _csrf: csrf, payload: JSON.stringify({ clientId: both[1], mutations: queue.slice(0, 100) }) });
      return fetch(syncUrl, { method: 'POST', body: body, credentials: 'same-origin' }).then(function (response) {
        if (!response.ok) throw new Error('push answered ' + response.status);
        return response.json();
      }).then(function (answer) {
        var done = [], surprises = [];
        answer.results.forEach(function (result) {
          done.push(result.mutationId);
          var mutation = queue.filter(function (m) { return m.mutationId === result.mutationId; })[0];
          if (result.status === 'applied' || result.status === 'duplicate') {
            show(mutation.id, mutation.fields.isDone, false);
            var item = row(mutation.id);
            if (item && result.version) item.setAttribute('data-version', result.version);
          } else {
            surprises.push(result);
          }
        });
        return forget(done).then(function () {
          if (surprises.length > 0) {
            // Someone else changed the task meanwhile (or it is no longer yours): show the server's truth.
            sessionStorage.setItem('patio-sync-notice', status ? status.getAttribute('data-conflict-text') : 'conflict');
            window.location.reload();
          }
        });
      });
    }).catch(function () { /* offline or the server is away: the queue waits */ }).then(function () {
      flushing = false;
      return pending().then(function (queue) { report(queue.length); });
    });
  }

  list.addEventListener('submit', function (event) {
    var form = event.target;
    var item = form.closest('[data-task]');
    if (!item) return;
    event.preventDefault();
    var isDone = form.querySelector('input[name=isDone]').value === 'true';
    var taskId = item.getAttribute('data-task');
    enqueue(taskId, isDone, Number(item.getAttribute('data-version') || 0)).then(function () {
      show(taskId, isDone, true);
      return flush();
    });
  });

  var notice = sessionStorage.getItem('patio-sync-notice');
  if (notice && status) { sessionStorage.removeItem('patio-sync-notice'); status.hidden = false; status.textContent = notice; }
  // Changes still queued from an earlier visit stay visible on top of what the server sent.
  pending().then(function (queue) {
    queue.forEach(function (m) { show(m.id, m.fields.isDone, true); });
    return flush();
  });
  window.addEventListener('online', flush);
})();
