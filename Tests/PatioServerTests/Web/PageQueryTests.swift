import PatioTestSupport
import PatioWeb
import Testing

@Suite("Page queries: what a person typed comes back as typed")
struct PageQueryTests {
    @Test("a plus between words is a space, as browsers send a search; %2B is a plus and %20 a space")
    func plusIsASpace() {
        #expect(URLQuery.decode("santa+marta") == "santa marta")
        #expect(URLQuery.decode("sistemas+operativos") == "sistemas operativos")
        #expect(URLQuery.decode("santa%20marta") == "santa marta")
        #expect(URLQuery.decode("c%2B%2B") == "c++")
        #expect(URLQuery.decode("Bogot%C3%A1+D.C.") == "Bogotá D.C.")
        #expect(URLQuery.decode("caf%c3%a9") == "café")
    }

    @Test("an escape that names no byte is kept as typed, and bytes that are not UTF-8 read as the replacement character")
    func malformedEscapes() {
        #expect(URLQuery.decode("100%") == "100%")
        #expect(URLQuery.decode("50%+off") == "50% off")
        #expect(URLQuery.decode("%zz") == "%zz")
        #expect(URLQuery.decode("%4") == "%4")
        #expect(URLQuery.decode("%%41") == "%A")
        #expect(URLQuery.decode("%FF") == "\u{FFFD}")
        #expect(URLQuery.decode("") == "")
    }

    @Test("a query's fields: names and values decoded alike, repeated names in order, a name without = is empty")
    func fields() {
        let fields = URLQuery.fields("q=santa+marta&open=1&q=c%2B%2B&solo&=x&&caf%C3%A9=s%C3%AD")
        #expect(fields["q"] == ["santa marta", "c++"])
        #expect(fields["open"] == ["1"] && fields["solo"] == [""] && fields[""] == ["x"] && fields["café"] == ["sí"])
        #expect(FormBody(encoded: "q=+santa++marta+").text("q") == "santa  marta")
    }

    @Test("any text written into a link by URLQuery.value reads back as the same text, spaces sent as %20 or as +")
    func roundTrip() {
        var fuzz = FuzzInputs(seed: 2_026)
        for text in fuzz.strings(2_000) + ["santa marta", "a+b", "100%", "&q=1", "#", "é 🙂", " "] {
            let encoded = URLQuery.value(text)
            #expect(URLQuery.decode(encoded) == text, "\(encoded)")
            #expect(URLQuery.decode(encoded.replacingOccurrences(of: "%20", with: "+")) == text, "\(encoded)")
            #expect(URLQuery.fields("q=\(encoded)&next=1")["q"] == [text])
        }
    }

    @Test("hostile queries, random bytes and mutations of a real one, decode to some text and never stop the process")
    func hostileQueries() {
        var fuzz = FuzzInputs(seed: 11)
        let texts =
            fuzz.bytes(1_000, maxLength: 80).map { String(decoding: $0, as: UTF8.self) }
            + fuzz.mutations(of: "q=santa+marta&open=1&cursor=%C3%A1", 1_000)
        for text in texts {
            _ = URLQuery.fields(text)
            _ = URLQuery.decode(text)
        }
    }
}
