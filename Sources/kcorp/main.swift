import CLIBase
import Dispatch
import Foundation
import Synchronization

// Before any other thread exists, so that every thread inherits the blocked stop signals.
StopSignals.install()
// The main thread waits with them still blocked (dispatchMain would unblock every signal);
// the command runs off the main actor, which that wait holds.
let exitCode = Atomic<Int32>(0)
let finished = DispatchSemaphore(value: 0)
Task.detached {
  exitCode.store(
    await KCorpCommand.run(Array(CommandLine.arguments.dropFirst())), ordering: .relaxed)
  finished.signal()
}
finished.wait()
exit(exitCode.load(ordering: .relaxed))
