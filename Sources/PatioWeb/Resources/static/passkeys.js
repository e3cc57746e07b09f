// Passkeys on Patio's pages (WebAuthn): "Sign in with a passkey" on sign-in pages and "Add a passkey" on
// the account page. The browser talks to the authenticator; Patio checks every answer (PasskeyService).
(function () {
  if (!window.PublicKeyCredential) return;   // the buttons stay hidden where passkeys do not exist
  function bytes(text) {
    var base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    while (base64.length % 4) base64 += '=';
    var raw = atob(base64), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
    return out.buffer;
  }
  function text(buffer) {
    var view = new Uint8Array(buffer), raw = '';
    for (var i = 0; i < view.length; i++) raw += String.fromCharCode(view[i]);
    return btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  function post(url, fields) {
    return fetch(url, { method: 'POST', credentials: 'same-origin', body: new URLSearchParams(fields) }).then(function (response) {
      return response.json().then(function (body) { if (!response.ok) throw body; return body; });
    });
  }
  function fail(element, problem) {
    var status = element.parentNode.querySelector('[data-passkey-status]');
    if (!status) return;
    status.hidden = false;
    status.textContent = (problem && problem.detail) || element.getAttribute('data-failed');
  }

  var login = document.querySelector('[data-passkey-login]');
  if (login) {
    login.hidden = false;
    login.addEventListener('click', function () {
      var csrf = login.getAttribute('data-csrf');
      post('/passkeys/login/options', { _csrf: csrf }).then(function (options) {
        options.challenge = bytes(options.challenge);
        return navigator.credentials.get({ publicKey: options });
      }).then(function (credential) {
        var answer = credential.response;
        return post('/passkeys/login/verify', {
          _csrf: csrf, next: login.getAttribute('data-next') || '/',
          payload: JSON.stringify({ id: credential.id, response: {
            clientDataJSON: text(answer.clientDataJSON), authenticatorData: text(answer.authenticatorData),
            signature: text(answer.signature), userHandle: answer.userHandle ? text(answer.userHandle) : null } })
        });
      }).then(function (result) { window.location.assign(result.next); }, function (problem) { fail(login, problem); });
    });
  }

  var add = document.querySelector('[data-passkey-register]');
  if (add) {
    add.hidden = false;
    add.querySelector('button').addEventListener('click', function () {
      var csrf = add.getAttribute('data-csrf');
      // A session signed in a while ago confirms the password first: a stolen session cannot add a passkey.
      var password = add.querySelector('input[name=reauthPassword]');
      post('/passkeys/register/options', { _csrf: csrf, reauthPassword: password ? password.value : '' }).then(function (options) {
        options.challenge = bytes(options.challenge);
        options.user.id = bytes(options.user.id);
        options.excludeCredentials = options.excludeCredentials.map(function (c) { return { type: c.type, id: bytes(c.id) }; });
        return navigator.credentials.create({ publicKey: options });
      }).then(function (credential) {
        var answer = credential.response;
        return post('/passkeys/register/verify', {
          _csrf: csrf, payload: JSON.stringify({ id: credential.id, name: add.querySelector('input[name=passkeyName]').value, response: {
            clientDataJSON: text(answer.clientDataJSON), attestationObject: text(answer.attestationObject),
            transports: answer.getTransports ? answer.getTransports() : [] } })
        });
      }).then(function () { window.location.assign('/account?passkey=1'); }, function (problem) { fail(add, problem); });
    });
  }
})();
