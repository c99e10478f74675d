import JUnitReporter

/// Draws a ``PlanPicture`` as a standalone SVG document: the old list on the
/// left, the new list on the right, kept items joined by lines (moves
/// highlighted), deleted, inserted and reloaded items coloured, a legend, and
/// the ordered calls listed underneath. A sectioned list draws each section
/// as a band headed by its ID and holding its items, coloured as items are
/// (a deleted section red, an inserted one green, a moved one orange, a
/// reloaded one blue), with kept sections joined header to header.
///
/// Every piece of text is made safe first (characters XML forbids become
/// visible escapes) and then escaped, so any ID or call renders as text.
package enum SVGPlanRenderer {
    /// Colours of the picture, shared with the legend.
    enum Palette {
        static let deletedFill = "#fde0dc"
        static let deletedStroke = "#c62828"
        static let insertedFill = "#e0f2e1"
        static let insertedStroke = "#2e7d32"
        static let movedStroke = "#ef6c00"
        static let movedFill = "#fff1e0"
        static let changedFill = "#e1ebfb"
        static let changedStroke = "#1565c0"
        static let keptFill = "#f5f5f5"
        static let keptStroke = "#9e9e9e"
        static let text = "#212121"
        static let faint = "#757575"
    }

    /// Layout constants, in pixels.
    enum Layout {
        static let margin = 20
        static let rowHeight = 26
        static let boxHeight = 20
        static let characterWidth = 8
        static let gap = 170
        static let lineHeight = 18
        static let longestLabel = 40
    }

    /// The SVG document of `picture`.
    package static func render(_ picture: PlanPicture) -> String {
        let labelWidth =
            min(Layout.longestLabel, max(6, (picture.old + picture.new).map { safe($0).count }.max() ?? 0))
        let indexWidth = String(max(picture.old.count, picture.new.count, 1) - 1).count
        let boxWidth = (labelWidth + indexWidth + 2) * Layout.characterWidth + 12
        let oldX = Layout.margin
        let newX = oldX + boxWidth + Layout.gap
        let listTop = 112
        let oldRow = rowNumbers(of: picture.oldBands, items: picture.old.count)
        let newRow = rowNumbers(of: picture.newBands, items: picture.new.count)
        let rows = max(picture.old.count + picture.oldBands.count, picture.new.count + picture.newBands.count)
        var callLines: [(text: String, kind: String)] = []
        let callCount = picture.batches.reduce(0) { $0 + $1.count }
        callLines.append(("calls (\(callCount), in order)", "heading"))
        if callCount == 0 { callLines.append(("no calls", "call")) }
        var number = 0
        for (index, batch) in picture.batches.enumerated() where !batch.isEmpty {
            if picture.batches.count > 1 { callLines.append(("batch \(index + 1)", "batch")) }
            for call in batch {
                number += 1
                callLines.append(("\(number). \(call)", "call"))
            }
        }
        for note in picture.notes { callLines.append((note, "note")) }
        let callsTop = listTop + rows * Layout.rowHeight + 24
        let longestCall = callLines.map { safe($0.text).count }.max() ?? 0
        let width = max(newX + boxWidth, Layout.margin + longestCall * Layout.characterWidth, 560) + Layout.margin
        let height = callsTop + callLines.count * Layout.lineHeight + Layout.margin

        var svg: [String] = []
        svg.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        svg.append(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="13">"#
        )
        svg.append("<title>\(escape(picture.title))</title>")
        svg.append(#"<rect width="100%" height="100%" fill="white"/>"#)
        svg.append(
            #"<text x="\#(Layout.margin)" y="30" font-size="15" font-weight="bold" fill="\#(Palette.text)">\#(escape(picture.title))</text>"#
        )
        svg += legend(y: 56)
        svg.append(
            #"<text x="\#(oldX)" y="\#(listTop - 14)" font-weight="bold" fill="\#(Palette.text)">old (\#(picture.old.count))</text>"#
        )
        svg.append(
            #"<text x="\#(newX)" y="\#(listTop - 14)" font-weight="bold" fill="\#(Palette.text)">new (\#(picture.new.count))</text>"#
        )

        func middle(_ row: Int) -> Int { listTop + row * Layout.rowHeight + Layout.boxHeight / 2 }
        // Bands, then lines, so that boxes are drawn over their ends.
        for (column, bands) in [(oldX, picture.oldBands), (newX, picture.newBands)] {
            for (index, band) in bands.enumerated() {
                svg += self.band(
                    band, x: column, top: listTop + (band.first + index) * Layout.rowHeight, width: boxWidth)
            }
        }
        let newBandOfID = Dictionary(
            picture.newBands.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        for (oldIndex, band) in picture.oldBands.enumerated() {
            guard let newIndex = newBandOfID[band.id] else { continue }
            let moved = band.kind.hasPrefix("moved")
            let (y1, y2) = (middle(band.first + oldIndex), middle(picture.newBands[newIndex].first + newIndex))
            let (x1, x2, bend) = (oldX + boxWidth + 4, newX - 4, Layout.gap / 2)
            let style =
                moved
                ? #"stroke="\#(Palette.movedStroke)" stroke-width="2.5" stroke-dasharray="6 3""#
                : #"stroke="\#(Palette.keptStroke)" stroke-width="1.2" stroke-dasharray="6 3""#
            svg.append(
                #"<path class="section-link\#(moved ? " moved" : "")" d="M \#(x1) \#(y1) C \#(x1 + bend) \#(y1), \#(x2 - bend) \#(y2), \#(x2) \#(y2)" fill="none" \#(style)/>"#
            )
        }
        for link in picture.links {
            let x1 = oldX + boxWidth
            let x2 = newX
            let (y1, y2) = (middle(oldRow[link.old]), middle(newRow[link.new]))
            let bend = Layout.gap / 2
            let style =
                link.moved
                ? #"stroke="\#(Palette.movedStroke)" stroke-width="2.5""#
                : #"stroke="\#(Palette.keptStroke)" stroke-width="1.2""#
            svg.append(
                #"<path class="link\#(link.moved ? " moved" : "")" d="M \#(x1) \#(y1) C \#(x1 + bend) \#(y1), \#(x2 - bend) \#(y2), \#(x2) \#(y2)" fill="none" \#(style)/>"#
            )
        }
        let linkOfOld = Dictionary(uniqueKeysWithValues: picture.links.map { ($0.old, $0) })
        let linkOfNew = Dictionary(uniqueKeysWithValues: picture.links.map { ($0.new, $0) })
        for (offset, id) in picture.old.enumerated() {
            svg.append(
                box(
                    id, index: offset, indexWidth: indexWidth, labelWidth: labelWidth, x: oldX,
                    y: listTop + oldRow[offset] * Layout.rowHeight, width: boxWidth,
                    kind: kind(of: linkOfOld[offset], deletedOrInserted: "deleted")))
        }
        for (offset, id) in picture.new.enumerated() {
            svg.append(
                box(
                    id, index: offset, indexWidth: indexWidth, labelWidth: labelWidth, x: newX,
                    y: listTop + newRow[offset] * Layout.rowHeight, width: boxWidth,
                    kind: kind(of: linkOfNew[offset], deletedOrInserted: "inserted")))
        }
        for (line, entry) in callLines.enumerated() {
            let y = callsTop + line * Layout.lineHeight
            let attributes: String
            switch entry.kind {
            case "heading": attributes = #"font-weight="bold" fill="\#(Palette.text)""#
            case "batch": attributes = #"font-style="italic" fill="\#(Palette.faint)""#
            case "note": attributes = #"fill="\#(Palette.deletedStroke)""#
            default: attributes = #"fill="\#(Palette.text)""#
            }
            svg.append(
                #"<text class="\#(entry.kind)" x="\#(Layout.margin)" y="\#(y)" \#(attributes)>\#(escape(entry.text))</text>"#
            )
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The row of each of `items` items: its offset in a flat list, below its
    /// section's header row (and those of the sections above) in a sectioned one.
    static func rowNumbers(of bands: [PlanPicture.Band], items: Int) -> [Int] {
        guard !bands.isEmpty else { return Array(0..<items) }
        var rows: [Int] = []
        rows.reserveCapacity(items)
        for (index, band) in bands.enumerated() {
            for offset in band.first..<(band.first + band.count) { rows.append(offset + index + 1) }
        }
        return rows
    }

    /// One section's band: a frame from its header row over its items, the
    /// section's ID in the header row, coloured by the band's kind.
    static func band(_ band: PlanPicture.Band, x: Int, top: Int, width: Int) -> [String] {
        let (fill, stroke): (String, String)
        switch band.kind {
        case "deleted": (fill, stroke) = (Palette.deletedFill, Palette.deletedStroke)
        case "inserted": (fill, stroke) = (Palette.insertedFill, Palette.insertedStroke)
        case "moved": (fill, stroke) = (Palette.movedFill, Palette.movedStroke)
        case "kept": (fill, stroke) = ("white", Palette.keptStroke)
        default:
            (fill, stroke) = (
                Palette.changedFill, band.kind.hasPrefix("moved") ? Palette.movedStroke : Palette.changedStroke
            )
        }
        let height = (band.count + 1) * Layout.rowHeight - (Layout.rowHeight - Layout.boxHeight) + 8
        let label = "§ " + safe(band.id)
        return [
            #"<g class="section \#(band.kind)"><rect x="\#(x - 5)" y="\#(top - 4)" width="\#(width + 10)" height="\#(height)" rx="6" fill="\#(fill)" fill-opacity="0.55" stroke="\#(stroke)" stroke-width="1.5"/><text x="\#(x + 2)" y="\#(top + Layout.boxHeight - 6)" font-weight="bold" fill="\#(Palette.text)">\#(escape(label, alreadySafe: true))</text></g>"#
        ]
    }

    /// The class of an item's box: `deleted`/`inserted` when it has no link,
    /// else `kept`, `moved`, `changed` or `moved changed`.
    static func kind(of link: PlanPicture.Link?, deletedOrInserted: String) -> String {
        guard let link else { return deletedOrInserted }
        switch (link.moved, link.changed) {
        case (false, false): return "kept"
        case (true, false): return "moved"
        case (false, true): return "changed"
        case (true, true): return "moved changed"
        }
    }

    /// One item's box: its offset in grey, then its ID.
    static func box(
        _ id: String, index: Int, indexWidth: Int, labelWidth: Int, x: Int, y: Int, width: Int, kind: String
    ) -> String {
        let (fill, stroke, strokeWidth): (String, String, String)
        switch kind {
        case "deleted": (fill, stroke, strokeWidth) = (Palette.deletedFill, Palette.deletedStroke, "1.5")
        case "inserted": (fill, stroke, strokeWidth) = (Palette.insertedFill, Palette.insertedStroke, "1.5")
        case "moved": (fill, stroke, strokeWidth) = (Palette.movedFill, Palette.movedStroke, "2.5")
        case "changed": (fill, stroke, strokeWidth) = (Palette.changedFill, Palette.changedStroke, "1.5")
        case "moved changed": (fill, stroke, strokeWidth) = (Palette.changedFill, Palette.movedStroke, "2.5")
        default: (fill, stroke, strokeWidth) = (Palette.keptFill, Palette.keptStroke, "1")
        }
        var label = safe(id)
        if label.count > labelWidth { label = String(label.prefix(labelWidth - 1)) + "…" }
        let textY = y + Layout.boxHeight - 6
        let labelX = x + 6 + (indexWidth + 1) * Layout.characterWidth
        return
            #"<g class="item \#(kind)"><rect x="\#(x)" y="\#(y)" width="\#(width)" height="\#(Layout.boxHeight)" rx="4" fill="\#(fill)" stroke="\#(stroke)" stroke-width="\#(strokeWidth)"/><text x="\#(x + 6)" y="\#(textY)" fill="\#(Palette.faint)">\#(index)</text><text x="\#(labelX)" y="\#(textY)" fill="\#(Palette.text)">\#(escape(label, alreadySafe: true))</text></g>"#
    }

    /// The legend: a swatch and a word for each kind of item and line.
    static func legend(y: Int) -> [String] {
        let entries: [(String, String, String)] = [
            ("kept", Palette.keptFill, Palette.keptStroke),
            ("moved", Palette.movedFill, Palette.movedStroke),
            ("deleted", Palette.deletedFill, Palette.deletedStroke),
            ("inserted", Palette.insertedFill, Palette.insertedStroke),
            ("reloaded", Palette.changedFill, Palette.changedStroke),
        ]
        var x = Layout.margin
        var parts: [String] = []
        for (word, fill, stroke) in entries {
            parts.append(
                #"<rect x="\#(x)" y="\#(y - 11)" width="14" height="14" rx="3" fill="\#(fill)" stroke="\#(stroke)" stroke-width="1.5"/>"#
            )
            parts.append(#"<text x="\#(x + 20)" y="\#(y)" fill="\#(Palette.text)">\#(word)</text>"#)
            x += 20 + (word.count + 3) * Layout.characterWidth
        }
        return parts
    }

    /// `text` with every character XML 1.0 forbids made visible, as JUnit
    /// reports do, and so are ESC (an ANSI colour stays as text rather than
    /// being removed, so `ESC[31ma` and `a` do not draw alike) and the
    /// characters a terminal would obey or not show (`JUnitText.terminalSafe(_:)`).
    static func safe(_ text: String) -> String {
        JUnitText.terminalSafe(text)
    }

    /// `text` made safe and escaped for element content and attribute values.
    static func escape(_ text: String, alreadySafe: Bool = false) -> String {
        var out = ""
        for character in alreadySafe ? text : safe(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
