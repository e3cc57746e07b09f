// Irreversible actions ask first (FormOutcome.swift, docs/web-pages.md). Without JavaScript a form marked
// data-confirm posts and its answer is the confirmation page; with it, the same page is asked for in the
// background (the form without confirm=yes changes nothing) and its question — what will happen, in
// numbers — is shown in a dialog whose own form sends confirm=yes. If anything goes wrong the form is sent
// the ordinary way, which leads to the same confirmation page.
(function () {
  if (!window.fetch || !window.DOMParser || typeof HTMLDialogElement === 'undefined') return;
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-confirm') || form.method.toLowerCase() !== 'post') return;
    event.preventDefault();
    var fallback = function () { form.removeAttribute('data-confirm'); form.submit(); };
    fetch(form.action, { method: 'POST', credentials: 'same-origin', body: new URLSearchParams(new FormData(form)) })
      .then(function (response) { if (!response.ok) throw new Error('confirmation'); return response.text(); })
      .then(function (html) {
        var question = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-confirmation]');
        if (!question) throw new Error('confirmation');
        var dialog = document.createElement('dialog');
        dialog.className = 'confirm-dialog';
        dialog.appendChild(document.importNode(question, true));
        var back = dialog.querySelector('[data-confirm-back]');
        if (back) back.addEventListener('click', function (click) { click.preventDefault(); dialog.close(); });
        dialog.addEventListener('close', function () { dialog.remove(); });
        document.body.appendChild(dialog);
        dialog.showModal();
      })
      .catch(fallback);
  });
})();
