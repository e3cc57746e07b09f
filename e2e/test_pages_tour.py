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
