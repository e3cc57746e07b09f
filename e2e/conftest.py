"""Browser end-to-end suite: a real `patio serve --demo` on a free loopback port with a temporary data
folder, driven by Debian's Chromium through Playwright. Every page visited through `visit` is
screenshotted into e2e/artifacts/ and scanned with axe-core; serious or critical violations fail the test."""
import os
import pathlib
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e" / "artifacts"
CHROMIUM = os.environ.get("PATIO_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
PASSWORD = "demo-password"
# axe-core's default rules, plus WCAG 2.2's target size (2.5.8, off by default in axe): a finger needs room.
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}


def _free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _patio_binary(name="patio"):
    """`patio`, or another program built beside it (`patio-fake-saes`)."""
    built = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return pathlib.Path(built.stdout.strip()) / name


@pytest.fixture(scope="session")
def fake_saes():
    """`patio-fake-saes` on a free port: the SAES portal the demo student links to."""
    port = _free_port()
    log = open(ARTIFACTS / "fake-saes.log", "w")
    process = subprocess.Popen([str(_patio_binary("patio-fake-saes")), "--port", str(port)], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{base}/_fake/captcha", timeout=1)
            break
        except Exception:
            time.sleep(0.2)
    else:
        process.terminate()
        raise RuntimeError("patio-fake-saes did not start; see e2e/artifacts/fake-saes.log")
    yield base
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture(scope="session")
def server(fake_saes):
    """One Patio with demo data for the whole suite; each test uses its own accounts or data. Campus reads
    SAES from the fake portal."""
    data = tempfile.mkdtemp(prefix="patio-e2e-")
    port = _free_port()
    log = open(ARTIFACTS / "server.log", "w")
    environment = dict(os.environ, PATIO_CAMPUS_SAES_PORTAL=fake_saes + "/{school}/")
    process = subprocess.Popen([str(_patio_binary()), "serve", "--demo", "--port", str(port), "--data-dir", data],
                               stdout=log, stderr=subprocess.STDOUT, env=environment)
    # Pages are opened at localhost: passkeys need a domain as relying party id, and Patio's default
    # origin is http://localhost:<port>.
    base = f"http://localhost:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            break
        except Exception:
            time.sleep(0.2)
    else:
        process.terminate()
        raise RuntimeError("patio serve did not start; see e2e/artifacts/server.log")
    yield base
    process.terminate()
    process.wait(timeout=30)
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="session", autouse=True)
def artifacts_folder():
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    ARTIFACTS.mkdir()
    yield


class Visitor:
    """A person in their own browser context (cookies, storage), on a phone-sized screen."""

    axe = Axe()
    scanned: list = []

    def __init__(self, browser, base, name, test):
        self.context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=base, locale="es-MX")
        self.page = self.context.new_page()
        self.base = base
        self.name = name
        self.test = test
        self.shots = 0

    def visit(self, path):
        """Opens `path`, then checks the page as it is."""
        self.page.goto(path)
        self.page.wait_for_load_state("networkidle")
        self.check()
        return self.page

    def check(self, label=None):
        """Screenshot and accessibility scan of the current page."""
        self.shots += 1
        slug = re.sub(r"[^a-z0-9]+", "-", (label or self.page.url.split("//", 1)[-1].split("/", 1)[-1] or "home").lower()).strip("-")[:60]
        self.page.screenshot(path=str(ARTIFACTS / f"{self.test}-{self.name}-{self.shots:02d}-{slug}.png"), full_page=True)
        results = self.axe.run(self.page, options=AXE_OPTIONS)
        serious = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
        Visitor.scanned.append(self.page.url.replace(self.base, ""))
        assert not serious, f"{self.page.url}: " + "; ".join(f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes, e.g. {v['nodes'][0]['html'][:120]})" for v in serious)

    def sign_in(self, email, password=PASSWORD):
        self.visit("/login")
        self.page.fill("input[name=email]", email)
        self.page.fill("input[name=password]", password)
        self.page.click("main button[type=submit]")
        self.page.wait_for_load_state("networkidle")

    def close(self):
        self.context.close()


@pytest.fixture
def people(browser, server, request):
    opened = []

    def person(name):
        visitor = Visitor(browser, server, name, request.node.name)
        opened.append(visitor)
        return visitor
    yield person
    for visitor in opened:
        visitor.close()


def pytest_terminal_summary(terminalreporter):
    if Visitor.scanned:
        pages = sorted({re.sub(r"[0-9A-Fa-f-]{36}|\d{6}", "{id}", url.split("?")[0]) for url in Visitor.scanned})
        terminalreporter.write_line(f"axe-core scanned {len(Visitor.scanned)} page views ({len(pages)} distinct pages): " + ", ".join(pages))
