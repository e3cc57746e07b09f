// School services' student page: a chosen photo is sent as the request body with the page's CSRF token,
// exactly as the API takes it, and the page reloads to show it; a refusal (too large, not an image) is
// shown under the field.
(function () {
  document.querySelectorAll('[data-student-photo]').forEach(function (form) {
    var input = form.querySelector('[data-photo-input]');
    var status = form.querySelector('[data-photo-status]');
    input.addEventListener('change', function () {
      var file = input.files && input.files[0];
      if (!file) return;
      status.textContent = form.getAttribute('data-saving');
      fetch(form.getAttribute('data-student-photo'), {
        method: 'POST', credentials: 'same-origin', body: file,
        headers: { 'X-CSRF-Token': form.getAttribute('data-csrf'), 'Content-Type': file.type || 'application/octet-stream' }
      }).then(function (response) {
        if (response.ok) { window.location.reload(); return; }
        return response.json().then(function (problem) {
          status.textContent = problem.detail || form.getAttribute('data-failed');
        });
      }).catch(function () { status.textContent = form.getAttribute('data-failed'); });
    });
  });
})();
