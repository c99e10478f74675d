import Foundation
import Testing

@testable import JUnitReporter

/// The built-in schemas: their text is the repository's `.xsd` file byte for
/// byte, and validating with them gives what validating with the file gives.
@Suite struct JUnitSchemaTests {
    @Test func builtInJenkinsTextIsTheRepositorysFile() throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: JenkinsSchema.path))
        let builtIn = try #require(JUnitSchema.jenkins.builtInText)
        #expect(Data(builtIn.utf8) == file, "run Scripts/generate-schemas after changing the .xsd file")
    }

    @Test func namesResolveToBuiltInsElseFiles() {
        #expect(JUnitSchema.named("jenkins") == .jenkins)
        #expect(JUnitSchema.named("./jenkins") == .file("./jenkins"))
        #expect(JUnitSchema.named("schemas/junit.xsd") == .file("schemas/junit.xsd"))
        #expect(JUnitSchema.builtIn(named: "surefire") == nil)
        #expect(JUnitSchema.builtIn.map(\.name) == ["jenkins"])
        #expect(JUnitSchema.jenkins.description == "jenkins (built in)")
        #expect(JUnitSchema.file("a.xsd").description == "a.xsd")
    }

    @Test func builtInAndFileFindTheSameProblems() throws {
        let path = TemporaryFolder.shared.path("bad.xml")
        try """
        <?xml version="1.0"?>
        <testsuites skipped="0">
          <testsuite name="a" tests="1" failures="0" errors="0" time="1,5">
            <testcase name="x"><bogus/></testcase>
          </testsuite>
        </testsuites>
        """.write(toFile: path, atomically: false, encoding: .utf8)
        let builtIn = try JUnitValidator.validate(file: path, schema: .jenkins)
        let file = try JUnitValidator.validate(file: path, schema: JenkinsSchema.required())
        #expect(builtIn == file)
        #expect(builtIn.problems.filter { $0.message.hasPrefix("schema: ") }.map(\.line) == [2, 3, 4])
        let good = TemporaryFolder.shared.path("good.xml")
        try JUnitWriter.write(JUnitWriterTests.sample, to: good)
        #expect(try JUnitValidator.validate(file: good, schema: .jenkins).problems == [])
    }
}
