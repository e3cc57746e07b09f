// Every file of this target uses the shared harness (TestPatio, WebSession, request helpers).
@_exported import PatioServerTestSupport
@_exported import PatioTestSupport
