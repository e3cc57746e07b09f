import Foundation
import HummingbirdTesting
import PatioModules
import Testing

/// What people type reaches pages as text, never as markup: every value written with `{{…}}` has its `&`, `<`, `>`,
/// `"` and `'` escaped, whatever characters follow them.
@Suite("Pages escape what people typed, even a quote a combining mark follows")
struct HTMLEscapingTests {
    @Test(
        """
        a name with a quote carrying a combining accent, and a tag, stays inside the value attribute of my account page and in the \
        heading as text: the quote is &quot; and the tag &lt;b&gt;
        """
    )
    func combiningMarksDoNotHideAQuote() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            // A quote and U+0301 make one grapheme cluster; escaping cluster by cluster misses the quote.
            let name = "Ana \"\u{301} autofocus onfocus=alert(1) x <b>Torres</b> & O'Neil"
            _ = try await patio.account("ana@test.patio", name: name)
            var browser = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            let page = String(buffer: try await browser.get("/account").body)
            let escaped = "Ana &quot;\u{301} autofocus onfocus=alert(1) x &lt;b&gt;Torres&lt;/b&gt; &amp; O&#39;Neil"
            #expect(page.contains("value=\"\(escaped)\""))
            #expect(!page.contains("\"\u{301}") && !page.contains("<b>Torres"))
        }
    }
}
