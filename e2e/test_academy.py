"""Classly: the admin schedules a class for now, opens the sede's QR screen; the student opens the link in
that QR, sees a button and is checked in only when she taps it; the second try says she already is."""
import datetime
import json
import re
import urllib.request
from zoneinfo import ZoneInfo


def api_attendances(base, email):
    login = urllib.request.Request(base + "/api/v1/auth/login", method="POST", headers={"content-type": "application/json"},
                                   data=json.dumps({"email": email, "password": "demo-password"}).encode())
    token = json.loads(urllib.request.urlopen(login).read())["token"]
    mine = urllib.request.Request(base + "/api/v1/academy/me/attendances", headers={"authorization": f"Bearer {token}"})
    return len(json.loads(urllib.request.urlopen(mine).read())["items"])


def test_qr_check_in_from_the_room_screen(people, server):
    admin, student = people("admin"), people("student")
    admin.sign_in("maestra@demo.patio")
    # A sede of its own, so no demo class there can be the one that is open now.
    admin.visit("/academy/admin/locations")
    admin.page.fill("form[data-new-location] input[name=name]", "Sede e2e")
    admin.page.fill("form[data-new-location] input[name=address]", "Av. Prueba 123")
    admin.page.click("form[data-new-location] button[type=submit]")
    admin.page.wait_for_load_state("networkidle")
    admin.visit("/academy/admin/classes")
    admin.page.select_option("form[action='/academy/admin/classes'] select[name=locationId]", label="Sede e2e")
    admin.page.fill("form[action='/academy/admin/classes'] input[name=name]", "Marinera e2e")
    admin.page.click("form[action='/academy/admin/classes'] button[type=submit]")
    admin.page.wait_for_load_state("networkidle")
    admin.page.click("text=Marinera e2e")
    admin.page.wait_for_load_state("networkidle")
    admin.check("class")
    class_url = admin.page.url
    today = datetime.datetime.now(ZoneInfo("America/Lima")).isoweekday()
    admin.page.select_option("select[name=weekday]", str(today))
    admin.page.fill("input[name=startTime]", "00:00")
    admin.page.fill("input[name=endTime]", "23:59")
    admin.page.click("form[data-form=schedule] button[type=submit]")
    admin.page.wait_for_load_state("networkidle")
    admin.check("scheduled")

    # Enrol the demo student in it with a payment.
    admin.visit("/academy/admin/students")
    admin.page.locator("tr", has_text="alumna@demo.patio").locator("a").click()
    admin.page.wait_for_load_state("networkidle")
    admin.check("student")
    option = admin.page.locator("select[name=scheduleId] option", has_text="Marinera e2e").first.get_attribute("value")
    form = admin.page.locator("form[data-form=payment]")
    form.locator("select[name=scheduleId]").select_option(option)
    form.locator("input[name=amount]").fill("30.00")
    form.locator("input[name=classes]").fill("4")
    form.locator("button[type=submit]").click()
    admin.page.wait_for_load_state("networkidle")
    admin.check("paid")

    admin.visit("/academy/admin/locations")
    qr_path = admin.page.locator("section", has=admin.page.locator("input[value='Sede e2e']")).locator("a[href$='/qr']").first.get_attribute("href")
    admin.visit(qr_path)
    link = admin.page.locator("#checkin-link").get_attribute("href")
    assert re.search(r"/academy/checkin\?t=", link)

    student.sign_in("alumna@demo.patio")
    before = api_attendances(server, "alumna@demo.patio")
    # Opening the link shows a button; nothing is recorded until the student taps it.
    student.page.goto(link)
    student.page.wait_for_load_state("networkidle")
    student.page.wait_for_timeout(1500)
    button = student.page.get_by_role("button", name="Marcar mi asistencia")
    assert button.is_visible()
    assert "/academy/checkin?t=" in student.page.url
    assert student.page.locator("text=Asistencia registrada").count() == 0
    assert api_attendances(server, "alumna@demo.patio") == before, "opening the check-in link recorded attendance"
    student.check("checkin-button")
    button.click()
    student.page.wait_for_selector("text=Asistencia registrada", timeout=10_000)
    assert api_attendances(server, "alumna@demo.patio") == before + 1
    student.check("checked-in")
    student.page.goto(link)
    student.page.wait_for_load_state("networkidle")
    student.page.get_by_role("button", name="Marcar mi asistencia").click()
    student.page.wait_for_load_state("networkidle")
    student.check("again")
    assert student.page.locator("text=Ya marcaste tu asistencia para esta clase.").count() == 1
    assert api_attendances(server, "alumna@demo.patio") == before + 1


def api(base, email, path):
    login = urllib.request.Request(base + "/api/v1/auth/login", method="POST", headers={"content-type": "application/json"},
                                   data=json.dumps({"email": email, "password": "demo-password"}).encode())
    token = json.loads(urllib.request.urlopen(login).read())["token"]
    return json.loads(urllib.request.urlopen(urllib.request.Request(base + path, headers={"authorization": f"Bearer {token}"})).read())


def test_cancelling_a_session_asks_first_and_tells_its_students(people, server):
    """The teacher is ill: the admin cancels the student's next session from the class page, is asked first
    with how many students will be told, and the student's inbox and next session show it."""
    mine = api(server, "alumna@demo.patio", "/api/v1/academy/me/classes")["items"][0]
    session = mine["nextSession"]
    admin = people("admin")
    admin.sign_in("maestra@demo.patio")
    admin.visit(f"/academy/admin/classes/{mine['classId']}")
    card = admin.page.locator(f"[data-cancellations='{mine['scheduleId']}']")
    card.locator("summary").click()
    card.locator("input[name=date]").fill(session)
    card.locator("input[name=reason]").fill("La profesora está enferma")
    admin.check("cancel-form")
    card.locator("button[type=submit]").click()
    admin.page.wait_for_selector("dialog.confirm-dialog [data-confirmation]")
    admin.check("cancel-asks-first")
    assert "alumn" in admin.page.locator("dialog.confirm-dialog").inner_text().lower()
    admin.page.click("dialog.confirm-dialog [data-confirmation] button.danger")
    admin.page.wait_for_selector("text=Clase cancelada", timeout=10_000)
    admin.check("cancelled")

    inbox = api(server, "alumna@demo.patio", "/api/v1/notifications")["items"]
    assert any(item["kind"] == "academy.class_cancelled" and "enferma" in item["body"] for item in inbox)
    after = next(c for c in api(server, "alumna@demo.patio", "/api/v1/academy/me/classes")["items"] if c["scheduleId"] == mine["scheduleId"])
    assert after["nextSession"] != session
