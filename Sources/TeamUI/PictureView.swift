import Foundation
import SwiftUI
import TeamClient
import TeamKit

#if canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// A round picture: a player's uploaded photo, else the app's asset named `imageName` when
/// it has one, otherwise the drawing TeamKit's ``Picture`` describes (the same rules as the
/// web app's pictures). The team, when the environment has one, gives a player's initials
/// their role's colour and their photo.
struct PictureView: View {
  let imageName: String
  let size: CGFloat
  /// The player pictured, when it is a player: without a picture of their own they show
  /// their initials rather than the shared silhouette.
  var player: Player?
  @Environment(EsportTeam.self) private var team: EsportTeam?
  /// The player's photo once read from the team's source.
  @State private var photo: Image?

  init(imageName: String, size: CGFloat) {
    self.imageName = imageName
    self.size = size
  }

  init(player: Player, size: CGFloat) {
    self.imageName = player.image
    self.size = size
    self.player = player
  }

  private var picture: Picture {
    let players = team?.players ?? []
    return player.map { Picture(player: $0, players: players) }
      ?? Picture(imageName: imageName, players: players)
  }

  var body: some View {
    ZStack {
      if let photo {
        photo
          .resizable()
          .scaledToFill()
      } else if Self.hasAsset(named: imageName) {
        Image(imageName)
          .resizable()
          .scaledToFill()
      } else {
        drawing
      }
    }
    .frame(width: size, height: size)
    .clipShape(Circle())
    .task(id: player?.photo) { await loadPhoto() }
  }

  /// The player's photo, else the game's art for a champion's image name once synced.
  private func loadPhoto() async {
    let jpeg: Data?
    if let player, player.photo != nil {
      jpeg = await team?.photo(of: player)
    } else if imageName != Player.defaultImage, !Self.hasAsset(named: imageName) {
      jpeg = await team?.championArt(imageName)
    } else {
      jpeg = nil
    }
    guard let jpeg else {
      photo = nil
      return
    }
    #if canImport(UIKit)
      photo = UIImage(data: jpeg).map { Image(uiImage: $0) }
    #elseif canImport(AppKit)
      photo = NSImage(data: jpeg).map { Image(nsImage: $0) }
    #endif
  }

  @ViewBuilder private var drawing: some View {
    switch picture {
    case .silhouette:
      ZStack {
        Circle().fill(Color(red: 0.16, green: 0.22, blue: 0.38))
        Image(systemName: "person.fill")
          .resizable()
          .scaledToFit()
          .padding(size * 0.22)
          .foregroundStyle(Color(red: 0.55, green: 0.61, blue: 0.76))
      }
    case .monogram(let letters, let kind):
      let (red, green, blue) = Picture.color(for: kind)
      let fill = Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
      let gold = Color(red: 0.78, green: 0.67, blue: 0.43)
      ZStack {
        // The class's shape (a circle for mages), with a gold line inside its edge.
        if let corners = Picture.outline(for: kind) {
          Polygon(corners: corners).fill(fill)
          Polygon(corners: corners).stroke(gold, lineWidth: size * 0.05).padding(size * 0.11)
        } else {
          Circle().fill(fill)
          Circle().strokeBorder(gold, lineWidth: size * 0.05).padding(size * 0.09)
        }
        Text(letters)
          .font(
            .system(size: size * (letters.count > 2 ? 0.3 : 0.36), weight: .bold, design: .serif)
          )
          .foregroundStyle(Color(red: 0.94, green: 0.90, blue: 0.82))
      }
    case .initials(let letters, let position):
      let (red, green, blue) = Picture.color(for: position)
      ZStack {
        Circle().fill(
          Color(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255))
        Text(letters)
          .font(.system(size: size * 0.4, weight: .bold))
          .foregroundStyle(.white)
      }
    }
  }

  /// Whether the app's asset catalog has a picture of this name.
  private static func hasAsset(named name: String) -> Bool {
    #if canImport(UIKit)
      UIImage(named: name) != nil
    #elseif canImport(AppKit)
      NSImage(named: name) != nil
    #else
      false
    #endif
  }
}

/// Polygons through corners given in a unit square (``Picture/outline(for:)``).
struct Polygon: Shape {
  let shapes: [[(x: Double, y: Double)]]

  init(corners: [(x: Double, y: Double)]) { shapes = [corners] }
  init(shapes: [[(x: Double, y: Double)]]) { self.shapes = shapes }

  nonisolated func path(in rect: CGRect) -> Path {
    Path { path in
      for corners in shapes {
        path.addLines(
          corners.map {
            CGPoint(x: rect.minX + $0.x * rect.width, y: rect.minY + $0.y * rect.height)
          })
        path.closeSubpath()
      }
    }
  }
}

/// A position's lane icon (``Picture/laneIcon(_:)``); decorative, as the position's name is
/// always beside it.
struct LaneIcon: View {
  let position: Position
  var size: CGFloat = 18

  var body: some View {
    // A shape shown as it is is filled with the foreground style, as the text beside it.
    Polygon(
      shapes: Picture.laneIcon(position).map { $0.map { (x: $0.x / 24, y: $0.y / 24) } }
    )
    .frame(width: size, height: size)
  }
}

#if os(iOS) || os(macOS)
  #Preview {
    PictureView(imageName: "canna", size: 160)
  }
#endif
