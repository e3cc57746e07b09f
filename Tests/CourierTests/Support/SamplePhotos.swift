import Foundation

/// Small real images for the photo tests (made with Pillow): a 40×30 JPEG whose Exif carries a GPS position
/// (Bogotá), the same picture as PNG, and as GIF (a format Courier refuses).
enum SamplePhotos {
    static let jpegWithLocation = decode([
        "/9j/4AAQSkZJRgABAQAAAQABAAD/4QCeRXhpZgAATU0AKgAAAAgAAgEPAAIAAAAKAAAAJoglAAQAAAABAAAAMAAAAABQYXRpb1Rl",
        "c3QAAAQAAQACAAAAAk4AAAAAAgAFAAAAAwAAAGYAAwACAAAAAlcAAAAABAAFAAAAAwAAAH4AAAAAAAAABAAAAAEAAAAkAAAAAQAA",
        "ACMAAAABAAAASgAAAAEAAAAEAAAAAQAAADYAAAAB/9sAQwAGBAUGBQQGBgUGBwcGCAoQCgoJCQoUDg8MEBcUGBgXFBYWGh0lHxob",
        "IxwWFiAsICMmJykqKRkfLTAtKDAlKCko/9sAQwEHBwcKCAoTCgoTKBoWGigoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo",
        "KCgoKCgoKCgoKCgoKCgoKCgo/8AAEQgAHgAoAwEiAAIRAQMRAf/EAB8AAAEFAQEBAQEBAAAAAAAAAAABAgMEBQYHCAkKC//EALUQ",
        "AAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNE",
        "RUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS",
        "09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+v/EAB8BAAMBAQEBAQEBAQEAAAAAAAABAgMEBQYHCAkKC//EALURAAIBAgQEAwQH",
        "BQQEAAECdwABAgMRBAUhMQYSQVEHYXETIjKBCBRCkaGxwQkjM1LwFWJy0QoWJDThJfEXGBkaJicoKSo1Njc4OTpDREVGR0hJSlNU",
        "VVZXWFlaY2RlZmdoaWpzdHV2d3h5eoKDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ",
        "2uLj5OXm5+jp6vLz9PX29/j5+v/aAAwDAQACEQMRAD8A8Ft9O6fLWnb6d04rft9O6fLWnb6d04r6WrjvM4cvzHbUwLfTunFadvp3",
        "T5a37fTuny1p2+ndOK82rjvM+3y/MdtTAt9O6fLRXZ2+ndPlorz5Y7Xc+voZj7m5iW+ndOK07fTunFbtvZLx0rTt7JeOlcVXGs/l",
        "3L8wehhW+ndPlrTt9O6fLW7b2S+1advZLx0rzKuNZ9tl+YPQw7fTuny0V19vZLx0orz5Y13PsKGYPkP/2Q==",
    ])
    static let png = decode([
        "iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAMElEQVR4nO3NsQkAIQDAwAiPOLLj/wh22lxIf6P2rPt/rZ4EBoPB",
        "YDAYDAaDweBzPyH1AsBLrILSAAAAAElFTkSuQmCC",
    ])
    static let gif = decode([
        "R0lGODdhKAAeAIcAAOTkeNjkeM/keNvYeMDkeLHkeLrYeOTMeNjMeM/MeMDMeLHMeKLkeJbkeI3keJnYeHvkeHvYeKLMeJbMeI3M",
        "eHvMeOS8eNi8eM+8eNuweNuoeMC8eLG8eLqweLqoeKK8eJa8eI28eJmweJmoeHu8eHuweHuoeOSceNiceM+ceNuQeNuIeMCceLGc",
        "eLqQeLqIeOR8eNh8eM98eNtweMB8eLF8eLpweKKceJaceI2ceJmQeJmIeHuceHuQeHuIeKJ8eJZ8eI18eJlweH58eHJ8eHtweGbk",
        "eFrkeFHkeF3YeELkeDbkeD/YeGbMeFrMeFHMeELMeDbMeCrkeBvkeCTYeAzkeADkeAnYeCrMeBvMeAnMeGa8eFq8eFG8eF2weF2o",
        "eD+8eD+weD+oeCq8eBu8eCSweCSoeAm8eAmweAmoeGaceFqceFGceF2QeF2IeD+ceD+QeD+IeGZ8eFp8eFF8eF1weEJ8eDZ8eD9w",
        "eCqceBuceCSQeCSIeAyceACceAmQeAmIeCp8eBt8eCRweAx8eAB8eAlweORkeNhkeM9keNtYeMBkeLFkeLpYeORMeNhMeM9MeMBM",
        "eLFMeOQ8eNg8eM88eNsweMA8eLE8eLoweKJkeJZkeI1keJlYeHtkeHtYeKJMeJZMeI1MeHtMeKI8eJY8eI08eJkweH48eHI8eHsw",
        "eOQkeNgkeM8keNsYeNsQeMAkeLEkeLoYeLoQeOQEeNgEeM8EeMAEeLEEeKIkeJYkeI0keJkYeJkQeH4keHIkeHsYeHsQeKIEeJYE",
        "eI0EeHsEeGZkeFpkeFFkeF1YeEJkeDZkeD9YeGZMeFpMeFFMeEJMeDZMeCpkeBtkeCRYeAxkeABkeAlYeCpMeBtMeAxMeABMeGY8",
        "eFo8eFE8eF0weEI8eDY8eD8weCo8eBs8eCQweAw8eAA8eAkweGYkeFokeFEkeF0YeF0QeD8keD8YeD8QeGYEeFoEeFEEeEIEeDYE",
        "eCokeBskeCQYeCQQeAkkeAkYeAkQeCoEeBsEeAkEeCwAAAAAKAAeAEAI/wD/Cfznz1+/g/XoKZw3T168h8UiFiNGbJiwi7hw3dpo",
        "y1YtWiDPmRtJjty4k+HAqfTmrRu3l6lQyTRlqhSpm5gwXdpZqRKlSUALERoqSFCgo3fsKKVDZ46cp0SGSA0SBMiPqzVq0NgqQ0YM",
        "GGDPiD1DhsyYs2DSgunShcuWtyTikggRAsSHuxw4bNiLAcMFC4D1CdZ37569w+4Su1u3Tl26x798Sd61S1euy7FiwdrcqhWrVaCt",
        "VRs9bZq008uUqUaG7Jix155ie+LEaZOm24wYLdqdKBGiQ8D99BmuR0+e42+Sv2HDZo2a5zyi88iRA8eN6y1asNieIgWKE+CtVP8Z",
        "P2WKlPNLlKhHguSIkfcQ4kNw4KABg/sFChDYL0BAAAAA8iMgP/kUWCA8CMIzTzsMthNPMBAGQ0wvFPYizCwYYmjLKxy+Qgs6IKJT",
        "zogjimOiON58o+I33KjioiqmnCLjKaRkYqONlViioyWTbKPNj9lkg82Q0UBj5DPPONPMkqM0OYooooQCypSSSBLJlZBA8ogjXBri",
        "pSGDhBkmHmTiQUcdaNYhRxFsFhGEEHAK8YMNdNIpwwx4zgDDH3z+sceff8IhKBxstGFoG2r0oGgPOejgqA43uCCppCmoYKkKJ6Ch",
        "KRpldNppGKCG0YUXpHqxRQmolhCCCKyK8EEHsML/ikEGtGZggRa4apFFFlj0GgUUwD7xhBNNFFvBsRVQQMEEEjS7wAIKRJtAAggc",
        "YO1ABBmEkEL0MOQQRBJRZBFGGnHkEUi07KPuPvi02+478L6zDjv0spMOMPgCswsv/PKSiywAA9yKKwS7sspghBmGmGKMOQaZZL5Q",
        "ZhlmmnHmGWiriESSSSipBA5LLsEkEyo02YSTTjz5BFSPP2oT5JDYFHlkkks24+STUU4JSpVXRpLlllxeI/Q11BRdNDNIM4NMMkwn",
        "Y8wnUH/CSSdUd6JJI1hjnYgiXCtyiGikmYaaasqw5hpsstFmG2668eYbcIcIRZRRSCllB1NOQSXVEFRZ2YWVVlx5BRYMgBQOCB+I",
        "Ix7H4nHQ4cbjbsjhw+Q+BLHD5Tv88MLmm8uwwucrwCAcccYhpxxzzkEnHXXWYacdd96Bd0IatKdhxu23i6G7GGx84fsXapggvAk5",
        "jGD8CDd4oLzyKWjgvAYnjEWWWWipxZZbcMlFl1146cWXX4DdmuuuvWLxa7DDFtsEssku26wEz0arwLTVWnvF/VdQob/+TPTPBBJJ",
        "CGASjBCBAkbAAQ9I4AMYYIAGNlAAA4jgAAAgHvKYBz3qUQJ73AMf+dDHPvjRD3/8AyAABAQAOw==",
    ])

    private static func decode(_ lines: [String]) -> [UInt8] {
        Array(Data(base64Encoded: lines.joined()) ?? Data())
    }
}
