/// The textual forms a JUnit report's attributes must have.
enum JUnitSyntax {
    /// Whether `text` is a whole number ≥ 0 (ASCII digits only).
    static func isCount(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The milliseconds of a `time` attribute: ASCII digits, optionally a `.`
    /// and more digits; `nil` for anything else (a `,` decimal point, a sign,
    /// an exponent, words).
    static func milliseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        }
        guard let seconds = Double(text) else { return nil }
        return JUnitTimeFormat.milliseconds(seconds)
    }

    /// Whether `text` is an ISO 8601 timestamp `YYYY-MM-DDTHH:MM:SS`,
    /// optionally followed by a fraction and a `Z` or `±HH:MM` zone, of a
    /// time a calendar has (``normalizedTimestamp(_:)`` reads it): not
    /// `2021-99-99T99:99:99` or year 0.
    static func isTimestamp(_ text: String) -> Bool {
        hasTimestampShape(text) && normalizedTimestamp(text) != nil
    }

    /// Whether `text` has the digits and separators of ``isTimestamp(_:)``.
    private static func hasTimestampShape(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
        guard bytes.count >= shape.count else { return false }
        for (byte, expected) in zip(bytes, shape) {
            if expected == UInt8(ascii: "d") {
                guard (0x30...0x39).contains(byte) else { return false }
            } else if byte != expected {
                return false
            }
        }
        var index = shape.count
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        let zone = bytes[index...]
        if zone.isEmpty || Array(zone) == [UInt8(ascii: "Z")] { return true }
        let offset = Array("+dd:dd".utf8)
        guard zone.count == offset.count, zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-") else {
            return false
        }
        return zip(zone.dropFirst(), offset.dropFirst()).allSatisfy { byte, expected in
            expected == UInt8(ascii: "d") ? (0x30...0x39).contains(byte) : byte == expected
        }
    }

    /// The seconds of a `time` attribute as other tools write it: decimals
    /// (`12`, `0.5`, `.5`, `5.`), e-notation (`4.5e-05`, `1E3`), a leading
    /// sign, and `,` between groups of three digits (`1,234.5`, as the
    /// Jenkins schema allows); `nil` for anything else (`1,5`, `NaN`, words).
    /// Negative values are returned as they are, and a number too large for
    /// a `Double` (`1e400`) as an infinity of its sign.
    static func lenientSeconds(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        // Thousands separators: every ',' must be followed by exactly three
        // digits and preceded by a digit.
        if bytes.contains(UInt8(ascii: ",")) {
            var cleaned: [UInt8] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    let before = index > 0 && isDigit(bytes[index - 1])
                    let group = bytes[(index + 1)...].prefix { isDigit($0) }.count
                    let end = index + 1 + group
                    guard before, group == 3, end == bytes.count || !isDigit(bytes[end]) else { return nil }
                } else {
                    cleaned.append(byte)
                }
                index += 1
            }
            guard !cleaned.contains(UInt8(ascii: "e")), !cleaned.contains(UInt8(ascii: "E")) else { return nil }
            bytes = cleaned
        }
        // sign? digits* ('.' digits*)? (e sign? digits+)? with a digit before the exponent.
        var index = 0
        func digits() -> Int {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            return index - start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var mantissa = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { return nil }
        }
        guard index == bytes.count, let value = Double(String(decoding: bytes, as: UTF8.self)), !value.isNaN
        else { return nil }
        return value
    }

    /// `text` as a UTC timestamp `YYYY-MM-DDTHH:MM:SS`, or `nil` when it is
    /// not a date and time this understands (see
    /// ``normalizedTimestampAndLeapSecond(_:)``).
    static func normalizedTimestamp(_ text: String) -> String? {
        normalizedTimestampAndLeapSecond(text)?.timestamp
    }

    /// `text` as a UTC timestamp `YYYY-MM-DDTHH:MM:SS`, and whether it was a
    /// leap second; `nil` when it is not a date and time this understands.
    ///
    /// Accepted: `YYYY-MM-DD`, then `T` or a space, `HH:MM:SS`, an optional
    /// fraction (dropped), then an optional zone: `Z`, ` UTC`/`UTC`/` GMT`,
    /// or an offset `±HH:MM`, `±HHMM`, `±HH` (applied, so the result is UTC).
    /// A time without a zone is taken as UTC. A leap second, second 60 of
    /// the last minute of a day in UTC (`2016-12-31T23:59:60Z`, or
    /// `2017-01-01T00:59:60+01:00`), is the second before it,
    /// `2016-12-31T23:59:59`, since `xs:dateTime` has no second 60. Times no
    /// calendar has (year 0, second 60 of another minute) and those outside
    /// the years 1 to 9999 once in UTC are `nil`, not clamped.
    static func normalizedTimestampAndLeapSecond(_ text: String) -> (timestamp: String, leapSecond: Bool)? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<(index + width)] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += width
            return value
        }
        func expect(_ characters: String) -> Bool {
            for character in characters.utf8 {
                if index < bytes.count, bytes[index] == character {
                    index += 1
                    return true
                }
            }
            return false
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("T "), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2),
            year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24,
            minute < 60, second <= 60
        else { return nil }
        if expect(".") {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return nil }
        }
        var offsetMinutes: Int64 = 0
        let zone = String(decoding: bytes[index...], as: UTF8.self)
        switch zone {
        case "", "Z", "z", "UTC", " UTC", "GMT", " GMT", " Z":
            break
        default:
            let trimmed = zone.hasPrefix(" ") ? Array(zone.utf8.dropFirst()) : Array(zone.utf8)
            guard let sign = trimmed.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            let rest = trimmed.dropFirst().filter { $0 != UInt8(ascii: ":") }
            guard rest.count == 2 || rest.count == 4, rest.allSatisfy(isDigit),
                trimmed.count == rest.count + 1 || (trimmed.count == 6 && trimmed[3] == UInt8(ascii: ":"))
            else { return nil }
            let digits = rest.map { Int64($0 - UInt8(ascii: "0")) }
            let hours = digits[0] * 10 + digits[1]
            let minutes = digits.count == 4 ? digits[2] * 10 + digits[3] : 0
            guard hours < 24, minutes < 60 else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        // Days from civil (proleptic Gregorian), then back through the
        // formatter once the instant is known to lie in the years 1 to 9999.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let leapSecond = second == 60
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetMinutes * 60
        guard JUnitTimeFormat.representableSeconds.contains(seconds) else { return nil }
        // Leap seconds are inserted after 23:59:59 UTC, and only there.
        if leapSecond, (seconds % 86_400 + 86_400) % 86_400 != 86_399 { return nil }
        return (JUnitTimeFormat.timestamp(seconds: seconds), leapSecond)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
