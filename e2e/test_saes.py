"""The student's own SAES: the demo student links to the fake SAES portal by typing the CAPTCHA the page
shows (read off the fake portal, as a person reads the image) and sees their SAES grades, on the SAES page
and on their own grades page."""
import urllib.parse
import urllib.request


def test_the_demo_student_links_their_saes_by_typing_the_captcha_and_sees_their_grades(people, fake_saes):
    student = people("student")
    student.sign_in("estudiante@demo.patio")
    page = student.visit("/campus/saes")
    page.select_option("select[name=school]", "escom")
    page.click("main form button")
    page.wait_for_load_state("networkidle")
    image = page.locator("img.captcha")
    assert image.get_attribute("src").startswith("data:image/png;base64,")
    assert image.evaluate("img => img.naturalWidth") > 0
    student.check("captcha")

    answer = urllib.request.urlopen(f"{fake_saes}/_fake/captcha").read().decode()
    page.fill("input[name=boleta]", "2022630101")
    page.fill("input[name=password]", "saes-demo")
    page.fill("input[name=captcha]", answer.lower())
    page.click("#saes-sign-in form button")
    page.wait_for_load_state("networkidle")
    assert "Tu SAES quedó vinculado." in page.content()
    grades = page.locator("#saes-grades")
    assert "ANÁLISIS Y DISEÑO DE ALGORITMOS" in grades.inner_text()
    assert "NP" in grades.inner_text()
    assert page.locator("[data-saes-status]").inner_text().strip() == "Vinculado"
    student.check("linked")

    # The student's own grades page now reads their SAES, and says so.
    page = student.visit("/campus/grades")
    assert "Leído de tu SAES" in page.locator("[data-source=saes]").inner_text()
    row = page.locator("tr", has_text="BASES DE DATOS")
    assert "NP" in row.inner_text()
    assert row.locator("[data-average]").inner_text().strip() == "10.00"
    student.check("grades-from-saes")

    # The alert students open SAES for: a teacher captures a grade in SAES, the next sync finds it, and the
    # bell counts it without a reload. The demo's own grades were announced when it was seeded: read them first.
    page = student.visit("/notifications")
    page.click("form[action='/notifications/read-all'] button")
    page.wait_for_load_state("networkidle")
    page = student.visit("/campus/saes")
    assert page.locator("[data-bell] [data-unread]").is_hidden()
    change = urllib.parse.urlencode({"boleta": "2022630101", "subject": "BASES DE DATOS", "assessment": "3", "grade": "9.5"}).encode()
    assert urllib.request.urlopen(f"{fake_saes}/_fake/grades", data=change).read() == b"changed"
    page.click("form[action='/campus/saes/sync'] button")
    page.wait_for_load_state("networkidle")
    page.wait_for_selector("[data-bell] [data-unread]:not([hidden])", timeout=10_000)
    assert page.locator("[data-bell] [data-unread]").inner_text() == "1"
    student.check("grade-alert-bell")
    page = student.visit("/notifications")
    alert = page.locator(".inbox-item.unread")
    assert alert.count() == 1
    assert "Calificación nueva en el SAES" in alert.inner_text() and "BASES DE DATOS · P3: 9.5" in alert.inner_text()
    alert.locator("button").click()
    page.wait_for_load_state("networkidle")
    assert page.url.endswith("/campus/grades")
    assert "9.5" in page.locator("tr", has_text="BASES DE DATOS").inner_text()
    student.check("grade-alert-opened")

    page = student.visit("/campus/saes/availability")
    page.select_option("select[name=career]", "I")
    page.click("main form[role=search] button")
    page.wait_for_load_state("networkidle")
    assert "APRENDIZAJE DE MÁQUINA" in page.locator("#saes-availability").inner_text()
    student.check("availability")

    # Unlinking erases what Patio kept and the grades page reads the school's record again.
    page = student.visit("/campus/saes")
    page.click("form[action='/campus/saes/unlink'] button")
    # It asks first (confirm.js shows the confirmation page's question in a dialog).
    page.click("dialog [data-confirmation] button.danger")
    page.wait_for_load_state("networkidle")
    assert "Se borró todo lo que Patio guardaba de tu SAES." in page.content()
    page = student.visit("/campus/grades")
    assert page.locator("[data-source=saes]").count() == 0
    assert "Redes de Computadoras" in page.content()
    student.check("unlinked")
