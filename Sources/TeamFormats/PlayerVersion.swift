import TeamKit

extension Player {
  /// This version of the player's fields: it changes whenever an edit changes any of them.
  /// The server's `ETag` for the player; a client names it in `If-Match`. The photo is left
  /// out: it changes on its own, never conflicts with an edit, and clients that know
  /// nothing of photos work the version out alike.
  public var version: String {
    var fields = self
    fields.photo = nil
    return fnv1a(TeamJSON.encode(fields))
  }
}
