import TeamKit
import Testing

@Suite struct ErrorStatusTests {
  /// The client reads a status back as the kind the server answered it for, by one table.
  @Test func eachStatusReadsBackAsItsKind() {
    for kind in ErrorKind.allCases where kind != .storage {
      #expect(ErrorKind(status: kind.status) == kind, "\(kind)")
    }
    // A storage failure and a busy database both say "try again": one status, one kind.
    #expect(ErrorKind.storage.status == 503)
    #expect(ErrorKind(status: 503) == .unavailable)
    #expect(ErrorKind(status: 200) == nil)
    #expect(ErrorKind(status: 418) == nil)
  }
}
