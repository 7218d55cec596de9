import TeamKit

/// The slash commands the product answers in Discord, as Discord registers them: English
/// names with French ones for French clients (`/week` is `/semaine`).
public enum DiscordCommands {
  /// A command's base name, as an interaction names it whatever the reader's language.
  public enum Name: String, CaseIterable, Sendable {
    case week, availability, scrims, link
  }

  /// The commands' JSON for Discord's "Bulk Overwrite Global Application Commands".
  public static var definitions: JSONValue {
    .array([
      command(
        .week, french: "semaine", "Your team’s week, with its verdicts",
        "La semaine de votre équipe, avec ses verdicts"),
      command(
        .availability, french: "dispo", "Set your weekly hours or a day away",
        "Donnez vos heures de la semaine ou un jour d’absence",
        options: [
          option(
            "hours", french: "heures", "Your weekly hours, e.g. Mon-Fri 18:00-23:00",
            "Vos heures, par ex. lun-ven 18h-23h"),
          option(
            "away", french: "absent",
            "A day or days away, e.g. 2026-03-12 or 2026-03-12..2026-03-14",
            "Un ou des jours d’absence, par ex. 2026-03-12"),
          option(
            "back", french: "retour", "Days away you take back, e.g. 2026-03-12",
            "Des jours d’absence à annuler, par ex. 2026-03-12"),
        ]),
      command(
        .scrims, french: "scrims", "Your invitations, to answer yes, no or maybe",
        "Vos invitations, pour répondre oui, non ou peut-être"),
      command(
        .link, french: "lier", "Link your Discord account with the code from your page",
        "Liez votre compte Discord avec le code de votre page",
        options: [
          option(
            "code", french: "code", "The code shown on your page", "Le code affiché sur votre page",
            required: true)
        ]),
    ])
  }

  private static func command(
    _ name: Name, french: String, _ description: String, _ frenchDescription: String,
    options: [JSONValue] = []
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "name": .string(name.rawValue), "type": .int(1),
      "name_localizations": .object(["fr": .string(french)]),
      "description": .string(description),
      "description_localizations": .object(["fr": .string(frenchDescription)]),
    ]
    if !options.isEmpty { members["options"] = .array(options) }
    return .object(members)
  }

  private static func option(
    _ name: String, french: String, _ description: String, _ frenchDescription: String,
    required: Bool = false
  ) -> JSONValue {
    .object([
      "name": .string(name), "type": .int(3), "required": .bool(required),
      "name_localizations": .object(["fr": .string(french)]),
      "description": .string(String(description.prefix(100))),
      "description_localizations": .object(["fr": .string(String(frenchDescription.prefix(100)))]),
    ])
  }
}
