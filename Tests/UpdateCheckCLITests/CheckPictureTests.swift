import Foundation
import Testing

@testable import UpdateCheckCLI

/// The SVG pictures of update plans (`plan --format svg`, failing adapter
/// cases of `check`): what is drawn, escaping, and that librsvg renders them.
@Suite struct CheckPictureTests {
    /// The article's mixed case with `a` changed: b deleted, d inserted, c moved, a reloaded.
    static let mixed = PlanPicture(
        title: "[a, b, c] → [c, a, d]", old: ["a", "b", "c"], new: ["c", "a", "d"], changed: ["a"],
        batches: [["deleteItems([0-1])", "insertItems([0-2])", "moveItem(0-2, 0-0)"], ["reloadItems([0-1])"]])

    static func count(_ text: String, in svg: String) -> Int {
        svg.components(separatedBy: text).count - 1
    }

    /// Renders `svg` to PNG with rsvg-convert and returns the PNG's bytes.
    static func rendered(_ svg: String) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("plan.svg")
        let output = folder.appendingPathComponent("plan.png")
        try Data(svg.utf8).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsvg-convert", "--format", "png", "--output", output.path, input.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "rsvg-convert (Scripts/install-deps installs it): \(message)")
        return (try? Data(contentsOf: output)) ?? Data()
    }

    @Test func theMixedCaseJoinsKeptItemsAndColoursTheRest() {
        let picture = Self.mixed
        #expect(
            picture.links == [
                .init(old: 2, new: 0, moved: true, changed: false), .init(old: 0, new: 1, moved: false, changed: true),
            ])
        #expect(picture.deleted == [1])
        #expect(picture.inserted == [2])
        let svg = SVGPlanRenderer.render(picture)
        #expect(Self.count(#"<g class="item deleted">"#, in: svg) == 1)
        #expect(Self.count(#"<g class="item inserted">"#, in: svg) == 1)
        #expect(Self.count(#"<g class="item moved">"#, in: svg) == 2)
        #expect(Self.count(#"<g class="item changed">"#, in: svg) == 2)
        #expect(Self.count(#"<path class="link moved""#, in: svg) == 1)
        #expect(Self.count(#"<path class="link""#, in: svg) == 1)
        #expect(svg.contains(#">calls (4, in order)</text>"#))
        #expect(svg.contains(#">batch 2</text>"#))
        #expect(svg.contains(#">4. reloadItems([0-1])</text>"#))
        #expect(svg.contains("<title>[a, b, c] → [c, a, d]</title>"))
    }

    /// Markup is escaped, and controls are drawn as escapes (ANSI colours
    /// too), so that two different IDs never draw alike.
    @Test func everyTextIsEscaped() throws {
        let odd = "<b>&\"'\u{1B}[31m]]>\u{7}"
        let picture = PlanPicture(
            title: "title \(odd)", old: [odd, "x"], new: ["x", odd], changed: [], batches: [["call(\(odd))"]],
            notes: ["note \(odd)"])
        let svg = SVGPlanRenderer.render(picture)
        #expect(!svg.contains("<b>"))
        #expect(!svg.contains("\u{1B}"))
        #expect(!svg.contains("\u{7}"))
        #expect(svg.contains("&lt;b&gt;&amp;&quot;&apos;"))
        #expect(svg.contains("]]&gt;"))
        // An ANSI colour is drawn as its escape, not removed: `ESC[31ma` and `a` differ.
        #expect(svg.contains(#"&apos;\u{1B}[31m]]&gt;\u{7}"#))
        #expect(Self.count("<text", in: svg) == Self.count("</text>", in: svg))
        let png = try Self.rendered(svg)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func duplicateIDsAreDrawnWithoutLinksAndNamed() {
        let picture = PlanPicture(title: "dup", old: ["a", "a"], new: ["a"], changed: [], batches: [])
        #expect(picture.links.isEmpty)
        #expect(picture.notes == [#"The old snapshot has 1 duplicate ID: "a" at offsets 0, 1."#])
        let svg = SVGPlanRenderer.render(picture)
        #expect(svg.contains(">no calls</text>"))
    }

    @Test func rsvgRendersThePictureAtItsSize() throws {
        let svg = SVGPlanRenderer.render(Self.mixed)
        let png = try Self.rendered(svg)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        guard png.count > 24 else { return }
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let declared = try #require(svg.firstMatch(of: /<svg [^>]*width="(\d+)" height="(\d+)"/))
        #expect(width == Int(declared.1))
        #expect(height == Int(declared.2))
    }
}

/// `updatecheck plan OLD NEW --format svg` end to end: the article's mixed
/// case for UIKit, drawn and rendered.
@Suite struct CheckPlanPictureTests {
    @Test func planDrawsTheArticleCaseAsSVG() throws {
        let files = try DiffTestFiles()
        try files.write("old.json", #"[{"id": "a", "title": "A"}, "b", "c"]"#)
        try files.write("new.json", #"["c", {"id": "a", "title": "A!"}, "d"]"#)
        let result = try files.run(["plan", "old.json", "new.json", "--adapter", "uikit", "--format", "svg"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let svg = result.stdout
        #expect(svg.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(svg.contains("<title>uikit: old.json -&gt; new.json</title>"))
        #expect(CheckPictureTests.count(#"<g class="item deleted">"#, in: svg) == 1)
        #expect(CheckPictureTests.count(#"<g class="item inserted">"#, in: svg) == 1)
        #expect(CheckPictureTests.count(#"<g class="item moved">"#, in: svg) == 2)
        #expect(CheckPictureTests.count(#"<g class="item changed">"#, in: svg) == 2)
        #expect(svg.contains(">1. deleteItems(at: [[0, 1]])</text>"))
        let png = try CheckPictureTests.rendered(svg)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
