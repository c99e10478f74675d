import OptimisticState

/// Packs explorer states into canonical 64-bit keys and unpacks them into
/// real stores.
///
/// Canonical means: the tickets a state holds are renamed 1, 2, 3 … in the
/// order they were issued, and the store's ticket counter continues right
/// after them. The store compares tickets only for equality, by session,
/// and against its counter, so two states that differ only in ticket
/// numbers behave alike; renaming them makes them one state, and the search
/// reaches a fixed point instead of minting ever larger numbers.
///
/// Layout, 19 bits per record from bit 0: confirmed (2), visible (2),
/// phase (2), held ticket's rank (4) and session bit (1), stale
/// representative's rank (4), earlier-session representative's rank (4);
/// then the session bit and the index of the display order.
struct StateCodec {
    typealias Store = ExplorerState.Store

    /// Bits per record.
    static let recordBits: UInt64 = 19
    /// The first session; the second is the only other one.
    static let firstSession = Session(1)
    /// The session an account switch moves to.
    static let secondSession = Session(2)

    /// The number of records.
    let records: Int
    /// Every display order of the records, as load positions.
    let orders: [[Int]]
    /// A freshly loaded store of the first session (values all 0), whose
    /// ID list and index every decoded store shares.
    let template: Store
    /// The bit of the session field.
    let sessionShift: UInt64
    /// The first bit of the display-order field.
    let orderShift: UInt64

    /// Creates the codec for `records` records.
    init(records: Int) {
        self.records = records
        orders = Self.permutations(of: Array(0..<records))
        template = try! Store(
            session: Self.firstSession, loaded: (0..<records).map { LoadedRecord(UInt8($0), 0) })
        sessionShift = Self.recordBits * UInt64(records)
        orderShift = sessionShift + 1
    }

    /// Every permutation of `elements`, in lexicographic order of positions.
    static func permutations(of elements: [Int]) -> [[Int]] {
        guard elements.count > 1 else { return [elements] }
        var result: [[Int]] = []
        for (offset, first) in elements.enumerated() {
            var rest = elements
            rest.remove(at: offset)
            for tail in permutations(of: rest) { result.append([first] + tail) }
        }
        return result
    }

    /// The index of `rows` in ``orders``.
    @inline(__always)
    func orderIndex(_ rows: [Int]) -> Int {
        if records == 1 { return 0 }
        for index in orders.indices where orders[index] == rows { return index }
        preconditionFailure("the display order is not a permutation of the records")
    }

    /// The canonical key of `state`.
    ///
    /// - Complexity: O(r²) in the number of records (at most 3).
    @inline(__always)
    func key(of state: ExplorerState) -> UInt64 {
        let store = state.store
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 9) { serials in
            // The distinct serials held, sorted: their positions are the ranks.
            var count = 0
            func add(_ serial: UInt32) {
                guard serial != 0 else { return }
                var position = count
                while position > 0, serials[position - 1] > serial { position -= 1 }
                if position > 0, serials[position - 1] == serial { return }
                var move = count
                while move > position {
                    serials[move] = serials[move - 1]
                    move -= 1
                }
                serials[position] = serial
                count += 1
            }
            for position in 0..<records {
                add(store.states[position].ticket.serial)
                add(state.stale[position].serial)
                add(state.earlier[position].serial)
            }
            func rank(_ serial: UInt32) -> UInt64 {
                guard serial != 0 else { return 0 }
                var index = 0
                while serials[index] != serial { index += 1 }
                return UInt64(index + 1)
            }
            var key: UInt64 = 0
            for position in 0..<records {
                let record = store.states[position]
                var bits = UInt64(record.confirmed) | UInt64(record.visible) << 2
                bits |= UInt64(record.phaseKind.rawValue) << 4
                bits |= rank(record.ticket.serial) << 6
                bits |= (record.ticket.session == Self.secondSession ? 1 : 0) << 10
                bits |= rank(state.stale[position].serial) << 11
                bits |= rank(state.earlier[position].serial) << 15
                key |= bits << (Self.recordBits * UInt64(position))
            }
            key |= (store.session == Self.secondSession ? 1 : 0) << sessionShift
            key |= UInt64(orderIndex(store.rows)) << orderShift
            return key
        }
    }

    /// The state with canonical key `key`: a real store whose tickets are
    /// numbered by rank and whose counter continues after the highest.
    ///
    /// - Complexity: O(r).
    @inline(__always)
    func state(for key: UInt64) -> ExplorerState {
        var store = template
        let session = key >> sessionShift & 1 == 1 ? Self.secondSession : Self.firstSession
        store._session = session
        var states: [RecordState<UInt8>] = []
        states.reserveCapacity(records)
        var result = ExplorerState(store: template)
        var highest: UInt64 = 0
        for position in 0..<records {
            let bits = key >> (Self.recordBits * UInt64(position))
            let held = bits >> 6 & 15
            let stale = bits >> 11 & 15
            let earlier = bits >> 15 & 15
            highest = max(highest, held, stale, earlier)
            let heldSession = bits >> 10 & 1 == 1 ? Self.secondSession : Self.firstSession
            states.append(
                RecordState(
                    confirmed: UInt8(bits & 3), visible: UInt8(bits >> 2 & 3),
                    phaseKind: PhaseKind(rawValue: UInt8(bits >> 4 & 3))!,
                    ticket: held == 0 ? .none : Ticket(session: heldSession, serial: UInt32(held))))
            if stale != 0 { result.stale[position] = Ticket(session: session, serial: UInt32(stale)) }
            if earlier != 0 {
                result.earlier[position] = Ticket(session: Self.firstSession, serial: UInt32(earlier))
            }
        }
        store.states = states
        store.nextSerial = UInt32(highest) + 1
        store.rows = orders[Int(key >> orderShift)]
        result.store = store
        return result
    }
}
