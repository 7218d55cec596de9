import Foundation
import TestSupport
import Testing

@testable import TeamKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct LogTests {
  /// What `body` writes to standard error.
  func standardError(_ body: () -> Void) -> String {
    let pipe = privatePipe()
    let saved = dup(2)
    dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
    body()
    dup2(saved, 2)
    close(saved)
    try? pipe.fileHandleForWriting.close()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  @Test func anEventIsOneLineWithItsLevel() {
    let written = standardError { Log.warning("a session's last use not saved:\ndisk full") }
    #expect(written.contains("kcorp: warning: a session's last use not saved: disk full\n"))
  }
}
