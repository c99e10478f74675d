/// A request line being written, byte by byte: the JSON of the adapter
/// protocol's requests, flat and sectioned, with IDs named as the protocol
/// names them — items `a` … `z`, then `x26`, `x27`, …; sections `S` … `Z`,
/// then `S8`, `S9`, ….
struct RequestWriter {
    /// The line so far.
    var bytes: [UInt8] = []

    /// An empty line with room for `capacity` bytes.
    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends `part` as it is.
    mutating func text(_ part: StaticString) {
        part.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends one ASCII character.
    mutating func byte(_ character: Unicode.Scalar) { bytes.append(UInt8(ascii: character)) }

    /// Appends a whole number.
    mutating func number(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    /// Appends the quoted name of item `id`: `"a"`, or `"x26"` from 26 on.
    mutating func name(_ id: Int) {
        byte("\"")
        if id >= 0, id < 26 {
            bytes.append(UInt8(97 + id))
        } else {
            byte("x")
            number(id)
        }
        byte("\"")
    }

    /// Appends the quoted name of section `number`: `"S"` … `"Z"`, or `"S8"` from 8 on.
    mutating func sectionName(_ number: Int) {
        byte("\"")
        if number >= 0, number < 8 {
            bytes.append(UInt8(ascii: "S") + UInt8(number))
        } else {
            byte("S")
            self.number(number)
        }
        byte("\"")
    }

    /// Appends the index path `[section,item]`.
    mutating func path(_ section: Int, _ item: Int) {
        byte("[")
        number(section)
        byte(",")
        number(item)
        byte("]")
    }

    /// Appends `,"moved":…,"changed":…}`: the flags that end a kept item or section.
    mutating func flags(moved: Bool, changed: Bool) {
        text(moved ? #","moved":true"# : #","moved":false"#)
        text(changed ? #","changed":true}"# : #","changed":false}"#)
    }

    /// An index path of a request's plan: section, item.
    typealias Path = (Int, Int)

    /// Appends `"deleted":[…],"inserted":[…],"kept":[…]`: the items' fates
    /// that end a flat plan (every path in section 0) and a sectioned one
    /// alike, each item by its number (see ``name(_:)``) and index paths.
    mutating func itemFates(
        deleted: some Sequence<(Int, Path)>, inserted: some Sequence<(Int, Path)>,
        kept: some Sequence<(Int, Path, Path, moved: Bool, changed: Bool)>
    ) {
        /// Appends `[{"id":…,<place>[section,item]},…]`.
        func placed(_ items: some Sequence<(Int, Path)>, _ place: StaticString) {
            array(items) { line, item in
                line.text(#"{"id":"#)
                line.name(item.0)
                line.text(place)
                line.path(item.1.0, item.1.1)
                line.byte("}")
            }
        }
        text(#""deleted":"#)
        placed(deleted, #","from":"#)
        text(#","inserted":"#)
        placed(inserted, #","at":"#)
        text(#","kept":"#)
        array(kept) { line, item in
            let (name, from, to, moved, changed) = item
            line.text(#"{"id":"#)
            line.name(name)
            line.text(#","from":"#)
            line.path(from.0, from.1)
            line.text(#","to":"#)
            line.path(to.0, to.1)
            line.flags(moved: moved, changed: changed)
        }
    }

    /// Appends `[…]`, each of `elements` written by `element`, commas between them.
    mutating func array<Elements: Sequence>(
        _ elements: Elements, _ element: (inout RequestWriter, Elements.Element) -> Void
    ) {
        byte("[")
        var first = true
        for item in elements {
            if !first { byte(",") }
            first = false
            element(&self, item)
        }
        byte("]")
    }

    /// Appends the list of the whole numbers `values`.
    mutating func numbers(_ values: some Sequence<Int>) {
        array(values) { line, value in line.number(value) }
    }

    /// Appends the list of the items `ids`, named.
    mutating func names(_ ids: some Sequence<Int>) {
        array(ids) { line, id in line.name(id) }
    }

    /// Appends a snapshot as sections, `[{"section":"S","items":["a",…]},…]`:
    /// each of `sections` named by the number `section` gives it, its items
    /// by the numbers `items` gives.
    mutating func sections<Sections: Sequence, Items: Sequence<Int>>(
        _ sections: Sections, section: (Sections.Element) -> Int, items: (Sections.Element) -> Items
    ) {
        array(sections) { line, element in
            line.text(#"{"section":"#)
            line.sectionName(section(element))
            line.text(#","items":"#)
            line.names(items(element))
            line.byte("}")
        }
    }

    /// The section numbered by `name` (`S` is 0, `S8` is 8), or `nil` for a
    /// name this writer does not write.
    static func section(named name: String) -> Int? {
        let utf8 = Array(name.utf8)
        if utf8.count == 1, utf8[0] >= UInt8(ascii: "S"), utf8[0] <= UInt8(ascii: "Z") {
            return Int(utf8[0] - UInt8(ascii: "S"))
        }
        guard utf8.first == UInt8(ascii: "S"), let number = Int(name.dropFirst()), number >= 8,
            String(number) == name.dropFirst()
        else { return nil }
        return number
    }
}
