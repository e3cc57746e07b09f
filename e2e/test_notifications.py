"""Notifications in the browser: the bell counts what is new without a reload, the inbox opens each
notification's page, and a push delivered to the service worker (through the DevTools protocol, as the
browser's push service would) is shown with Patio's words and carries the page a tap opens."""
import json
import urllib.request


def api(base, method, path, token=None, body=None):
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, method=method, headers=headers, data=json.dumps(body).encode() if body is not None else None)
    answer = urllib.request.urlopen(request).read()
    return json.loads(answer) if answer else None


def token(base, email):
    return api(base, "POST", "/api/v1/auth/login", body={"email": email, "password": "demo-password"})["token"]


def assign(base, text, due="2026-12-15"):
    hr = token(base, "rrhh@demo.patio")
    employee = api(base, "GET", "/api/v1/me", token(base, "nuevo@demo.patio"))["id"]
    api(base, "POST", "/api/v1/onboarding/tasks", hr, {"text": text, "dueDate": due, "assigneeId": employee})


def sign_in_employee(person):
    person.visit("/onboarding/signin")
    person.page.fill("input[name=email]", "nuevo@demo.patio")
    person.page.click("main button[type=submit]")
    person.page.wait_for_load_state("networkidle")
    person.page.fill("input[name=password]", "demo-password")
    person.page.click("main button[type=submit]")
    person.page.wait_for_load_state("networkidle")


def test_the_bell_counts_live_and_the_inbox_opens_each_page(people, server):
    employee = people("employee")
    sign_in_employee(employee)
    employee.visit("/notifications")
    api(server, "POST", "/api/v1/notifications/read-all", token(server, "nuevo@demo.patio"))
    employee.visit("/notifications")
    badge = employee.page.locator("[data-bell] [data-unread]")
    assert badge.is_hidden()

    assign(server, "Leer el manual de bienvenida")
    employee.page.wait_for_selector("[data-bell] [data-unread]:not([hidden])", timeout=10_000)
    assert badge.inner_text() == "1"
    employee.check("bell-one-new")

    employee.visit("/notifications")
    item = employee.page.locator(".inbox-item.unread").first
    assert "Leer el manual de bienvenida" in item.inner_text()
    item.locator("button").click()
    employee.page.wait_for_load_state("networkidle")
    assert employee.page.url.endswith("/onboarding")
    employee.page.wait_for_selector("[data-bell] [data-unread][hidden]", state="attached", timeout=10_000)
    employee.check("opened-task-page")

    employee.visit("/notifications/settings")
    assert "Una tarea que me asignan" in employee.page.inner_text("main")


def test_a_push_is_shown_by_the_service_worker_with_its_page(people, server):
    employee = people("push")
    employee.context.grant_permissions(["notifications"])
    sign_in_employee(employee)
    employee.visit("/notifications/settings")
    # The worker a subscription would belong to. Headless Chromium has no push service to subscribe with, so
    # the push comes through the DevTools protocol, as the browser's push service would hand it over.
    employee.page.evaluate("navigator.serviceWorker.register('/push-worker.js', { scope: '/' }).then(() => navigator.serviceWorker.ready)")
    cdp = employee.context.new_cdp_session(employee.page)
    registrations = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: registrations.extend(event["registrations"]))
    cdp.send("ServiceWorker.enable")
    employee.page.wait_for_timeout(500)
    registration = next(r for r in registrations if r["scopeURL"] == server + "/")
    payload = {"id": "0b6f6f9e-1f7c-4a55-9d55-000000000001", "kind": "onboarding.task_assigned", "title": "Tarea nueva",
               "body": "Firmar el contrato · para el mar 15 dic", "url": "/onboarding"}
    cdp.send("ServiceWorker.deliverPushMessage", {"origin": server, "registrationId": registration["registrationId"], "data": json.dumps(payload)})
    shown = employee.page.wait_for_function(
        """() => navigator.serviceWorker.getRegistration('/').then(r => r.getNotifications()).then(list => list.length ? list.map(n => ({
            title: n.title, body: n.body, url: n.data && n.data.url })) : null)""", timeout=10_000).json_value()
    assert shown == [{"title": "Tarea nueva", "body": "Firmar el contrato · para el mar 15 dic", "url": "/onboarding"}]
    # A push that is not Patio's JSON still shows something, never breaks the worker.
    cdp.send("ServiceWorker.deliverPushMessage", {"origin": server, "registrationId": registration["registrationId"], "data": "not json"})
    titles = employee.page.wait_for_function(
        "() => navigator.serviceWorker.getRegistration('/').then(r => r.getNotifications()).then(l => l.length > 1 ? l.map(n => n.title) : null)",
        timeout=10_000).json_value()
    assert "Patio" in titles


def test_the_platform_admin_reads_the_delivery_log(people, server):
    admin = people("admin")
    admin.sign_in("admin@demo.patio")
    page = admin.visit("/admin")
    page.click("a[href='/admin/notifications']")
    page.wait_for_load_state("networkidle")
    assert page.locator("h1").inner_text() == "Envíos de avisos"
    page.select_option("select[name=state]", "failed")
    page.click("main form button")
    page.wait_for_load_state("networkidle")
    assert page.url.endswith("/admin/notifications?state=failed")
    assert page.locator("select[name=state]").input_value() == "failed"
    # Nothing in the suite's Patio fails a push (no browser there has a push service): the designed empty state.
    assert "Ningún envío está en este estado." in page.inner_text("main")
    admin.check("delivery-log-failed")
