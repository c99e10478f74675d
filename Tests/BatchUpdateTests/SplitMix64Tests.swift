import BatchUpdate
import Testing

@Suite struct SplitMix64Tests {
    @Test func matchesTheReferenceSequence() {
        var zero = SplitMix64(seed: 0)
        #expect(
            [zero.next(), zero.next(), zero.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
            ])
        var answer = SplitMix64(seed: 42)
        #expect([answer.next(), answer.next()] == [0xBDD7_3226_2FEB_6E95, 0x28EF_E333_B266_F103])
    }

    @Test func sameSeedSameSequenceWhateverTheStateBefore() {
        var first = SplitMix64(seed: 7)
        _ = first.next()
        var second = SplitMix64(seed: 0)
        second.state = first.state
        #expect(first.next() == second.next())
    }
}
