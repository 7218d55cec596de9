import Foundation
import TeamHTTP
import TeamKit
import TeamPhoto
import TeamStore

extension WebApp {
  /// The picture types an upload may be sent as.
  static let photoTypes = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"]

  /// `PUT /api/players/{id}/photo`: the only requests whose body may be a photo's size.
  static func isPhotoUpload(_ method: String, _ path: String) -> Bool {
    method == "PUT" && path.hasPrefix("/api/players/") && path.hasSuffix("/photo")
  }

  /// `POST /players` and `POST /players/{id}/edit`, whose forms may carry a photo.
  static func isPlayerForm(_ method: String, _ path: String) -> Bool {
    method == "POST"
      && (path == "/players" || (path.hasPrefix("/players/") && path.hasSuffix("/edit")))
  }

  /// The photo a player form carries, re-encoded; nil when none was chosen.
  /// - Throws: ``ValidationError`` on the image field, saying what to choose instead.
  static func formPhoto(_ request: HTTPRequest) throws(ValidationError) -> Photo? {
    guard let file = request.formFiles["photo"], !file.data.isEmpty else { return nil }
    do throws(PhotoError) {
      return try Photo(upload: Data(file.data))
    } catch {
      throw ValidationError(.image, localized("%@ Choose the photo again.", error.description))
    }
  }

  /// Photos: uploaded through the API, re-encoded by TeamPhoto, served under their hash.
  mutating func addPhotoRoutes() {
    let store = store

    route("PUT", "/api/players/{id}/photo") { request, parameters in
      guard WebApp.isSameOrigin(request) else { throw HTTPError.crossSite }
      let player = try WebApp.player(parameters["id"], in: store.roster)
      let type =
        request.header("content-type")?.split(separator: ";").first
        .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
      guard WebApp.photoTypes.contains(type) else {
        throw HTTPError(
          415, localized("Send the photo as image/jpeg, image/png, image/webp or image/heic."))
      }
      let photo: Photo
      do throws(PhotoError) {
        photo = try Photo(upload: Data(request.body))
      } catch {
        let status =
          switch error {
          case .tooLarge: 413
          case .failed: 503  // the server's own lack, not the photo's
          default: 422
          }
        throw HTTPError(status, error.description)
      }
      return WebApp.json(try store.setPhoto(of: player.id, to: (photo.jpeg, photo.hash)))
    }

    route("DELETE", "/api/players/{id}/photo") { request, parameters in
      guard WebApp.isSameOrigin(request) else { throw HTTPError.crossSite }
      let player = try WebApp.player(parameters["id"], in: store.roster)
      try store.setPhoto(of: player.id, to: nil)
      return HTTPResponse(status: 204)
    }

    // Named by their content: cached for ever, never revalidated.
    route("GET", "/photos/{file}") { _, parameters in
      let file = parameters["file"] ?? ""
      let hash = file.hasSuffix(".jpg") ? String(file.dropLast(4)) : ""
      guard hash.count == 64, hash.allSatisfy(\.isHexDigit),
        let jpeg = try store.photo(hash: hash)
      else { throw HTTPError(404, localized("There is no such photo.")) }
      return HTTPResponse(
        status: 200,
        headers: [
          ("Content-Type", "image/jpeg"), ("Cache-Control", "public, max-age=31536000, immutable"),
          ("Content-Security-Policy", ImageLibrary.policy),
        ], body: Array(jpeg))
    }
  }
}
