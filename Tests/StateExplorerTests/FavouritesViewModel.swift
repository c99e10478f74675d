/// The worked example of the article "Exploring your own store": a
/// deliberately simple view-model-style store for a list of favourite
/// buttons, written the way an app team would write it, with no UpdateCheck
/// types at all.
struct FavouritesViewModel: Hashable, Sendable {
    /// What a row is doing.
    enum Status: Hashable, Sendable {
        case idle
        /// A write is in flight.
        case saving(request: Int)
        /// A write's outcome is unknown; a re-read is in flight.
        case rereading(request: Int)
    }

    /// One favourite button.
    struct Row: Hashable, Sendable {
        /// What the server last said.
        var server: Bool
        /// What the button shows.
        var shown: Bool
        var status: Status
    }

    /// How a write ended.
    enum WriteResult: Hashable, Sendable {
        case saved(Bool)
        case refused
        case timedOut
        case conflict(Bool)
    }

    private(set) var account: Int
    private(set) var rows: [String: Row] = [:]
    private(set) var order: [String] = []
    /// The last request number handed out; never reset, so an answer from
    /// before an account switch matches no row.
    private var lastRequest = 0

    init(account: Int, favourites: [(id: String, isFavourite: Bool)]) {
        self.account = account
        load(favourites)
    }

    private mutating func load(_ favourites: [(id: String, isFavourite: Bool)]) {
        rows = [:]
        for favourite in favourites {
            rows[favourite.id] = Row(server: favourite.isFavourite, shown: favourite.isFavourite, status: .idle)
        }
        order = favourites.map(\.id)
    }

    private mutating func nextRequest() -> Int {
        lastRequest += 1
        return lastRequest
    }

    /// The user tapped the button: show the new value and send a write,
    /// unless the row is busy.
    mutating func tapFavourite(_ id: String, to value: Bool) -> Int? {
        guard var row = rows[id], row.status == .idle else { return nil }
        let request = nextRequest()
        row.shown = value
        row.status = .saving(request: request)
        rows[id] = row
        return request
    }

    /// The write `request` ended; returns the re-read to send after a timeout.
    mutating func writeFinished(_ id: String, request: Int, result: WriteResult) -> Int? {
        guard var row = rows[id], row.status == .saving(request: request) else { return nil }
        var reread: Int?
        switch result {
        case .saved(let value), .conflict(let value):
            row.server = value
            row.shown = value
            row.status = .idle
        case .refused:
            row.shown = row.server
            row.status = .idle
        case .timedOut:
            row.shown = row.server
            reread = nextRequest()
            row.status = .rereading(request: reread!)
        }
        rows[id] = row
        return reread
    }

    /// The user (or the app) cancelled `request`: the server may have applied
    /// it, so the row re-reads.
    mutating func requestCancelled(_ id: String, request: Int) -> Int? {
        guard var row = rows[id] else { return nil }
        switch row.status {
        case .saving(request), .rereading(request):
            let reread = nextRequest()
            row.shown = row.server
            row.status = .rereading(request: reread)
            rows[id] = row
            return reread
        default:
            return nil
        }
    }

    /// The re-read `request` answered with the server's value.
    mutating func rereadFinished(_ id: String, request: Int, value: Bool) {
        guard var row = rows[id], row.status == .rereading(request: request) else { return }
        row.server = value
        row.shown = value
        row.status = .idle
        rows[id] = row
    }

    /// Another account signed in; an account that is not newer is ignored.
    mutating func signedIn(account: Int, favourites: [(id: String, isFavourite: Bool)]) {
        guard account > self.account else { return }
        self.account = account
        load(favourites)
    }

    /// The list was sorted or filtered.
    mutating func sorted(_ ids: [String]) {
        guard ids.count == order.count, Set(ids) == Set(order) else { return }
        order = ids
    }
}
