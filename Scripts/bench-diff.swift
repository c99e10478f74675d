// The UpdateCheckDiff benchmark, compiled and driven by Scripts/bench-diff against
// the release build of UpdateCheckDiff. Subcommands:
//
//   time [runs] [--sizes a,b] [--no-stdlib]
//                                     speed table: diff and diff+verify vs. the Dictionary
//                                     floor and the standard library, median of `runs` (>= 5)
//   exhaustive <k>...                 exhaustive runs with full verification, pairs/s
//                                     against diffing the same pairs without verifying
//   sectioned <k>...                  verified sectioned pairs/s (2 and 3 sections of up to k
//                                     items) against flat pairs/s of k IDs, with the load
//   memory <n> <int|string> <workload> <listdiff|floor>
//                                     peak resident memory of one diff, in this process
//   flat <runs> <n>...                the flat diff alone, median of `runs` per size, ID
//                                     type and workload, one `n ids workload seconds` line
//                                     each (Scripts/bench-diff-release compares two builds)
//   repeat <n> <int|string> <workload> <diff|verify> <times>
//                                     one pair diffed (or diffed and verified) `times` times,
//                                     for instruction counts: run it under
//                                     `valgrind --tool=callgrind` with two `times` and take
//                                     the difference, which leaves out building the inputs
//
// Workloads: mixed (10% deletes, 10% inserts, 5% moves), reversal, shuffle.
// Inputs are deterministic (a fixed-seed generator), so every run diffs the same pairs.

import Dispatch
import UpdateCheckDiff

import UpdateCheckPlatform

// MARK: - Inputs

/// SplitMix64: a small, fixed-seed generator so inputs are the same every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix.mix(state)
    }
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The i-th unique Int ID (a bijective mix, so IDs look random but never repeat).
func intID(_ index: Int) -> Int { Int(bitPattern: UInt(SplitMix.mix(UInt64(index)))) }

/// The i-th unique 36-character String ID, shaped like a UUID.
func stringID(_ index: Int) -> String {
    let high = SplitMix.mix(UInt64(index))  // bijective: unique per index
    let low = SplitMix.mix(UInt64(index) ^ 0xDEAD_BEEF_CAFE_F00D)
    func hex(_ value: UInt64, _ digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text.suffix(digits)
    }
    return hex(high >> 32, 8) + "-" + hex((high >> 16) & 0xFFFF, 4) + "-" + hex(high & 0xFFFF, 4) + "-"
        + hex(low >> 48, 4) + "-" + hex(low & 0xFFFF_FFFF_FFFF, 12)
}

/// The workloads of the benchmark.
enum Workload: String, CaseIterable {
    case mixed, reversal, shuffle
}

/// Builds (old, new) of `n` IDs: the indices into an ID table of n + n/10 entries.
func pairIndices(_ n: Int, _ workload: Workload) -> (old: [Int], new: [Int]) {
    var random = SplitMix(state: UInt64(n) &* 31 &+ UInt64(workload.rawValue.count))
    let old = Array(0..<n)
    switch workload {
    case .reversal:
        return (old, old.reversed())
    case .shuffle:
        var new = old
        new.shuffle(using: &random)
        return (old, new)
    case .mixed:
        // Each surviving ID gets a sort key: its old offset, or a random one
        // when it moves; inserted IDs get random keys. Sorting by key places
        // moves and insertions at random positions in O(n log n).
        let tenth = n / 10
        var order = old
        order.shuffle(using: &random)
        var deleted = [Bool](repeating: false, count: n)
        for index in order.prefix(tenth) { deleted[index] = true }
        var moved = [Bool](repeating: false, count: n)
        for index in order.dropFirst(tenth).prefix(n / 20) { moved[index] = true }
        var keyed: [(key: Double, index: Int)] = []
        keyed.reserveCapacity(n)
        for index in 0..<n where !deleted[index] {
            let key = moved[index] ? Double.random(in: 0..<Double(n), using: &random) : Double(index)
            keyed.append((key, index))
        }
        for inserted in n..<(n + tenth) {
            keyed.append((Double.random(in: 0..<Double(n), using: &random), inserted))
        }
        keyed.sort { $0.key < $1.key }
        return (old, keyed.map(\.index))
    }
}

/// The pair as IDs of one type.
func pair<ID>(_ n: Int, _ workload: Workload, _ make: (Int) -> ID) -> (old: [ID], new: [ID]) {
    let (old, new) = pairIndices(n, workload)
    let table = (0..<(n + n / 10)).map(make)
    return (old.map { table[$0] }, new.map { table[$0] })
}

// MARK: - Measurement

func now() -> Double { MonotonicClock.seconds() }

/// A sink the optimiser cannot see through.
@inline(never) func consume(_ value: Int) {
    if value == -1 { print("") }
}

/// The median wall time of `runs` runs of each body, in seconds; the bodies
/// take turns, so that a change in machine load affects them alike.
func medians(runs: Int, _ bodies: [() -> Int]) -> [Double] {
    var times = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<runs {
        for (index, body) in bodies.enumerated() {
            let start = now()
            consume(body())
            times[index].append(now() - start)
        }
    }
    return times.map(median(of:))
}

/// The middle of `values` (the upper middle of an even count).
func median(of values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The median wall time of `runs` runs of `body`, in seconds.
func median(runs: Int, _ body: () -> Int) -> Double {
    withoutActuallyEscaping(body) { medians(runs: runs, [$0])[0] }
}

/// The floor: building a Dictionary of each snapshot (ID to offset).
@inline(never) func floor<ID: Hashable>(_ old: [ID], _ new: [ID]) -> Int {
    var oldTable = [ID: Int](minimumCapacity: old.count)
    for (offset, id) in old.enumerated() { oldTable[id] = offset }
    var newTable = [ID: Int](minimumCapacity: new.count)
    for (offset, id) in new.enumerated() { newTable[id] = offset }
    return oldTable.count + newTable.count
}

@inline(never) func listDiff<ID: Hashable & Sendable>(_ old: [ID], _ new: [ID]) -> Int {
    let result = try! diff(from: old, to: new)
    return result.moves.count + result.insertions.count
}

@inline(never) func listDiffVerified<ID: Hashable & Sendable>(_ old: [ID], _ new: [ID]) -> Int {
    let result = try! verifiedDiff(from: old, to: new)
    return result.moves.count + result.insertions.count
}

@inline(never) func standardLibrary<ID: Hashable>(_ old: [ID], _ new: [ID]) -> Int {
    new.difference(from: old).inferringMoves().insertions.count
}

/// The minimal edit distance without moves (deletions + insertions of Myers),
/// from UpdateCheckDiff's result: the standard library's time and memory grow with
/// (n_old + n_new) x D and D^2.
func myersDistance<ID: Hashable & Sendable>(_ old: [ID], _ new: [ID]) -> Int {
    let result = try! diff(from: old, to: new)
    return result.deletions.count + result.insertions.count + 2 * result.moves.count
}

/// The standard library is run only where D <= this limit: its Myers search
/// takes about D^2 x 10-20 ns here (D = 30,000, the 100k mixed workload,
/// takes about 17 s a run with Int IDs), so the 100k reversal and shuffle
/// (D = 200,000) and every 1M workload would take hours.
let standardLibraryDistanceLimit = 31_623

func format(_ seconds: Double) -> String {
    if seconds < 1e-3 { return String(format6(seconds * 1e6)) + " µs" }
    if seconds < 1 { return String(format6(seconds * 1e3)) + " ms" }
    return String(format6(seconds)) + " s"
}

func format6(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return String(rounded)
}

func ratio(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) + "x" : format6(value) + "x"
}

/// The targets: the diff at most this many times the floor.
func floorTarget(_ n: Int) -> Double { n <= 10_000 ? 1.0 : 0.6 }

/// The target: diff+verify at most this many times the diff.
let verifyTarget = 2.0

func timeTable(runs: Int, sizes: [Int], withStandardLibrary: Bool) {
    print(
        "n        ids     workload  diff         floor        diff/floor  diff+verify  d+v/diff  "
            + "stdlib       stdlib/diff")
    for n in sizes {
        for kind in ["int", "string"] {
            for workload in Workload.allCases {
                if kind == "int" {
                    let (old, new) = pair(n, workload, intID)
                    row(n, kind, workload, old, new, runs: runs, withStandardLibrary: withStandardLibrary)
                } else {
                    let (old, new) = pair(n, workload, stringID)
                    row(n, kind, workload, old, new, runs: runs, withStandardLibrary: withStandardLibrary)
                }
            }
        }
    }
    print(
        "targets: diff/floor <= 1.0 at 1k and 10k, <= 0.6 at 100k and 1M; d+v/diff <= \(verifyTarget); "
            + "'!' marks a miss")
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
}

func row<ID: Hashable & Sendable>(
    _ n: Int, _ kind: String, _ workload: Workload, _ old: [ID], _ new: [ID], runs: Int, withStandardLibrary: Bool
) {
    let times = medians(runs: runs, [{ listDiff(old, new) }, { listDiffVerified(old, new) }, { floor(old, new) }])
    let (ours, verified, base) = (times[0], times[1], times[2])
    let distance = myersDistance(old, new)
    var standard = withStandardLibrary ? "skipped: D=\(distance)" : "not run"
    var speedup = "-"
    if withStandardLibrary && distance <= standardLibraryDistanceLimit {
        let time = median(runs: runs) { standardLibrary(old, new) }
        standard = format(time)
        speedup = ratio(time / ours)
    }
    let floorMark = ours / base <= floorTarget(n) ? "" : " !"
    let verifyMark = verified / ours <= verifyTarget ? "" : " !"
    print(
        pad(String(n), 9) + pad(kind, 8) + pad(workload.rawValue, 10) + pad(format(ours), 13) + pad(format(base), 13)
            + pad(ratio(ours / base) + floorMark, 12) + pad(format(verified), 13)
            + pad(ratio(verified / ours) + verifyMark, 10) + pad(standard, 13) + speedup)
    ResourceUsage.flushStandardOutput()  // one row at a time, also into a pipe
}

// The exhaustive and sectioned tables use the API of this checkout only;
// Scripts/bench-diff-release compiles the script with -D FLAT_ONLY against an
// older release, whose flat diff is the one thing it times.
#if !FLAT_ONLY
// MARK: - Exhaustive

/// Diffs every pair of the exhaustive run of `k` IDs on every core, without
/// verifying: the baseline of the verified run. Returns the total move count.
func diffOnly(k: Int) -> Int {
    let snapshots = ExhaustiveCheck.flatSnapshots(idCount: k)
    let cores = System.processorCount
    let totals = UnsafeMutableBufferPointer<Int>.allocate(capacity: cores)
    defer { totals.deallocate() }
    let shared = Shared(totals)
    DispatchQueue.concurrentPerform(iterations: cores) { worker in
        var changes = SnapshotDiff<ExhaustiveID>(oldCount: 0, newCount: 0, deletions: [], insertions: [], moves: [])
        var moves = 0
        for position in stride(from: worker, to: snapshots.count, by: cores) {
            let old = snapshots[position]
            for new in snapshots {
                try! changes.formDiff(from: old, to: new)
                moves &+= changes.moves.count
            }
        }
        shared.buffer[worker] = moves
    }
    return totals.reduce(0, +)
}

/// A buffer the workers of ``diffOnly(k:)`` write, each its own element.
struct Shared: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Int>
    init(_ buffer: UnsafeMutableBufferPointer<Int>) { self.buffer = buffer }
}

func exhaustiveTable(_ ks: [Int]) {
    let cores = System.processorCount
    print("k  pairs          verified     pairs/s    pairs/s/core  diff only    verified/diff-only  passed")
    for k in ks {
        var start = now()
        let report = ExhaustiveCheck(idCount: k).run()
        let verified = now() - start
        start = now()
        consume(diffOnly(k: k))
        let baseline = now() - start
        let rate = Double(report.pairCount) / verified
        print(
            pad(String(k), 3) + pad(String(report.pairCount), 15) + pad(format(verified), 13)
                + pad(String(format6(rate / 1e6)) + "M", 11)
                + pad(String(format6(rate / 1e6 / Double(cores))) + "M", 14)
                + pad(format(baseline), 13) + pad(ratio(verified / baseline), 20) + String(report.passed))
        ResourceUsage.flushStandardOutput()
    }
}

// MARK: - Sectioned

/// The load averages, for the rows of a table measured on a shared machine.
func loadText() -> String {
    guard let load = ResourceUsage.loadAverages() else { return "load unknown" }
    return "load \(format6(load.one)) \(format6(load.five)) \(format6(load.fifteen))"
}

/// Verified pairs per second of `run`, repeated until it has taken at least
/// half a second (small runs take microseconds), and whether every run passed.
func pairsPerSecond(_ run: () -> (pairs: Int, passed: Bool)) -> (rate: Double, passed: Bool) {
    var pairs = 0
    var passed = true
    let start = now()
    var elapsed = 0.0
    repeat {
        let result = run()
        pairs &+= result.pairs
        passed = passed && result.passed
        elapsed = now() - start
    } while elapsed < 0.5
    return (Double(pairs) / elapsed, passed)
}

/// Verifies every pair of flat snapshots of up to `k` IDs (those of the
/// exhaustive run) with ``PairVerifier`` on every core, without the
/// standard library's cross-check or the run's rows: what one flat pair costs.
/// Small runs go over their pairs several times per start of the cores
/// (at least ``flatPairsPerStart`` pairs), so that starting threads does not
/// count against the flat rate (4,225 pairs of k=4 take well under a
/// millisecond). Returns the pair count and whether every pair passed.
func flatVerified(k: Int) -> (pairs: Int, passed: Bool) {
    let snapshots = ExhaustiveCheck.flatSnapshots(idCount: k)
    let pairs = snapshots.count * snapshots.count
    let rounds = max(1, flatPairsPerStart / pairs)
    let cores = System.processorCount
    let failed = UnsafeMutableBufferPointer<Int>.allocate(capacity: cores)
    defer { failed.deallocate() }
    let shared = Shared(failed)
    DispatchQueue.concurrentPerform(iterations: cores) { worker in
        var verifier = PairVerifier<ExhaustiveID>(crossChecksStandardLibrary: false)
        var failures = 0
        for _ in 0..<rounds {
            for position in stride(from: worker, to: snapshots.count, by: cores) {
                for new in snapshots {
                    do { try verifier.verify(from: snapshots[position], to: new) } catch { failures &+= 1 }
                }
            }
        }
        shared.buffer[worker] = failures
    }
    return (pairs * rounds, failed.reduce(0, +) == 0)
}

/// The fewest flat pairs ``flatVerified(k:)`` verifies per start of the cores.
let flatPairsPerStart = 200_000

/// Verified sectioned pairs per second against flat ones at the same number
/// of items `k`, both on every core: every pair of flat snapshots of `k` IDs
/// verified (``flatVerified(k:)``), then the sectioned exhaustive runs of 2
/// and 3 sections of up to `k` items (skipped past `pairLimit` pairs), each
/// pair proved by ``SectionedPairVerifier`` and, as on the flat side, none
/// cross-checked by the general verification (the run's own default checks
/// one pair in 1,024 that way, which costs it 5-10%). The
/// flat run and the sectioned ones take turns, `rounds` times (a shared
/// machine's speed drifts within seconds); each row gives the median rates
/// and the ratio of the medians, flat pairs/s over sectioned pairs/s, with
/// the spread of the ratios of single turns.
func sectionedTable(_ ks: [Int], pairLimit: Int, rounds: Int = 5) {
    print("k  sections  pairs        pairs/s    flat pairs/s  flat/sectioned (spread)  passed  load")
    for k in ks {
        let flatPairs = ExhaustiveCheck.snapshotCount(idCount: k) * ExhaustiveCheck.snapshotCount(idCount: k)
        let sectionCounts = (2...ExhaustiveCheck.maximumSectionCount).filter { sections in
            let snapshots = ExhaustiveCheck.snapshotCount(sectionCount: sections, idCount: k)
            return snapshots * snapshots <= pairLimit
        }
        var flatRates: [Double] = []
        var flatPassed = true
        var rates = [[Double]](repeating: [], count: sectionCounts.count)
        var passed = [Bool](repeating: true, count: sectionCounts.count)
        for _ in 0..<rounds {
            let flat = pairsPerSecond { flatVerified(k: k) }
            flatRates.append(flat.rate)
            flatPassed = flatPassed && flat.passed
            for (row, sections) in sectionCounts.enumerated() {
                let sectioned = pairsPerSecond {
                    // Counted as flat pairs are: without the general verification's cross-check.
                    let report = ExhaustiveCheck(
                        sectionCount: sections, idCount: k, crossCheckStride: Int.max
                    ).run()
                    return (report.pairCount, report.passed)
                }
                rates[row].append(sectioned.rate)
                passed[row] = passed[row] && sectioned.passed
            }
        }
        let flat = median(of: flatRates)
        print(
            pad(String(k), 3) + pad("flat", 10) + pad(String(flatPairs), 13) + pad(format6(flat / 1e6) + "M", 11)
                + pad("-", 14) + pad("-", 25) + pad(String(flatPassed), 8) + loadText())
        for sections in 2...ExhaustiveCheck.maximumSectionCount {
            let snapshots = ExhaustiveCheck.snapshotCount(sectionCount: sections, idCount: k)
            guard let row = sectionCounts.firstIndex(of: sections) else {
                print(pad(String(k), 3) + pad(String(sections), 10) + "skipped: \(snapshots * snapshots) pairs")
                continue
            }
            let sectioned = median(of: rates[row])
            let turns = zip(flatRates, rates[row]).map { $0 / $1 }
            let mark = flat / sectioned <= sectionedTarget ? "" : " !"
            print(
                pad(String(k), 3) + pad(String(sections), 10) + pad(String(snapshots * snapshots), 13)
                    + pad(format6(sectioned / 1e6) + "M", 11) + pad(format6(flat / 1e6) + "M", 14)
                    + pad(
                        ratio(flat / sectioned) + mark + " (" + ratio(turns.min()!) + "-" + ratio(turns.max()!) + ")",
                        25) + pad(String(passed[row]), 8) + loadText())
        }
        ResourceUsage.flushStandardOutput()
    }
    print("target: flat/sectioned <= \(sectionedTarget) (ratio of the medians of \(rounds) turns); '!' marks a miss")
}

/// The target: flat pairs/s at most this many times sectioned pairs/s.
let sectionedTarget = 2.0
#endif

// MARK: - Memory

/// The resident size now, and its peak since the last reset, in KiB (-1 where the
/// system does not say).
func residentKiB() -> Int { (ResourceUsage.residentBytes() ?? -1024) / 1024 }
func peakKiB() -> Int { (ResourceUsage.peakResidentBytesSinceReset() ?? -1024) / 1024 }

func memory<ID: Hashable & Sendable>(_ old: [ID], _ new: [ID], engine: String, extraInputBytes: Int) {
    let arrays = (old.count + new.count) * MemoryLayout<ID>.stride
    ResourceUsage.trimHeap()  // return the garbage of input construction, so RSS is the inputs
    let before = residentKiB()
    let reset = ResourceUsage.resetPeak()
    let start = now()
    let work = engine == "floor" ? floor(old, new) : listDiff(old, new)
    let seconds = now() - start
    consume(work)
    let peak = peakKiB()
    let extra = (peak - before) * 1024
    print(
        "\(engine) n=\(old.count): \(format(seconds)), peak above inputs \(extra / 1_048_576) MiB; "
            + "input arrays \(arrays / 1_048_576) MiB -> \(format6(Double(extra) / Double(arrays)))x"
            + (extraInputBytes > 0
                ? "; with string storage \((arrays + extraInputBytes) / 1_048_576) MiB -> "
                    + "\(format6(Double(extra) / Double(arrays + extraInputBytes)))x" : "")
            + (reset ? "" : " (peak not reset: figure includes input construction)"))
}

// MARK: - Main

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "time":
    // time [runs] [--sizes 1000,10000] [--no-stdlib]
    var runs = 5
    var sizes = [1_000, 10_000, 100_000, 1_000_000]
    var withStandardLibrary = true
    var index = 2
    while index < arguments.count {
        switch arguments[index] {
        case "--no-stdlib": withStandardLibrary = false
        case "--sizes":
            index += 1
            sizes = arguments[index].split(separator: ",").compactMap { Int($0) }
        default: runs = max(5, Int(arguments[index]) ?? 5)
        }
        index += 1
    }
    timeTable(runs: runs, sizes: sizes, withStandardLibrary: withStandardLibrary)
#if !FLAT_ONLY
case "exhaustive" where arguments.count > 2:
    exhaustiveTable(arguments.dropFirst(2).compactMap { Int($0) })
case "sectioned" where arguments.count > 2:
    // sectioned <k>...: runs of more than 2,000,000 pairs (3 sections of 4 items: 34.5 million) are skipped.
    sectionedTable(arguments.dropFirst(2).compactMap { Int($0) }, pairLimit: 2_000_000)
#endif
case "stdlib" where arguments.count == 5:
    // One standard-library run, for sizing the limit.
    let n = Int(arguments[2])!
    let workload = Workload(rawValue: arguments[4])!
    let (old, new) = pair(n, workload, intID)
    let start = now()
    consume(standardLibrary(old, new))
    print(
        "stdlib n=\(n) D=\(myersDistance(old, new)): \(format(now() - start)), peak RSS \(peakKiB() / 1024) MiB")
case "memory" where arguments.count == 6:
    let n = Int(arguments[2])!
    let workload = Workload(rawValue: arguments[4])!
    if arguments[3] == "int" {
        let (old, new) = pair(n, workload, intID)
        memory(old, new, engine: arguments[5], extraInputBytes: 0)
    } else {
        let rssBefore = residentKiB()
        let (old, new) = pair(n, workload, stringID)
        // String storage (shared by both arrays) beyond the two array buffers.
        let grown = (residentKiB() - rssBefore) * 1024 - (old.count + new.count) * 16
        memory(old, new, engine: arguments[5], extraInputBytes: max(0, grown))
    }
case "flat" where arguments.count > 3:
    let runs = max(1, Int(arguments[2]) ?? 5)
    for n in arguments.dropFirst(3).compactMap({ Int($0) }) {
        for workload in Workload.allCases {
            let ints = pair(n, workload, intID)
            print(n, "int", workload.rawValue, median(runs: runs) { listDiff(ints.old, ints.new) })
            let strings = pair(n, workload, stringID)
            print(n, "string", workload.rawValue, median(runs: runs) { listDiff(strings.old, strings.new) })
        }
    }
case "repeat" where arguments.count == 7:
    let n = Int(arguments[2])!
    let workload = Workload(rawValue: arguments[4])!
    let times = Int(arguments[6])!
    let verifies = arguments[5] == "verify"
    func run<ID: Hashable & Sendable>(_ old: [ID], _ new: [ID]) {
        var total = 0
        for _ in 0..<times { total &+= verifies ? listDiffVerified(old, new) : listDiff(old, new) }
        consume(total)
    }
    if arguments[3] == "int" {
        let (old, new) = pair(n, workload, intID)
        run(old, new)
    } else {
        let (old, new) = pair(n, workload, stringID)
        run(old, new)
    }
default:
    print(
        "usage: bench-diff time [runs] [--sizes a,b] [--no-stdlib] | exhaustive <k>... | sectioned <k>... | memory <n> <int|string> <mixed|reversal|shuffle> <listdiff|floor> | flat <runs> <n>... | repeat <n> <int|string> <workload> <diff|verify> <times>"
    )
    System.exit(64)
}
