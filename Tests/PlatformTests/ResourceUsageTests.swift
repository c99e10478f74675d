import Testing
import UpdateCheckPlatform

/// The benchmarks' readings against work this test does itself: CPU time
/// grows with computation, resident memory with pages touched, and the
/// load averages exist where the system keeps them.
@Suite struct ResourceUsageTests {
    /// Sums a mix of `count` numbers, so the optimiser cannot drop the loop.
    private func spin(_ count: Int) -> UInt64 {
        var value: UInt64 = 1
        for index in 0..<count { value = value &* 6_364_136_223_846_793_005 &+ UInt64(index) }
        return value
    }

    @Test func cpuTimeGrowsWithComputation() {
        let thread = ResourceUsage.threadCPUSeconds()
        let process = ResourceUsage.processCPUSeconds()
        let start = MonotonicClock.seconds()
        var sink: UInt64 = 0
        while MonotonicClock.seconds() - start < 0.05 { sink ^= spin(100_000) }
        withExtendedLifetime(sink) {}
        let threadSpent = ResourceUsage.threadCPUSeconds() - thread
        #expect(threadSpent > 0)
        #expect(ResourceUsage.processCPUSeconds() - process >= threadSpent)
    }

    @Test func residentMemoryCountsTouchedPages() throws {
        let bytes = 64 << 20
        let peakBefore = ResourceUsage.peakResidentBytes()
        let memory = try #require(Memory.allocate(bytes))
        defer { Memory.free(memory) }
        memory.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
        let peak = ResourceUsage.peakResidentBytes()
        #expect(peak >= peakBefore)
        #expect(peak >= bytes)
        #if os(Linux)
            let resident = try #require(ResourceUsage.residentBytes())
            #expect(resident >= bytes)
            #expect(try #require(ResourceUsage.peakResidentBytesSinceReset()) >= resident)
        #endif
    }

    @Test func loadAveragesAreReadWhereTheSystemKeepsThem() throws {
        #if os(Linux) || canImport(Darwin)
            let loads = try #require(ResourceUsage.loadAverages())
            #expect(loads.one >= 0 && loads.five >= 0 && loads.fifteen >= 0)
        #endif
    }
}
