document.querySelectorAll("form[data-autosubmit]").forEach(function (form) { form.submit(); });
