"""JAppical: an employee ticks a task while offline; it shows as pending, survives a reload from the
service worker's cache, and reaches the server when the connection returns."""
import json
import urllib.request


def api_tasks(base, email):
    login = urllib.request.Request(base + "/api/v1/auth/login", method="POST", headers={"content-type": "application/json"},
                                   data=json.dumps({"email": email, "password": "demo-password"}).encode())
    token = json.loads(urllib.request.urlopen(login).read())["token"]
    mine = urllib.request.Request(base + "/api/v1/onboarding/me/tasks", headers={"authorization": f"Bearer {token}"})
    return {task["id"].upper(): task for task in json.loads(urllib.request.urlopen(mine).read())["items"]}


def test_an_offline_tick_reaches_the_server_when_back_online(people, server):
    employee = people("employee")
    employee.visit("/onboarding/signin")
    employee.page.fill("input[name=email]", "nuevo@demo.patio")
    employee.page.click("main button[type=submit]")
    employee.page.wait_for_load_state("networkidle")
    employee.check("password-step")
    employee.page.fill("input[name=password]", "demo-password")
    employee.page.click("main button[type=submit]")
    employee.page.wait_for_load_state("networkidle")
    employee.check("dashboard")
    # The second load is served under the service worker installed by the first.
    employee.page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
    employee.page.reload()
    employee.page.wait_for_load_state("networkidle")
    assert employee.page.evaluate("navigator.serviceWorker.controller !== null")

    task = employee.page.locator("[data-task]").first
    task_id = task.get_attribute("data-task")
    assert api_tasks(server, "nuevo@demo.patio")[task_id.upper()]["isDone"] is False

    employee.context.set_offline(True)
    task.locator("button.tick").click()
    employee.page.wait_for_selector(f"[data-task='{task_id}'][data-pending]")
    employee.check("pending-offline")
    employee.page.reload()
    employee.page.wait_for_selector(f"[data-task='{task_id}'][data-pending]")
    assert api_tasks(server, "nuevo@demo.patio")[task_id.upper()]["isDone"] is False

    employee.context.set_offline(False)
    employee.page.evaluate("window.dispatchEvent(new Event('online'))")
    employee.page.wait_for_selector(f"[data-task='{task_id}']:not([data-pending])", timeout=10_000)
    employee.check("synced")
    assert api_tasks(server, "nuevo@demo.patio")[task_id.upper()]["isDone"] is True
