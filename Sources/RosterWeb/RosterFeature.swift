import TeamHTTP
import WebBase

/// The roster: its pages (a team's sheet, a player's page and forms, Recently removed, the
/// history), the players' photos and pictures, and the same in the API.
package struct RosterFeature: WebFeature {
  /// The pages and documents rendered once per roster version.
  let cache: ResponseCache
  /// The pictures a player may have, and their photos.
  let images: ImageLibrary

  package init(cache: ResponseCache, images: ImageLibrary) {
    self.cache = cache
    self.images = images
  }

  package func mount(on router: inout Router) {
    addPageRoutes(&router)
    addAPIRoutes(&router)
    addPhotoRoutes(&router)
    addPictureRoutes(&router)
  }
}
