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

    /// An item at an index path of a request's plan: deleted from it or inserted at it.
    struct Placed {
        /// The item's number (its name, see ``name(_:)``).
        var name: Int
        /// The index path's section.
        var section: Int
        /// The index path's item.
        var item: Int
    }

    /// An item a plan keeps: its number, both index paths and its flags.
    struct Kept {
        /// The item's number (its name, see ``name(_:)``).
        var name: Int
        /// Where it is in the old snapshot.
        var from: (section: Int, item: Int)
        /// Where it is in the new snapshot.
        var to: (section: Int, item: Int)
        /// Whether the plan moves it.
        var moved: Bool
        /// Whether it is changed.
        var changed: Bool
    }

    /// Appends `"deleted":[…],"inserted":[…],"kept":[…]`: the items' fates
    /// that end the plan of a flat request (every path in section 0) and of a
    /// sectioned one alike.
    mutating func itemFates(
        deleted: some Sequence<Placed>, inserted: some Sequence<Placed>, kept: some Sequence<Kept>
    ) {
        /// Appends `[{"id":…,<place>[section,item]},…]`.
        func placed(_ items: some Sequence<Placed>, _ place: StaticString) {
            array(items) { line, item in
                line.text(#"{"id":"#)
                line.name(item.name)
                line.text(place)
                line.path(item.section, item.item)
                line.byte("}")
            }
        }
        text(#""deleted":"#)
        placed(deleted, #","from":"#)
        text(#","inserted":"#)
        placed(inserted, #","at":"#)
        text(#","kept":"#)
        array(kept) { line, item in
            line.text(#"{"id":"#)
            line.name(item.name)
            line.text(#","from":"#)
            line.path(item.from.section, item.from.item)
            line.text(#","to":"#)
            line.path(item.to.section, item.to.item)
            line.flags(moved: item.moved, changed: item.changed)
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
