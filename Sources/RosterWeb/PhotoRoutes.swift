import Foundation
import TeamAPI
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore
import WebBase

extension RosterFeature {
  /// The picture types an upload may be sent as.
  static let photoTypes = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"]

  /// The photo a player form carries, re-encoded; nil when none was chosen.
  /// - Throws: ``RosterError/invalid(_:)`` on the photo field, saying what to choose
  ///   instead (a photo over the limit was left out of the body: ``HTTPRequest/droppedFiles``).
  static func formPhoto(_ request: HTTPRequest) async throws(RosterError) -> Photo? {
    do throws(PhotoError) {
      if let bytes = request.droppedFiles["photo"] { throw .tooLarge(bytes: bytes) }
      guard let file = request.formFiles["photo"], !file.data.isEmpty else { return nil }
      return try await Photo.decoding(Data(file.data))
    } catch {
      throw .invalid(
        ValidationError(.photo, Message("%@ Choose the photo again.", error.message)))
    }
  }

  /// Photos: uploaded through the API, re-encoded by TeamPhoto, served under their hash.
  func addPhotoRoutes(_ router: inout Router) {

    router.teamRoute(
      .setPhoto,
      RoutePolicy(.editor, .sameOrigin, upload: .photo, team: .player)
    ) {
      request, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      guard let type = request.contentType, Self.photoTypes.contains(type) else {
        throw HTTPError.unsupportedMediaType(
          context.localized("Send the photo as image/jpeg, image/png, image/webp or image/heic."))
      }
      let photo: Photo
      do throws(PhotoError) {
        photo = try await Photo.decoding(Data(request.body))
      } catch {
        throw Door.refusal(error, in: context.language)
      }
      return context.json(try await scope.setPhoto(of: player.id, to: photo))
    }

    router.teamRoute(
      .removePhoto, RoutePolicy(.editor, .sameOrigin, team: .player)
    ) {
      _, context, scope in
      let player = try context.player(context.parameters["id"], in: context.roster)
      _ = try await scope.setPhoto(of: player.id, to: nil)
      return HTTPResponse(status: 204)
    }

    // Named by their content: cached for ever, never revalidated.
    router.route("GET", "/photos/{file}", RoutePolicy(.reader, team: .organisation)) { _, context in
      guard let hash = Player.photoHash(inPath: "/photos/" + (context.parameters["file"] ?? "")),
        let jpeg = try context.reads.photo(hash: hash)
      else { throw HTTPError(.notFound, context.localized("There is no such photo.")) }
      return HTTPResponse(
        status: 200,
        headers: [
          ("Content-Type", "image/jpeg"), ("Cache-Control", "public, max-age=31536000, immutable"),
          ("Content-Security-Policy", ImageLibrary.policy),
        ], body: Array(jpeg))
    }
  }
}

extension RosterFeature {
  /// The pictures drawn or kept for the pages: an image by name, a player's picture (their
  /// photo, else what is drawn for them).
  func addPictureRoutes(_ router: inout Router) {
    router.route("GET", "/images/{name}", RoutePolicy(.reader)) { [images] request, context in
      try images.response(
        for: context.parameters["name"] ?? "", roster: context.roster, request: request,
        in: context.language)
    }
    router.route("GET", "/players/{id}/picture", RoutePolicy(.reader)) {
      [images] request, context in
      let roster = context.roster
      guard let id = UUID(text: context.parameters["id"] ?? ""),
        let player = roster.player(id: id) ?? roster.removal(id: id)?.player
      else { throw HTTPError(.notFound, context.localized("There is no such player.")) }
      // Their photo wins; its name changes with it.
      if let hash = roster.photos[id] {
        return HTTPResponse(
          status: 302,
          headers: [("Location", Player.photoPath(hash)), ("Cache-Control", "no-cache")])
      }
      return images.response(for: player, roster: roster, request: request)
    }
  }
}
