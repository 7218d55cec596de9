import Foundation

exit(KCorpCommand.run(Array(CommandLine.arguments.dropFirst())))
