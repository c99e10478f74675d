// The StateExplorer benchmark, compiled and driven by Scripts/bench-explore
// against the release build of OptimisticState and StateExplorer.
//
// Prints, for each configuration, the states (representatives, and the states
// they stand for without symmetry reduction), transitions and depth of an
// exploration on one thread, the thread's CPU time and the wall time, and
// transitions per CPU second (one core); then the baseline measured in the
// same run: copy a store, apply one event that changes it, and hash the result
// — the least an explicit-state search of the real store does per transition.
// Then symmetry reduction against the full search, both on one thread to the
// same depth; and three records with two values to a fixed point on every
// core, with the wall time, the process's CPU time, its peak memory and the
// load average; then the search over a team's store, on the built-in store
// behind the in-process driver. Exits 1 when two records with two values run under the
// target on one core, or three records miss 60 s wall or 512 MiB.
//
//   bench-explore [runs]      (default 5; the median run is reported)

import OptimisticState
import StateExplorer

import UpdateCheckPlatform

/// Seconds of CPU time this thread has used.
func cpuSeconds() -> Double { ResourceUsage.threadCPUSeconds() }

/// Seconds of CPU time the whole process has used (every thread).
func processCPUSeconds() -> Double { ResourceUsage.processCPUSeconds() }

/// The peak resident memory of the process so far, in MiB.
func peakMiB() -> Double { Double(ResourceUsage.peakResidentBytes()) / 1_048_576 }

/// The 1-minute load average (-1 where the system does not say).
func loadAverage() -> Double { ResourceUsage.loadAverages()?.one ?? -1 }

/// Seconds since an arbitrary start, from the monotonic clock.
func wallSeconds() -> Double { MonotonicClock.seconds() }

/// One timed run of something that counts `operations`.
struct Timing {
    var cpu: Double
    var wall: Double
    var operations: Int
    var perSecond: Double { Double(operations) / cpu }
}

/// Runs `body` `runs` times and returns the run with the median CPU time.
func median(_ runs: Int, _ body: () -> Int) -> Timing {
    var timings: [Timing] = []
    for _ in 0..<runs {
        let cpu = cpuSeconds()
        let wall = wallSeconds()
        let operations = body()
        timings.append(Timing(cpu: cpuSeconds() - cpu, wall: wallSeconds() - wall, operations: operations))
    }
    return timings.sorted { $0.cpu < $1.cpu }[runs / 2]
}

/// `1,234,567`.
func grouped(_ number: Int) -> String {
    let digits = String(number)
    var out = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
        out.append(digit)
    }
    return out
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func decimals(_ value: Double, _ places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    var fraction = String(scaled % Int(scale))
    while fraction.count < places { fraction = "0" + fraction }
    return places == 0 ? String(whole) : "\(whole).\(fraction)"
}

let runs = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 5) : 5
let target = 1_000_000.0

print("== exploration (one thread; transitions per CPU second of that thread; median of \(runs) runs for 2x2)")
print(
    "  configuration                    states  before reduction   transitions  depth  fixed   cpu s  wall s"
        + "   transitions/s")
var targetRun: Timing?
for (records, values, maxDepth, times) in [(1, 2, nil, runs), (2, 2, nil, runs), (2, 3, nil, 1), (3, 2, 7 as Int?, 1)] {
    var report: ExplorationReport?
    let configuration = ExplorerConfiguration(records: records, values: values, maxDepth: maxDepth, threads: 1)
    let timing = median(times) {
        report = try! Explorer(configuration).run()
        return report!.transitions
    }
    let result = report!
    guard result.passed else {
        print("bench-explore: an invariant was broken:\n\(result.counterexample!)")
        System.exit(1)
    }
    if records == 2, values == 2 { targetRun = timing }
    let name = "\(configuration)"
    let cells: [String] = [
        "  " + name + String(repeating: " ", count: max(1, 28 - name.count)),
        padded(grouped(result.states), 10), padded(grouped(result.statesBeforeReduction), 18),
        padded(grouped(result.transitions), 14),
        padded(String(result.depth), 7), padded(result.reachedFixedPoint ? "yes" : "no", 7),
        padded(decimals(timing.cpu, 3), 8), padded(decimals(timing.wall, 3), 8),
        padded(grouped(Int(timing.perSecond)), 16),
    ]
    print(cells.joined())
}

// The baseline: copy a store, apply a tap that changes it, hash the result.
let stores = (0..<4).map { index in
    try! OptimisticStore<UInt8, UInt8>(session: 1, records: [(0, UInt8(index & 1)), (1, UInt8(index >> 1))])
}
var sink = 0
let operations = targetRun!.operations
let baseline = median(runs) {
    for index in 0..<operations {
        var copy = stores[index & 3]
        copy.begin(UInt8(index >> 2 & 1), desired: UInt8(index >> 3 & 1))
        sink &+= copy.hashValue
    }
    return operations
}
print()
print("== baseline (same run): copy a 2-record store, apply one tap, hash the result; \(grouped(operations)) times")
print(
    "  cpu \(decimals(baseline.cpu, 3)) s, wall \(decimals(baseline.wall, 3)) s, "
        + "\(grouped(Int(baseline.perSecond))) per CPU second (sink \(sink & 1))")
let ratio = targetRun!.perSecond / baseline.perSecond
print(
    "  ratio: the explorer runs \(decimals(ratio, 2))x as many transitions per second as the baseline runs copies+hashes"
)
print()
var failures: [String] = []
let perSecond = targetRun!.perSecond
if perSecond < target {
    failures.append("\(grouped(Int(perSecond))) transitions per CPU second on one core, target \(grouped(Int(target)))")
}

// Symmetry reduction against the full search, one thread, same depth.
print("== symmetry reduction (one thread, same run): 3 records, 2 values, depth ≤ 8")
var reductionTimings: [Timing] = []
for symmetry in [ExplorerSymmetry.all, []] {
    var report: ExplorationReport?
    let configuration = ExplorerConfiguration(records: 3, values: 2, maxDepth: 8, symmetry: symmetry, threads: 1)
    let timing = median(1) {
        report = try! Explorer(configuration).run()
        return report!.transitions
    }
    reductionTimings.append(timing)
    let result = report!
    print(
        "  symmetry: \(symmetry)" + String(repeating: " ", count: max(1, 20 - "\(symmetry)".count))
            + padded(grouped(result.states), 10) + " states" + padded(grouped(result.transitions), 14)
            + " transitions" + padded(decimals(timing.cpu, 3), 9) + " cpu s")
}
print(
    "  ratio: the reduced search takes \(decimals(reductionTimings[0].cpu / reductionTimings[1].cpu, 3))x "
        + "the CPU time of the full search")
print()

// Three records to a fixed point on every core.
let load = loadAverage()
let threeWall = wallSeconds()
let threeCPU = processCPUSeconds()
let three = try! Explorer(ExplorerConfiguration(records: 3, values: 2)).run()
let wall = wallSeconds() - threeWall
let cpu = processCPUSeconds() - threeCPU
let peak = peakMiB()
print("== 3 records, 2 values to a fixed point, every core (load average \(decimals(load, 2)) before)")
print(
    "  \(grouped(three.states)) states (\(grouped(three.statesBeforeReduction)) before symmetry reduction), "
        + "\(grouped(three.transitions)) transitions (\(grouped(three.transitionsBeforeReduction)) before), "
        + "depth \(three.depth), fixed point \(three.reachedFixedPoint ? "yes" : "no")")
print(
    "  wall \(decimals(wall, 2)) s, CPU \(decimals(cpu, 2)) s (\(decimals(cpu / wall, 2)) cores busy), "
        + "peak memory \(decimals(peak, 0)) MiB (whole benchmark process)")
if !three.passed || !three.reachedFixedPoint { failures.append("3 records: not passed to a fixed point") }
if wall >= 60 { failures.append("3 records: \(decimals(wall, 1)) s wall, target < 60 s") }
if peak >= 512 { failures.append("3 records: \(decimals(peak, 0)) MiB peak, target < 512 MiB") }
print()

// A team's store is explored through a driver: paths replayed from the load,
// many to a call. In process, the built-in store behind that driver is the
// twin of the example store programs (the same fixed point); the script
// measures a program against this wall time.
let twinWall = wallSeconds()
let twin = try! StoreExplorer(ExplorerConfiguration(records: 2, values: 2)).run(OptimisticStore<String, Bool>.self)
let twinSeconds = wallSeconds() - twinWall
print("== a team's store: 2 records, 2 values through the store driver, in process (the built-in store)")
print(
    "  \(grouped(twin.states)) states, \(grouped(twin.transitions)) transitions, "
        + "\(grouped(twin.roundTrips)) driver calls, wall \(decimals(twinSeconds, 3)) s")
print("twin-wall-seconds: \(twinSeconds)")
if !twin.passed || !twin.reachedFixedPoint { failures.append("store driver: not passed to a fixed point") }
print()
if !failures.isEmpty {
    print("bench-explore: FAILED: " + failures.joined(separator: "; "))
    System.exit(1)
}
print(
    "bench-explore: OK: \(grouped(Int(perSecond))) transitions per CPU second on one core (target ≥ 1,000,000); "
        + "3 records in \(decimals(wall, 1)) s wall (target < 60 s)")
