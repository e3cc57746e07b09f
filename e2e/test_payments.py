"""InterPay: a business and a customer in two browsers; the business's screen changes the moment the
customer pays, without anyone reloading it."""
import re


def test_business_screen_updates_live_when_the_customer_pays(people):
    shop, customer = people("business"), people("customer")
    shop.sign_in("negocio@demo.patio")
    customer.sign_in("cliente@demo.patio")
    shop.visit("/payments/business")
    shop.page.fill("input[name=amount]", "125.50")
    shop.page.fill("input[name=description]", "Alebrije mediano")
    shop.page.click("form[action='/payments/business'] button[type=submit]")
    shop.page.wait_for_url(re.compile(r".*/payments/requests/[0-9A-F-]{36}$"))
    shop.page.wait_for_load_state("networkidle")
    shop.check("request")
    code = shop.page.locator("strong.big").inner_text().strip()
    assert re.fullmatch(r"\d{6}", code)

    customer.visit("/payments/wallet")
    customer.page.fill("input[name=code]", code)
    customer.page.locator("input[name=code]").press("Enter")
    customer.page.wait_for_url(re.compile(rf".*/payments/pay/{code}$"))
    customer.page.wait_for_load_state("networkidle")
    customer.check("pay")
    reloads = []
    shop.page.on("framenavigated", lambda frame: reloads.append(frame.url))
    customer.page.click("form[action$='/accept'] button")
    customer.page.wait_for_load_state("networkidle")
    customer.check("paid")

    # Nobody touches the business's page: its WebSocket hears the payment.
    shop.page.wait_for_selector("text=Pagado", timeout=10_000)
    shop.check("paid-live")
    assert shop.page.locator("text=Pagado con").count() == 1
