"""Campus: the teacher captures a partial inside its window; the student sees it with the new average, opens
the weekly grid, downloads the schedule receipt (a PDF), and reads the kardex again with the device offline."""


def test_a_captured_partial_reaches_the_student_who_then_reads_the_kardex_offline(people, tmp_path):
    teacher = people("teacher")
    teacher.sign_in("docente@demo.patio")
    teacher.visit("/campus")
    teacher.page.click("text=Redes de Computadoras")
    teacher.page.wait_for_load_state("networkidle")
    teacher.check("group")
    cell = teacher.page.get_by_label("Ana Sofía Martínez López · 2o parcial")
    assert cell.get_attribute("readonly") is None
    assert teacher.page.get_by_label("Ana Sofía Martínez López · 1er parcial").get_attribute("readonly") is not None
    cell.fill("7")
    teacher.page.click("main form button")
    teacher.page.wait_for_load_state("networkidle")
    assert teacher.page.get_by_label("Ana Sofía Martínez López · 2o parcial").input_value() == "7"
    teacher.check("captured")

    student = people("student")
    student.sign_in("estudiante@demo.patio")
    student.visit("/campus")
    page = student.visit("/campus/grades")
    row = page.locator("tr", has_text="Redes de Computadoras")
    assert "7" in row.inner_text()
    assert row.locator("[data-average]").inner_text().strip() == "8.00"

    page = student.visit("/campus/schedule")
    assert page.locator(".schedule-block").count() >= 15
    with page.expect_download() as download:
        page.click("a[href='/campus/schedule/receipt.pdf']")
    receipt = tmp_path / "horario.pdf"
    download.value.save_as(receipt)
    assert receipt.read_bytes().startswith(b"%PDF-")

    page = student.visit("/campus/kardex")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    updated = page.locator("[data-updated]").inner_text()

    student.context.set_offline(True)
    page.reload()
    page.wait_for_selector("text=Cálculo Aplicado")
    assert page.locator("[data-updated]").inner_text() == updated
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    assert page.locator("[data-offline-notice]").is_visible()
    student.check("kardex-offline")
    student.context.set_offline(False)


# A 2×1 RGBA PNG.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000010806000000f4227f8a0000000e49444154789c63a897b5ff0f020015"
    "3705d753d757bd0000000049454e44ae426082")


def test_school_services_give_a_student_a_photo_and_a_kardex_line_from_the_browser(people, tmp_path):
    admin = people("school-services")
    admin.sign_in("admin@demo.patio")
    page = admin.visit("/campus/admin/students?q=2022630101")
    page.click("text=Ana Sofía Martínez López")
    page.wait_for_load_state("networkidle")
    admin.check("student")
    assert page.locator("text=Todavía no hay fotografía.").is_visible()

    photo = tmp_path / "ana.png"
    photo.write_bytes(PNG)
    with page.expect_navigation():
        page.set_input_files("[data-photo-input]", str(photo))
    page.wait_for_load_state("networkidle")
    image = page.locator("img[src$='/photo']")
    assert image.is_visible() and image.evaluate("img => img.naturalWidth") == 2

    page.fill("input[name=clave]", "C601")
    page.fill("input[name=date]", "2026-06-20")
    page.fill("input[name=period]", "2026/1")
    page.select_option("select[name=evaluation]", "ETS")
    page.fill("input[name=grade]", "8.5")
    page.click("text=Agregar línea al kárdex >> nth=-1")
    page.wait_for_load_state("networkidle")
    assert page.locator("text=Se agregó Sistemas Distribuidos al kárdex.").is_visible()
    assert page.locator("tr", has_text="Sistemas Distribuidos").inner_text().count("8.5") == 1
    admin.check("kardex-line")
