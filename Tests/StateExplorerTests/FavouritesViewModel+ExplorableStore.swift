import OptimisticState

/// The glue of the worked example: each event of the store protocol is one
/// call of the view model; the request numbers are the tokens.
extension FavouritesViewModel: ExplorableStore {
    init(session: Session, loading records: [LoadedRecord<String, Bool>]) {
        self.init(account: Int(session.rawValue), favourites: records.map { ($0.id, $0.value) })
    }

    mutating func tap(_ record: String, to value: Bool) -> Int? { tapFavourite(record, to: value) }

    mutating func answerWrite(_ request: Int, of record: String, with outcome: Outcome<Bool>) -> Int? {
        let result: WriteResult =
            switch outcome {
            case .confirmed(let value): .saved(value)
            case .rejected: .refused
            case .uncertain: .timedOut
            case .conflict(let value): .conflict(value)
            }
        return writeFinished(record, request: request, result: result)
    }

    mutating func cancelRequest(_ request: Int, of record: String) -> Int? {
        requestCancelled(record, request: request)
    }

    mutating func answerReread(_ request: Int, of record: String, with value: Bool) {
        rereadFinished(record, request: request, value: value)
    }

    mutating func switchSession(to session: Session, loading records: [LoadedRecord<String, Bool>]) {
        signedIn(account: Int(session.rawValue), favourites: records.map { ($0.id, $0.value) })
    }

    mutating func reorder(to order: [String]) { sorted(order) }

    var session: Session { Session(UInt32(account)) }

    var displayOrder: [String] { order }

    func state(of record: String) -> ObservedRecord<Bool>? {
        guard let row = rows[record] else { return nil }
        let phase: PhaseKind =
            switch row.status {
            case .idle: .idle
            case .saving: .saving
            case .rereading: .needsSync
            }
        return ObservedRecord(confirmed: row.server, visible: row.shown, phase: phase)
    }
}
