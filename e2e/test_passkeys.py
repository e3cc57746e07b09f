"""Passkeys with Chromium's virtual authenticator (DevTools WebAuthn domain): register one from the account
page, sign out, sign in with the passkey alone; then a passkey that cannot verify its user is refused."""


def virtual_authenticator(person):
    cdp = person.context.new_cdp_session(person.page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    created = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    return cdp, created["authenticatorId"]


def test_register_a_passkey_then_sign_in_with_it_alone(people):
    person = people("passkey")
    cdp, authenticator = virtual_authenticator(person)
    person.sign_in("cliente@demo.patio")
    person.visit("/account")
    person.page.fill("#new-passkey-name", "Chromium virtual")
    person.page.click("[data-passkey-register] button")
    person.page.wait_for_url("**/account?passkey=1")
    person.page.wait_for_load_state("networkidle")
    person.check("registered")
    assert person.page.locator("input[value='Chromium virtual']").count() == 1
    assert len(cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]) == 1

    person.page.click("header form[action='/logout'] button")
    person.page.wait_for_url("**/login")
    person.visit("/login")
    person.page.click("[data-passkey-login]")
    person.page.wait_for_url(lambda url: "/login" not in url)
    person.page.wait_for_load_state("networkidle")
    person.check("signed-in-with-passkey")
    assert person.page.locator("header form[action='/logout']").count() == 1

    # The same passkey, but the authenticator can no longer verify who is holding it.
    person.page.click("header form[action='/logout'] button")
    person.page.wait_for_url("**/login")
    cdp.send("WebAuthn.setUserVerified", {"authenticatorId": authenticator, "isUserVerified": False})
    person.visit("/login")
    person.page.click("[data-passkey-login]")
    person.page.wait_for_selector("[data-passkey-status]:not([hidden])", timeout=15_000)
    person.check("refused")
    assert "/login" in person.page.url
    assert person.page.locator("header form[action='/logout']").count() == 0
