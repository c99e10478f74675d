import Foundation
import Testing
import UpdateCheckTestSupport

@testable import JUnitReporter

@Suite struct JUnitTimeFormatTests {
    @Test(
        arguments: [
            (0, "0.000"), (0.0005, "0.001"), (0.0004, "0.000"), (1.5, "1.500"), (12.3456, "12.346"),
            (3600, "3600.000"), (-1, "0.000"), (.nan, "0.000"), (.infinity, "0.000"), (1e300, "999999999999.999"),
        ] as [(Double, String)])
    func secondsWithADotAndThreeDecimals(seconds: Double, expected: String) {
        #expect(JUnitTimeFormat.seconds(seconds) == expected)
    }

    @Test(
        arguments: [
            (0, "1970-01-01T00:00:00"), (951_782_400, "2000-02-29T00:00:00"),
            (1_709_164_799.999, "2024-02-28T23:59:59"),
            (-1, "1969-12-31T23:59:59"), (-0.5, "1969-12-31T23:59:59"), (1e20, "9999-12-31T23:59:59"),
            (-1e20, "0001-01-01T00:00:00"),
        ] as [(Double, String)])
    func utcTimestamps(seconds: Double, expected: String) {
        #expect(JUnitTimeFormat.timestamp(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func timestampsAgreeWithTheGregorianCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SeededGenerator(seed: 7)
        // 1600-01-01 to 9999-12-31: Foundation switches to the Julian calendar before 1582.
        let range: ClosedRange<Int64> = -11_676_096_000...253_402_300_799
        for _ in 0..<2000 {
            let seconds = range.lowerBound + Int64(generator.next() % UInt64(range.upperBound - range.lowerBound))
            let date = Date(timeIntervalSince1970: Double(seconds))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!,
                parts.minute!, parts.second!)
            #expect(JUnitTimeFormat.timestamp(date) == expected, "at \(seconds)")
        }
    }
}
