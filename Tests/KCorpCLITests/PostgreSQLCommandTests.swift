import CLIBase
import Foundation
import TestSupport
import Testing

/// The commands on a PostgreSQL database (`--database`, `$KCORP_DATABASE_URL`), on the test
/// run's own server.
@Suite struct PostgreSQLCommandTests {
  let kcorp: KCorp
  let url: String

  init() throws {
    kcorp = try KCorp()
    url = try TestPostgres.newDatabase()
  }

  @Test func theCommandsWorkOnADatabaseGivenByOptionOrEnvironment() throws {
    let added = try kcorp(
      "players", "add", "--name", "Rekkles", "--position", "ADC", "--database", url)
    #expect(added.status == 0, "\(added.stderr)")
    let listed = try kcorp("players", environment: ["KCORP_DATABASE_URL": url])
    #expect(listed.status == 0 && listed.stdout.contains("Rekkles"))
    // The file of $KCORP_DB is another roster.
    #expect(try !kcorp("players").stdout.contains("Rekkles"))
    let history = try kcorp("history", "--database", url)
    #expect(
      history.stdout.contains(
        "\(ProcessInfo.processInfo.userName) at the command line added Rekkles."))
  }

  @Test func aPasswordOnTheCommandLineAndABadAddressAreRefusedAsUsage() throws {
    let password = try kcorp("players", "--database", "postgresql://kcorp:secret@127.0.0.1/kcorp")
    #expect(password.status == 64 && password.stderr.contains("PGPASSFILE"))
    #expect(!password.stderr.contains("secret"))
    let address = try kcorp("players", "--database", "postgresql://%zz")
    #expect(address.status == 64 && address.stderr.contains("not a PostgreSQL address"))
    let both = try kcorp("players", "--database", url, "--db", kcorp.database)
    #expect(both.status == 64)
  }

  @Test func aServerThatCannotBeReachedIsExit69InOneLine() throws {
    let run = try kcorp("players", "--database", "postgresql://kcorp@127.0.0.1:1/kcorp")
    #expect(run.status == 69)
    #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains("127.0.0.1:1"))
  }

  @Test func backupAndRestoreOnPostgreSQLPointAtItsOwnTools() throws {
    let copy = kcorp.folder.appendingPathComponent("copy.sqlite").path
    let backup = try kcorp("backup", copy, "--database", url)
    #expect(backup.status == 74 && backup.stderr.contains("pg_dump"))
    #expect(backup.stderr.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: copy))
    let restore = try kcorp("restore", kcorp.database, "--database", url)
    #expect(restore.status == 64 && restore.stderr.contains("pg_restore"))
  }

  @Test func migrateToCopiesTheFileIntoANewDatabaseOnce() throws {
    #expect(try kcorp("teams", "add", "KC Blue", "--tag", "KCB").status == 0)
    #expect(
      try kcorp("players", "add", "--name", "Tao", "--position", "Jungle", "--team", "KCB").status
        == 0)
    let moved = try kcorp("migrate-to", url)
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(moved.stdout.contains("4 players"))
    let teams = try kcorp("players", "--team", "KCB", "--database", url)
    #expect(teams.stdout.contains("Tao"))
    let again = try kcorp("migrate-to", url)
    #expect(again.status == 65 && again.stderr.contains("new, empty database"))
  }
}
