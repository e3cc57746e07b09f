// HR's page: choosing a photo for a new hire uploads it at once (the file itself as the body, the CSRF
// token in a header), then shows the page again with the photo; a refusal is shown above the list.
(function () {
  document.querySelectorAll('[data-photo-upload]').forEach(function (input) {
    input.addEventListener('change', function () {
      var file = input.files && input.files[0];
      if (!file) return;
      fetch(input.getAttribute('data-photo-upload'), {
        method: 'POST', credentials: 'same-origin', body: file,
        headers: { 'X-CSRF-Token': input.getAttribute('data-csrf'), 'Content-Type': file.type || 'application/octet-stream' }
      }).then(function (response) {
        return response.json().then(function (body) { if (!response.ok) throw body; });
      }).then(function () { window.location.reload(); }, function (problem) {
        var status = document.querySelector('[data-photo-status]');
        status.hidden = false;
        status.textContent = (problem && problem.detail) || 'Error';
      });
    });
  });
})();
