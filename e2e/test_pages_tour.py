"""Every page each role reaches from its menus, screenshotted and scanned with axe-core."""
import pytest

TOURS = {
    "admin@demo.patio": ["/", "/account", "/admin", "/admin/accounts", "/admin/apps", "/admin/apps/classly",
                         "/campus/admin", "/campus/admin/catalogue", "/campus/admin/students"],
    "maestra@demo.patio": ["/academy", "/academy/classes", "/academy/admin", "/academy/admin/packs", "/academy/admin/payments",
                           "/academy/admin/settings", "/academy/admin/students/new"],
    "alumna@demo.patio": ["/academy/me", "/academy/me/attendances"],
    "negocio@demo.patio": ["/payments/analytics", "/payments/analytics?period=month", "/payments/subscription", "/payments/preferences"],
    "cliente@demo.patio": ["/payments/wallet", "/payments/preferences"],
    "rrhh@demo.patio": ["/onboarding/admin", "/onboarding/new-hires", "/onboarding/new-hires?sort=latest"],
}


@pytest.mark.parametrize("email", sorted(TOURS))
def test_pages_pass_axe(people, email):
    person = people(email.split("@")[0])
    person.sign_in(email)
    for path in TOURS[email]:
        page = person.visit(path)
        assert "/login" not in page.url, f"{email} was sent to sign in from {path}"


def test_public_pages_pass_axe(people):
    visitor = people("visitor")
    for path in ["/login", "/payments", "/payments/signup", "/academy/classes", "/onboarding/signin"]:
        visitor.visit(path)


def test_the_target_size_check_can_fail(browser):
    """The WCAG 2.2 target-size rule is really on: two 12-pixel buttons side by side are reported."""
    from conftest import AXE_OPTIONS, Visitor
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_content('<html lang="en"><title>t</title><main><button style="width:12px;height:12px;padding:0">a</button>'
                     '<button style="width:12px;height:12px;padding:0">b</button></main></html>')
    violations = Visitor.axe.run(page, options=AXE_OPTIONS).response["violations"]
    context.close()
    assert any(v["id"] == "target-size" for v in violations), [v["id"] for v in violations]
