/// The renamings an exploration folds, acting on state keys and events: every
/// permutation of the records' states times every permutation of the values.
///
/// A renaming moves the state of the record at load position `k` (its
/// confirmed and visible values, phase and the ranks of the tickets it
/// holds, stale and earlier-session) to position `records[k]`, and replaces
/// every value `v` by `values[v]`. The display order, written as record
/// names, is kept: it is not a property of any one record. Ticket ranks are
/// global (order of issue) and move with their records unchanged, so a
/// renamed key is again a canonical key.
///
/// The representative of an orbit is its least key: with the records'
/// fields packed from bit 0, the least arrangement puts the largest field at
/// position 0 and the smallest at the last position.
struct SymmetryGroup: Sendable {
    /// One renaming: where each record's state moves, what each value becomes.
    struct Element: Equatable, Sendable {
        /// `records[k]`: the position the state at position `k` moves to.
        var records: [Int]
        /// `values[v]`: the value that replaces `v`.
        var values: [UInt8]
    }

    /// The number of records.
    let recordCount: Int
    /// The size of the value domain.
    let valueCount: Int
    /// Whether states are folded under renaming of records.
    let foldsRecords: Bool
    /// Every record permutation folded (just the identity when records are not).
    let recordPermutations: [[Int]]
    /// Every value permutation folded (just the identity when values are not).
    let valuePermutations: [[UInt8]]
    /// Per value permutation: the image of the 4 low bits of a record's field
    /// (confirmed, then visible).
    let valueTables: [[UInt64]]
    /// Every renaming, value permutations outermost.
    let elements: [Element]
    /// Per renaming: its value permutation's table.
    let elementTables: [[UInt64]]

    /// Bits per record field.
    static let fieldBits = StateCodec.recordBits
    /// The mask of one record field.
    static let fieldMask: UInt64 = (1 << StateCodec.recordBits) - 1

    /// Creates the group for `records` records with `values` values, folding `symmetry`.
    init(records: Int, values: Int, symmetry: ExplorerSymmetry) {
        recordCount = records
        valueCount = values
        foldsRecords = symmetry.contains(.records) && records > 1
        recordPermutations = foldsRecords ? StateCodec.permutations(of: Array(0..<records)) : [Array(0..<records)]
        valuePermutations =
            symmetry.contains(.values)
            ? StateCodec.permutations(of: Array(0..<values)).map { $0.map(UInt8.init) }
            : [(0..<values).map(UInt8.init)]
        valueTables = valuePermutations.map { Self.valueTable($0, values: values) }
        var elements: [Element] = []
        var elementTables: [[UInt64]] = []
        for (index, values) in valuePermutations.enumerated() {
            for records in recordPermutations {
                elements.append(Element(records: records, values: values))
                elementTables.append(valueTables[index])
            }
        }
        self.elements = elements
        self.elementTables = elementTables
    }

    /// The image of the 4 low bits of a record's field (confirmed, then
    /// visible) under the value permutation `permutation`.
    static func valueTable(_ permutation: [UInt8], values: Int) -> [UInt64] {
        (0..<16).map { bits -> UInt64 in
            let confirmed = bits & 3
            let visible = bits >> 2
            guard confirmed < values, visible < values else { return UInt64(bits) }
            return UInt64(permutation[confirmed]) | UInt64(permutation[visible]) << 2
        }
    }

    /// Whether every orbit is a single state (nothing is folded).
    var isTrivial: Bool { recordPermutations.count == 1 && valuePermutations.count == 1 }

    /// The number of renamings.
    var order: Int { recordPermutations.count * valuePermutations.count }

    /// The representative of the orbit of `key`: its least renaming.
    ///
    /// - Complexity: O(v!) for v values folded; the records are sorted, not permuted.
    @inline(__always)
    func canonical(_ key: UInt64) -> UInt64 {
        if isTrivial { return key }
        let bits = Self.fieldBits
        let rest = key >> (bits * UInt64(recordCount))
        var fields: (UInt64, UInt64, UInt64) = (key & Self.fieldMask, 0, 0)
        if recordCount > 1 { fields.1 = key >> bits & Self.fieldMask }
        if recordCount > 2 { fields.2 = key >> (2 * bits) & Self.fieldMask }
        var best = UInt64.max
        for table in valueTables {
            var first = fields.0 & ~15 | table[Int(fields.0 & 15)]
            var second = fields.1 & ~15 | table[Int(fields.1 & 15)]
            var third = fields.2 & ~15 | table[Int(fields.2 & 15)]
            if foldsRecords {
                // Largest field first (position 0), smallest last.
                if second > first { swap(&first, &second) }
                if recordCount > 2 {
                    if third > second { swap(&second, &third) }
                    if second > first { swap(&first, &second) }
                }
            }
            var candidate = first
            if recordCount > 1 { candidate |= second << bits }
            if recordCount > 2 { candidate |= third << (2 * bits) }
            candidate |= rest << (bits * UInt64(recordCount))
            best = min(best, candidate)
        }
        return best
    }

    /// The key of `key` renamed by ``elements``[`element`].
    ///
    /// - Complexity: O(r).
    @inline(__always)
    func image(_ key: UInt64, _ element: Int) -> UInt64 {
        let bits = Self.fieldBits
        let recordBits = bits * UInt64(recordCount)
        var result = (key >> recordBits) << recordBits
        let table = elementTables[element]
        let targets = elements[element].records
        for position in 0..<recordCount {
            let field = key >> (bits * UInt64(position)) & Self.fieldMask
            let renamed = field & ~15 | table[Int(field & 15)]
            result |= renamed << (bits * UInt64(targets[position]))
        }
        return result
    }

    /// The number of distinct states in the orbit of `key`.
    ///
    /// - Complexity: O(r! · v! · r) for the renamings folded (at most 36).
    func orbitSize(_ key: UInt64) -> Int {
        if isTrivial { return 1 }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: elements.count) { seen in
            var count = 0
            for element in elements.indices {
                let renamed = image(key, element)
                var known = false
                for index in 0..<count where seen[index] == renamed {
                    known = true
                    break
                }
                if !known {
                    seen[count] = renamed
                    count += 1
                }
            }
            return count
        }
    }

    /// A renaming that takes the state `from` to the state `to`, if one does.
    ///
    /// - Complexity: O(r! · v! · r).
    func element(from: UInt64, to: UInt64) -> Element? {
        elements.indices.first { image(from, $0) == to }.map { elements[$0] }
    }

    /// The event renamed by `element`: it addresses the renamed record with
    /// renamed values; a switch loads the renamed assignment; a reorder and a
    /// load for a session that is not newer stay as they are.
    ///
    /// - Complexity: O(r).
    func image(_ event: ExplorerEvent, _ element: Element) -> ExplorerEvent {
        let values = element.values
        switch event.kind {
        case .tap:
            return ExplorerEvent(.tap, record: element.records[event.record], value: values[Int(event.value)])
        case .finish:
            let carriesValue = event.outcomeIndex == 0 || event.outcomeIndex == 3
            return ExplorerEvent(
                .finish, record: element.records[event.record], slot: event.slot, outcome: UInt32(event.outcomeIndex),
                value: carriesValue ? values[Int(event.value)] : 0)
        case .cancel:
            return ExplorerEvent(.cancel, record: element.records[event.record], slot: event.slot)
        case .resync:
            return ExplorerEvent(
                .resync, record: element.records[event.record], slot: event.slot, value: values[Int(event.value)])
        case .switchSession:
            // Assignments are numbered with record 0's value most significant.
            var digits = [Int](repeating: 0, count: recordCount)
            var rest = event.index
            for position in (0..<recordCount).reversed() {
                digits[position] = rest % valueCount
                rest /= valueCount
            }
            var renamed = [Int](repeating: 0, count: recordCount)
            for position in 0..<recordCount { renamed[element.records[position]] = Int(values[digits[position]]) }
            return ExplorerEvent(.switchSession, index: renamed.reduce(0) { $0 * valueCount + $1 })
        case .staleSwitch, .reorder:
            return event
        }
    }
}
