import UpdateCheckCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(UpdateCheckMain.run(Array(CommandLine.arguments.dropFirst())))
