"""Each role's day's job as a person does it on a 390×844 phone, in Spanish and in English: tap, type, read
the feedback. Every tour meets a refused form that keeps what was typed, a question before anything that
cannot be undone, and money and times written the reader's way. Every page is screenshotted and scanned
by axe-core (with WCAG 2.2's target size) through `visit`/`check`.

`PATIO_SCREENSHOTS=docs/screenshots` also saves the screens the docs show (Spanish tours only)."""
import json
import os
import pathlib
import re
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORDS = {
    "es": {"today": "Recogidas de hoy", "directions": "Cómo llegar", "failed_question": "¿", "amount_error": "Valor declarado",
           "grade_error": "Una calificación de 0 a 10", "valid": "Credencial vigente hoy", "back": "Volver"},
    "en": {"today": "Today's pickups", "directions": "Directions", "failed_question": "?", "amount_error": "Declared value",
           "grade_error": "A grade from 0 to 10", "valid": "Credential valid today", "back": "Back"},
}


def in_language(person, language):
    """The person reads Patio in `language` (the choice a reader makes with the header's language button)."""
    person.context.add_cookies([{"name": "patio_lang", "value": language, "url": person.base}])
    return person


def keep(person, name, language):
    """Saves the current screen for the docs when asked to (Spanish only: the docs show one language)."""
    folder = os.environ.get("PATIO_SCREENSHOTS")
    if folder and language == "es":
        target = ROOT / folder
        target.mkdir(parents=True, exist_ok=True)
        person.page.screenshot(path=str(target / f"{name}.png"), full_page=True)


def api_token(base, email, password="demo-password"):
    request = urllib.request.Request(base + "/api/v1/auth/login", data=json.dumps({"email": email, "password": password}).encode(),
                                     headers={"content-type": "application/json"}, method="POST")
    return json.load(urllib.request.urlopen(request))["token"]


def api_get(base, path, token):
    return json.load(urllib.request.urlopen(urllib.request.Request(base + path, headers={"authorization": f"Bearer {token}"})))


@pytest.mark.parametrize("language", ["es", "en"])
def test_courier_agent_day(people, language):
    """The agent lands on today's pickups (one app: no app list), opens the next one, finds the way and the
    phone, and is asked before marking it failed."""
    words = WORDS[language]
    agent = in_language(people(f"agent-{language}"), language)
    agent.sign_in("camila.herrera@demo.patio")
    page = agent.page
    assert page.url.rstrip("/").endswith("/courier"), page.url
    assert words["today"] in page.inner_text("h1")
    agent.check("home")
    keep(agent, "agent-home", language)
    first = page.locator("[data-agenda] a").first
    first.click()
    page.wait_for_load_state("networkidle")
    agent.check("pickup")
    keep(agent, "pickup", language)
    directions = page.locator("[data-directions]")
    assert directions.inner_text().strip() == words["directions"]
    assert directions.get_attribute("href").startswith("https://www.google.com/maps/search/")
    assert page.locator("[data-call]").get_attribute("href").startswith("tel:+57")
    failed = page.locator("form[data-move='failed']")
    if failed.count():
        asked = []
        page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
        failed.locator("select[name=reason]").select_option(index=1)
        failed.locator("button[type=submit]").click()
        page.wait_for_timeout(300)
        assert asked and words["failed_question"] in asked[0], asked
        assert page.locator("form[data-move='failed']").count() == 1, "dismissed: nothing changed"


@pytest.mark.parametrize("language", ["es", "en"])
def test_courier_dispatch_day(people, language):
    """Dispatch creates a pickup: an amount typed wrong is refused with the form kept; money on the board
    reads as Colombians write it; cancelling asks first, naming what will happen."""
    words = WORDS[language]
    dispatch = in_language(people(f"dispatch-{language}"), language)
    dispatch.sign_in("despacho@demo.patio")
    page = dispatch.visit("/courier/dispatch")
    # Creating is the first action: a button at the top opens the form in place.
    if page.locator("details#new-pickup:not([open])").count():
        page.click("details#new-pickup summary")
    page.fill("input[name=senderName]", "Papelería La Estrella")
    page.fill("input[name=phone]", "3157654321")
    page.fill("input[name=address]", "Carrera 15 # 93-47")
    page.select_option("select[name=localityCode]", index=1)
    page.select_option("select[name=agentId]", index=1)
    page.fill("input[name=windowStart]", "15:00")
    page.fill("input[name=windowEnd]", "16:00")
    page.fill("input[name=declaredValue]", "150,50")
    page.locator("input[name=declaredValue]").evaluate("input => input.form.requestSubmit()")
    page.wait_for_load_state("networkidle")
    dispatch.check("refused-pickup")
    assert words["amount_error"] in page.inner_text("[role=alert]")
    assert page.input_value("input[name=senderName]") == "Papelería La Estrella"
    assert page.input_value("input[name=declaredValue]") == "150,50"
    # The address still answers GET: a reload shows the board again instead of re-sending the form.
    assert "/courier/dispatch" in page.url
    page.fill("input[name=declaredValue]", "150.000" if language == "es" else "150000")
    page.locator("input[name=declaredValue]").evaluate("input => input.form.requestSubmit()")
    page.wait_for_load_state("networkidle")
    dispatch.check("created")
    assert page.locator(".notice[role=status]").count() >= 1
    created = page.locator("[data-board] a[href^='/courier/pickups/']", has_text="Papelería La Estrella").last
    if not created.count():
        created = page.locator("a[href^='/courier/pickups/']", has_text="Papelería La Estrella").last
    created.click()
    page.wait_for_load_state("networkidle")
    dispatch.check("created-pickup")
    shown = page.inner_text("main").replace("\u00a0", " ")
    assert ("$ 150.000" if language == "es" else "$150,000 COP") in shown, shown[:600]
    form = page.locator("form[action$='/cancel']")
    if form.count():
        form.locator("button").click()
        page.wait_for_selector("dialog.confirm-dialog [data-confirmation]")
        dispatch.check("asks-before-cancelling")
        page.locator("dialog.confirm-dialog [data-confirm-back]").click()
        page.wait_for_selector("dialog.confirm-dialog", state="detached")
        assert page.locator("dialog.confirm-dialog").count() == 0


@pytest.mark.parametrize("language", ["es", "en"])
def test_teacher_capture_keeps_what_was_typed(people, language):
    """A teacher types a partial that cannot be right: every value comes back as typed and the wrong one is
    marked beside the student's name, in the page's language. Nothing is saved."""
    words = WORDS[language]
    teacher = in_language(people(f"teacher-{language}"), language)
    teacher.sign_in("docente@demo.patio")
    page = teacher.visit("/campus")
    page.locator("a[href^='/campus/groups/']").first.click()
    page.wait_for_load_state("networkidle")
    editable = page.locator("td input:not([readonly])")
    assert editable.count() >= 2, "an open capture window"
    editable.nth(0).fill("8")
    editable.nth(1).fill("11")
    page.locator("main form button").click()
    page.wait_for_load_state("networkidle")
    teacher.check("refused-grade")
    keep(teacher, "teacher-capture-refused", language)
    cells = page.locator("td input:not([readonly])")
    assert cells.nth(0).input_value() == "8" and cells.nth(1).input_value() == "11"
    assert page.locator("input[aria-invalid=true]").count() == 1
    assert words["grade_error"] in page.inner_text("tr.refused")


@pytest.mark.parametrize("language", ["es", "en"])
def test_student_week_and_credential(people, server, language):
    """A student reads today's classes on a phone, a day at a time; a guard scanning the credential sees,
    at arm's length, whose it is and that it is valid."""
    words = WORDS[language]
    student = in_language(people(f"student-{language}"), language)
    student.sign_in("estudiante@demo.patio")
    page = student.visit("/campus/schedule")
    keep(student, "schedule-phone", language)
    assert page.locator("[aria-current], .day-tabs a").count() >= 1
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 390, f"the schedule is {wide} px wide on a 390 px screen"
    token = api_token(server, "estudiante@demo.patio")
    verify = api_get(server, "/api/v1/campus/me/credential", token)["verifyURL"]
    guard = in_language(people(f"guard-{language}"), language)
    page = guard.visit("/" + verify.split("/", 3)[3])
    keep(guard, "credential-check", language)
    assert words["valid"] in page.inner_text(".verdict")
    assert page.locator(".check.valid").count() == 1
    assert page.locator(".holder").inner_text().strip()


@pytest.mark.parametrize("language", ["es", "en"])
def test_business_and_customer(people, server, language):
    """A shop charges: an amount that is not one is refused with the form kept; the customer pays by code and
    is told what was paid to whom; times are the reader's, never UTC."""
    business = in_language(people(f"shop-{language}"), language)
    business.sign_in("negocio@demo.patio")
    page = business.visit("/payments/business")
    page.fill("input[name=description]", "Alebrije chico")
    page.fill("input[name=amount]", "doscientos")
    page.locator("input[name=amount]").evaluate("input => input.form.requestSubmit()")
    page.wait_for_load_state("networkidle")
    business.check("refused-charge")
    assert page.input_value("input[name=description]") == "Alebrije chico"
    page.fill("input[name=amount]", "61.68")
    page.locator("input[name=amount]").evaluate("input => input.form.requestSubmit()")
    page.wait_for_load_state("networkidle")
    business.check("charge")
    screen = page.inner_text("main")
    assert "UTC" not in screen
    code = re.search(r"\b(\d{6})\b", screen).group(1)

    customer = in_language(people(f"customer-{language}"), language)
    customer.sign_in("cliente@demo.patio")
    page = customer.visit(f"/payments/pay/{code}")
    page.locator("form[action$='/accept'] button").click()
    page.wait_for_load_state("networkidle")
    customer.check("paid")
    notice = page.inner_text(".notice[role=status]")
    assert ("Pagaste" if language == "es" else "You paid") in notice and "Artesan" in notice
    assert "UTC" not in page.inner_text("main")


@pytest.mark.parametrize("language", ["es", "en"])
def test_academy_admin_packs(people, language):
    """The academy's admin adds a pack: a price that is not one is refused with the form kept; the pack's
    price reads the reader's way; deleting it asks first and nothing goes until confirmed."""
    admin = in_language(people(f"academy-{language}"), language)
    admin.sign_in("maestra@demo.patio")
    page = admin.visit("/academy/admin/packs")
    form = page.locator("form[action='/academy/admin/packs']").last
    name = f"Paquete tour {language}"
    form.locator("input[name=name]").fill(name)
    form.locator("input[name=classes]").fill("8")
    form.locator("input[name=price]").fill("ochenta")
    form.locator("button[type=submit]").click()
    page.wait_for_load_state("networkidle")
    admin.check("refused-pack")
    assert page.locator("[role=alert]").count() == 1
    assert page.locator("form[action='/academy/admin/packs'] input[name=name]").last.input_value() == name
    page.locator("form[action='/academy/admin/packs'] input[name=price]").last.fill("80")
    page.locator("form[action='/academy/admin/packs'] button[type=submit]").last.click()
    page.wait_for_load_state("networkidle")
    admin.check("pack-added")
    row = page.locator("tr", has_text=name)
    assert "80.00" in row.inner_text()
    row.locator("form[data-confirm] button").click()
    page.wait_for_selector("dialog.confirm-dialog [data-confirmation]")
    admin.check("asks-before-deleting")
    page.locator("dialog.confirm-dialog [data-confirm-back]").click()
    page.wait_for_selector("dialog.confirm-dialog", state="detached")
    assert page.locator("tr", has_text=name).count() == 1, "nothing deleted until confirmed"


@pytest.mark.parametrize("language", ["es", "en"])
def test_onboarding_hr_adds_a_new_hire(people, language):
    """HR adds a new hire: the form refused for a missing name keeps the rest; added, the page says so."""
    hr = in_language(people(f"hr-{language}"), language)
    hr.sign_in("rrhh@demo.patio")
    page = hr.visit("/onboarding/admin")
    form = page.locator("form[data-form=newHire]")
    form.locator("input[name=name]").fill("   ")
    form.locator("input[name=startDate]").fill("2026-12-01")
    form.locator("input[name=team]").fill("Ventas")
    form.locator("input[name=name]").evaluate("input => input.form.requestSubmit()")
    page.wait_for_load_state("networkidle")
    hr.check("refused-new-hire")
    assert page.locator("[role=alert]:visible").count() == 1
    form = page.locator("form[data-form=newHire]")
    assert form.locator("input[name=team]").input_value() == "Ventas"
    form.locator("input[name=name]").fill(f"Nueva Persona {language}")
    form.locator("button[type=submit]").click()
    page.wait_for_load_state("networkidle")
    hr.check("new-hire-added")
    assert page.locator(".notice[role=status]").count() >= 1


@pytest.mark.parametrize("language", ["es", "en"])
def test_platform_admin_adds_an_account(people, language):
    """The platform's admin adds a person: a password too short is refused and the name, email and roles
    ticked stay; the password never comes back."""
    admin = in_language(people(f"admin-{language}"), language)
    admin.sign_in("admin@demo.patio")
    page = admin.visit("/admin/accounts/new")
    page.fill("input[name=name]", f"Persona Tour {language}")
    page.fill("input[name=email]", f"tour-{language}@demo.patio")
    page.fill("input[name=password]", "corta")
    page.locator("input[name=roles]").first.check()
    page.locator("input[name=password]").evaluate("input => { input.removeAttribute('minlength'); input.form.requestSubmit(); }")
    page.wait_for_load_state("networkidle")
    admin.check("refused-account")
    assert page.locator("[role=alert]:visible").count() >= 1
    assert page.input_value("input[name=name]") == f"Persona Tour {language}"
    assert page.input_value("input[name=password]") == ""
    assert page.locator("input[name=roles]").first.is_checked()


@pytest.mark.parametrize("language", ["es", "en"])
def test_new_hire_ticks_a_task(people, language):
    """A new hire ticks today's task and the page says so at once; the tick can be undone."""
    employee = in_language(people(f"employee-{language}"), language)
    employee.visit("/onboarding/signin")
    employee.page.fill("input[name=email]", "nuevo@demo.patio")
    employee.page.click("main button[type=submit]")
    employee.page.wait_for_load_state("networkidle")
    employee.page.fill("input[name=password]", "demo-password")
    employee.page.click("main button[type=submit]")
    employee.page.wait_for_load_state("networkidle")
    employee.check("dashboard")
    task = employee.page.locator("[data-task]:not(.done)").first
    task_id = task.get_attribute("data-task")
    task.locator("button.tick").click()
    employee.page.wait_for_selector(f"[data-task='{task_id}'].done")
    employee.check("ticked")
    employee.page.locator(f"[data-task='{task_id}'] button.tick").click()
    employee.page.wait_for_selector(f"[data-task='{task_id}']:not(.done)")


@pytest.mark.parametrize("language", ["es", "en"])
def test_academy_student_reads_her_classes(people, language):
    """A student of the academy lands in her classes (one app), with what she has left and her attendance."""
    student = in_language(people(f"alumna-{language}"), language)
    student.sign_in("alumna@demo.patio")
    page = student.page
    assert "/academy" in page.url, page.url
    student.check("landing")
    page = student.visit("/academy/me")
    assert page.locator("main h1").count() == 1
    page = student.visit("/academy/me/attendances")
    assert "UTC" not in page.inner_text("main")


@pytest.mark.parametrize("language", ["es", "en"])
def test_school_services_import_and_close(people, language):
    """School services import a CSV with a wrong line: each line's problem reads once in their language, the
    text stays to be fixed; closing the period asks first with what it will do, and nothing closes until
    confirmed."""
    services = in_language(people(f"services-{language}"), language)
    services.sign_in("admin@demo.patio")
    page = services.visit("/campus/admin")
    form = page.locator("form:has(input[name=form][value=import])")
    csv = "this,is,not,the,header\n1,2,3,4,5"
    form.locator("textarea[name=csv]").fill(csv)
    form.locator("button").click()
    page.wait_for_load_state("networkidle")
    services.check("refused-import")
    assert page.locator("[role=alert]:visible").count() >= 1
    assert ("Línea 1" if language == "es" else "Line 1") in page.inner_text("[role=alert]")
    assert page.locator("form:has(input[name=form][value=import]) textarea[name=csv]").input_value() == csv
    close = page.locator("form[action$='/close']").first
    if close.count():
        close.locator("button").click()
        page.wait_for_selector("dialog.confirm-dialog [data-confirmation]")
        services.check("asks-before-closing")
        page.locator("dialog.confirm-dialog [data-confirm-back]").click()
        page.wait_for_selector("dialog.confirm-dialog", state="detached")
        assert page.locator("form[action$='/close']").count() >= 1, "nothing closed until confirmed"
