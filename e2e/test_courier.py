"""Controller APP: an agent starts a pickup, loses the connection, takes the parcel's photo and marks it
collected offline; when the connection returns the photo uploads once and the move is pushed, and
dispatch's board — open in another browser the whole time — shows the pickup collected without reloading."""
from test_onboarding import tiny_png


def test_a_pickup_collected_offline_reaches_dispatch_live(people, tmp_path):
    dispatch = people("dispatch")
    dispatch.sign_in("despacho@demo.patio")
    dispatch.visit("/courier/dispatch")

    agent = people("agent")
    agent.sign_in("mensajero@demo.patio")
    agent.visit("/courier")
    first = agent.page.locator("[data-pickup]").first
    pickup = first.get_attribute("data-pickup")
    agent.visit(f"/courier/pickups/{pickup}")
    agent.page.click("form[data-move='on_the_way'] button")
    agent.page.wait_for_selector("form[data-move='collected']", timeout=10_000)
    agent.check("on-the-way")
    dispatch.page.wait_for_selector(f"[data-board] [data-pickup='{pickup}'] [data-state='on_the_way']", timeout=15_000)

    agent.context.set_offline(True)
    agent.page.evaluate("window.dispatchEvent(new Event('offline'))")
    agent.page.set_input_files("[data-photo-input]", str(tiny_png(tmp_path / "parcel.png")))
    agent.page.wait_for_selector("[data-photo-status]:not(:empty)")
    agent.page.click("form[data-move='collected'] button")
    agent.page.wait_for_selector("[data-pending-status]:not([hidden])")
    agent.check("collected-offline")
    # Nothing has reached the server: the board still shows it on the way.
    assert dispatch.page.locator(f"[data-board] [data-pickup='{pickup}'] [data-state='on_the_way']").count() == 1

    agent.context.set_offline(False)
    agent.page.evaluate("window.dispatchEvent(new Event('online'))")
    dispatch.page.wait_for_selector(f"[data-board] [data-pickup='{pickup}'] [data-state='collected']", timeout=20_000)
    dispatch.check("board-live")
    agent.page.wait_for_selector("h1 [data-state='collected']", timeout=15_000)
    assert agent.page.locator("[data-photo-list] img").count() == 1
    agent.check("collected")

    # Dispatch opens the pickup: its photo and its history.
    dispatch.visit(f"/courier/pickups/{pickup}")
    assert dispatch.page.locator("[data-photo-list] img").count() == 1
    assert dispatch.page.locator("ol li").count() == 3


def test_every_courier_page_reads_well_on_a_phone(people):
    agent = people("agent-tour")
    agent.sign_in("mensajero@demo.patio")
    for path in ["/courier", "/courier/localities?q=bogota", "/courier/localities?open=1&allowed=1", "/courier/localities?q=zzzz", "/courier/tables", "/courier/photos"]:
        agent.visit(path)
    agent.page.click("[data-sync-tables]") if agent.page.locator("[data-sync-tables]").count() else None
    dispatch = people("dispatch-tour")
    dispatch.sign_in("despacho@demo.patio")
    for path in ["/courier/dispatch", "/courier/agents", "/courier/network"]:
        dispatch.visit(path)
