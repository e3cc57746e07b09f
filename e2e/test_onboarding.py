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


def tiny_png(path):
    """A real 2×2 PNG, written with the standard library."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\x7c\x3a\xed" * 2 for _ in range(2))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return path


def test_hr_gives_a_new_hire_a_photo(people, tmp_path):
    hr = people("hr")
    hr.sign_in("rrhh@demo.patio")
    hr.visit("/onboarding/admin")
    first = hr.page.locator("[data-photo-upload]").first
    upload_url = first.get_attribute("data-photo-upload")
    first.set_input_files(str(tiny_png(tmp_path / "photo.png")))
    hr.page.wait_for_selector(f"img.avatar[src='{upload_url.replace('/admin', '').replace('/photo', '/avatar')}']", timeout=10_000)
    hr.check("photo")
