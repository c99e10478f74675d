/// The suites of `updatecheck check`, in the order they run and are numbered
/// for sharding.
package enum BuiltInSuites {
    /// Every built-in suite of the areas in `options`, in order: the state
    /// seed scenario and the exploration of `--records` records; the diff seed pairs, the seed's 65 × 65 run (every
    /// pair cross-checked by the standard library) and the exhaustive run of
    /// `--ids` IDs (when that is not the seed's 4); the conformance kit for
    /// each of the four built-in adapters.
    ///
    /// - Throws: exit 65 if an embedded input were malformed.
    package static func make(_ options: CheckOptions) throws(CLIError) -> [CheckSuite] {
        var suites: [CheckSuite] = []
        for area in options.areas {
            switch area {
            case .state:
                suites.append(try StateRunSuite.seed(salt: options.seed))
                suites.append(try StateExploreSuite.make(records: options.records))
            case .diff:
                suites.append(DiffSeedSuite.make())
                suites.append(DiffExhaustiveSuite.make(name: "diff seed k=4", idCount: 4, crossCheckStride: 1))
                if options.ids != 4 {
                    suites.append(
                        DiffExhaustiveSuite.make(name: "diff exhaustive k=\(options.ids)", idCount: options.ids))
                }
            case .adapters:
                let pictures = options.junitPath.map(PictureFolder.init(junitPath:))
                for adapter in BuiltInAdapters.defaults {
                    suites.append(
                        AdapterConformanceSuite.make(adapter, ids: options.ids, seed: options.seed, pictures: pictures))
                }
            }
        }
        return suites
    }
}
