import Foundation
import TeamKit
import TeamOutbound
import TeamPhoto

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Brings Data Dragon's newest champion data and art into a roster's database: every
/// champion's square icon, re-encoded as uploads are, and the champions released after this
/// build. All or nothing: everything is downloaded and decoded first, then stored in one
/// transaction; a failure anywhere changes nothing.
public enum ChampionSync {
  /// Progress, as files done of files to fetch (the three lists, then each picture).
  public typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

  /// Pictures fetched at once: a few, to be quick without pressing on Riot's servers.
  static let parallel = 6

  /// Downloads the newest version from `base` (Data Dragon, or a mirror in its layout) and
  /// gives it to `keep` (a store's `artRows.replace`), in one write. Returns what is now
  /// stored.
  /// - Throws: ``DataDragonError`` (nothing was changed), or what `keep` throws when the
  ///   database refused the write (nothing was changed either).
  public static func run(
    from base: URL = DataDragon.address,
    into keep: (_ version: String, _ champions: [(SyncedChampion, Photo)]) async throws
      -> ChampionArt,
    within: Duration = deadline, progress: Progress = { _, _ in }
  ) async throws -> ChampionArt {
    let (version, champions) = try await download(from: base, within: within, progress: progress)
    return try await keep(version, champions)
  }

  /// The newest version's champions, each with its picture re-encoded.
  /// - Throws: ``DataDragonError``.
  /// - Parameter within: how long the whole download may take (``deadline``).
  public static func download(
    from base: URL, within: Duration = deadline, progress: Progress = { _, _ in }
  ) async throws(DataDragonError) -> (version: String, champions: [(SyncedChampion, Photo)]) {
    let session = MirrorFetcher(origin: base, maxBytes: maxBytes, within: within)
    defer { session.finish() }
    let version = try DataDragon.newestVersion(
      in: try await fetch(DataDragon.versionsPath, from: base, session))
    progress(1, 3)
    let english = try await fetch(
      DataDragon.championsPath(version: version, language: "en_US"), from: base, session)
    progress(2, 3)
    let french = try await fetch(
      DataDragon.championsPath(version: version, language: "fr_FR"), from: base, session)
    let champions = try DataDragon.champions(english: english, french: french, version: version)
    let total = 3 + champions.count
    progress(3, total)

    let outcome = await withTaskGroup(of: (Int, Result<Photo, DataDragonError>).self) { group in
      var photos = [Photo?](repeating: nil, count: champions.count)
      var next = 0
      var done = 3
      func start() {
        guard next < champions.count else { return }
        let index = next
        next += 1
        group.addTask {
          let id = champions[index].id
          do throws(DataDragonError) {
            let png = try await fetch(
              DataDragon.picturePath(version: version, id: id), from: base, session)
            do throws(PhotoError) {
              return (index, .success(try Photo(upload: png)))  // 120 px icons: a moment each
            } catch {
              return (index, .failure(.picture(id, error.message)))
            }
          } catch {
            return (index, .failure(error))
          }
        }
      }
      for _ in 0..<parallel { start() }
      var failure: DataDragonError?
      for await (index, result) in group {
        switch result {
        case .success(let photo): photos[index] = photo
        case .failure(let error): failure = failure ?? error
        }
        // One failure and nothing is stored: no more is fetched, and the few under way are
        // let finish rather than cancelled (cancelling URLSession's async data(for:) while
        // its response is handled can deadlock on Linux: swift-corelibs-foundation #5412).
        guard failure == nil else { continue }
        done += 1
        progress(done, total)
        start()
      }
      if let failure { return Result<[Photo], DataDragonError>.failure(failure) }
      return .success(photos.compactMap { $0 })
    }
    let photos = Array(zip(champions, try outcome.get()))
    return (version, photos)
  }

  /// The largest file read: Data Dragon's champion lists are about 150 KB, a picture 20 KB.
  static let maxBytes = Photo.maxBytes

  /// How long a whole sync may take: Data Dragon serves it in seconds; a mirror that drips
  /// ends the sync at this deadline, and another can be started.
  public static let deadline: Duration = .seconds(120)

  private static func fetch(_ path: String, from base: URL, _ session: MirrorFetcher)
    async throws(DataDragonError) -> Data
  {
    let url = DataDragon.url(base, path)
    let (data, status) = try await session.fetch(url, path: path)
    guard status == 200 else { throw .status(url.absoluteString, status) }
    return data
  }
}
