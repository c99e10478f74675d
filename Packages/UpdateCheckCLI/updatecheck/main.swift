import UpdateCheckCLI

UpdateCheckMain.main(Array(CommandLine.arguments.dropFirst()))
