import Foundation

/// Locale-independent formatting of the times and timestamps in a report.
///
/// No `printf`, `NumberFormatter` or `DateFormatter` is involved, so neither
/// the locale nor the time zone of the machine can change a digit.
public enum JUnitTimeFormat {
    /// The largest duration written, in milliseconds (about 31,700 years);
    /// longer durations are clamped to it.
    public static let maxMilliseconds: Int64 = 999_999_999_999_999

    /// `seconds` rounded to whole milliseconds; negative, NaN and infinite
    /// values count as 0, huge ones are clamped to ``maxMilliseconds``.
    @inlinable
    public static func milliseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        let scaled = (seconds * 1000).rounded(.toNearestOrAwayFromZero)
        return scaled >= Double(maxMilliseconds) ? maxMilliseconds : Int64(scaled)
    }

    /// Milliseconds as seconds with a `.` and exactly three decimals,
    /// e.g. `1234` → `1.234`, `5` → `0.005`.
    public static func seconds(milliseconds: Int64) -> String {
        withSeconds(milliseconds: milliseconds) { String(cString: $0) }
    }

    /// Calls `body` with ``seconds(milliseconds:)`` as a NUL-terminated
    /// string on the stack (no allocation, for the writer's hot path).
    @inlinable
    public static func withSeconds<Result>(
        milliseconds: Int64, _ body: (UnsafePointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var value = UInt64(min(max(milliseconds, 0), maxMilliseconds))
            var index = 23
            buffer[index] = 0
            var digits = 0
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                digits += 1
                if digits == 3 {
                    index -= 1
                    buffer[index] = UInt8(ascii: ".")
                }
            } while value > 0 || digits < 4
            return try body(UnsafePointer(buffer.baseAddress! + index))
        }
    }

    /// `seconds` rounded to milliseconds, as ``seconds(milliseconds:)`` writes it.
    @inlinable
    public static func seconds(_ seconds: Double) -> String {
        self.seconds(milliseconds: milliseconds(seconds))
    }

    /// `date` in UTC as `YYYY-MM-DDTHH:MM:SS` (fractions of a second dropped;
    /// dates outside the years 1 to 9999 are clamped to them).
    ///
    /// - Complexity: O(1): civil date from the day number, no calendar object.
    public static func timestamp(_ date: Date) -> String {
        let raw = date.timeIntervalSince1970
        let seconds: Int64 =
            raw.isNaN
            ? 0
            : raw <= Double(lowestSecond)
                ? lowestSecond : raw >= Double(highestSecond) ? highestSecond : Int64(raw.rounded(.down))
        return timestamp(seconds: seconds)
    }

    /// Seconds from 0001-01-01T00:00:00Z to 1970-01-01, and to 9999-12-31T23:59:59Z.
    private static let lowestSecond: Int64 = -62_135_596_800
    private static let highestSecond: Int64 = 253_402_300_799

    /// The seconds since 1970-01-01T00:00:00Z that ``timestamp(seconds:)``
    /// writes without clamping: the years 1 to 9999.
    static let representableSeconds = lowestSecond...highestSecond

    /// `seconds` since 1970-01-01T00:00:00Z as `YYYY-MM-DDTHH:MM:SS` (UTC),
    /// clamped to the years 1 to 9999.
    static func timestamp(seconds unclamped: Int64) -> String {
        let seconds = min(max(unclamped, lowestSecond), highestSecond)
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        // Days since 1970-01-01 to a proleptic Gregorian date (400-year eras).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
    }
}
