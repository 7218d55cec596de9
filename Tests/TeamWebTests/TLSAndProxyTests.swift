import Foundation
import TeamAccess
import TeamHTTP
import TeamKit
import TeamStore
import TestSupport
import Testing
import WebBase

@testable import TeamWeb

/// HTTPS through libmicrohttpd's GnuTLS, and the headers a reverse proxy on this machine adds.
@Suite(.timeLimit(.minutes(1))) struct TLSAndProxyTests {
  /// Runs a program to its end; returns its standard output.
  @discardableResult
  func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = privatePipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func kcorpServesHTTPSWithACertificateAndSaysSoWithHSTS() throws {
    let folder = try TemporaryFolder()
    let key = folder.path("key.pem")
    let certificate = folder.path("cert.pem")
    let (made, _) = try run(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost",
        "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
      ])
    #expect(made == 0)
    let served = try ServedKCorp(["--port", "0", "--tls-cert", certificate, "--tls-key", key])
    #expect(served.firstLine.hasPrefix("Listening on https://127.0.0.1:"))
    let port = try #require(served.port)
    let (status, output) = try run(
      "/usr/bin/curl",
      ["-s", "-i", "--cacert", certificate, "https://127.0.0.1:\(port)/api/players"])
    #expect(status == 0)
    #expect(output.hasPrefix("HTTP/1.1 200"))
    #expect(output.lowercased().contains("strict-transport-security: max-age=31536000"))
    #expect(output.contains(#""name":"Canna""#))
    // Plain HTTP on the TLS port gets no page.
    #expect(throws: (any Error).self) { try HTTPClient(port: port).get("/api/players") }
  }

  @Test func onlyTLS12And13WithForwardSecretAEADSuitesInTheServersOrderAreOffered() throws {
    let folder = try TemporaryFolder()
    let key = folder.path("key.pem")
    let certificate = folder.path("cert.pem")
    // An RSA certificate: the one with which static-RSA key exchange would be possible.
    let (made, _) = try run(
      "/usr/bin/openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
        "-days", "1", "-subj", "/CN=localhost",
      ])
    #expect(made == 0)
    let served = try ServedKCorp(["--port", "0", "--tls-cert", certificate, "--tls-key", key])
    let port = try #require(served.port)
    /// The cipher a handshake with these `openssl s_client` options agrees on; nil when the
    /// server refuses it.
    func cipher(_ options: [String]) throws -> String? {
      let (_, output) = try run(
        "/usr/bin/openssl", ["s_client", "-connect", "127.0.0.1:\(port)"] + options)
      let line = output.split(separator: "\n").first { $0.contains("Cipher is ") }
      let cipher = line.map { String($0.split(separator: " ").last ?? "") }
      return cipher == "(NONE)" ? nil : cipher
    }
    // Old protocols, even from a client willing (SECLEVEL=0); static RSA; CBC with SHA-1.
    for refused in [
      ["-tls1", "-cipher", "DEFAULT@SECLEVEL=0"], ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"],
      ["-tls1_2", "-cipher", "AES128-SHA"], ["-tls1_2", "-cipher", "AES256-GCM-SHA384"],
      ["-tls1_2", "-cipher", "ECDHE-RSA-AES128-SHA"],
      ["-tls1_2", "-cipher", "ECDHE-RSA-AES256-SHA384"],
    ] {
      #expect(try cipher(refused) == nil, "\(refused)")
    }
    // The client's order is not the server's: AES-256-GCM wins though offered last.
    #expect(
      try cipher(["-tls1_2", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384"])
        == "ECDHE-RSA-AES256-GCM-SHA384")
    #expect(try cipher(["-tls1_3"]) == "TLS_AES_256_GCM_SHA384")
    // A renegotiation the client starts on TLS 1.2 is never carried out: the server closes
    // (s_client says "closed"; after a renegotiation it would wait for stdin's end, "DONE").
    let (_, renegotiation) = try run(
      "/bin/sh",
      [
        "-c",
        "(printf 'R\\n'; sleep 2) | /usr/bin/openssl s_client -connect 127.0.0.1:\(port) -tls1_2 2>&1",
      ])
    #expect(renegotiation.contains("RENEGOTIATING"))
    #expect(renegotiation.contains("closed") && !renegotiation.contains("DONE"))
  }

  @Test func aBadCertificateIsOneClearError() throws {
    let folder = try TemporaryFolder()
    let junk = try folder.write("not a certificate", to: "junk.pem")
    let served = try ServedKCorp(["--port", "0", "--tls-cert", junk, "--tls-key", junk])
    served.process.waitUntilExit()
    #expect(served.process.terminationStatus == 74)
    #expect(served.errorOutput().contains("this certificate and key"))
  }

  /// The app answering one request as the server would hand it over.
  func answer(_ app: WebApp, _ request: HTTPRequest) async -> HTTPResponse {
    await app.handle(request)
  }

  func request(
    _ method: String = "GET", path: String = "/api/players", from address: String = "127.0.0.1",
    headers: [String: String] = [:], secure: Bool = false
  ) -> HTTPRequest {
    var request = HTTPRequest(
      method: method, path: path, headers: ["Host": "roster.example.org"].merging(headers) { $1 })
    request.clientAddress = address
    request.isSecure = secure
    return request
  }

  @Test func behindATrustedProxyForwardedHTTPSCountsAndOnlyFromThisMachine() async throws {
    let store = try RosterStore.inMemory()
    let hosts = WebApp.loopbackNames.union(["roster.example.org"])
    let trusting = WebApp(store: store, options: .init(allowedHosts: hosts, trustProxy: true))
    let plain = WebApp(store: store, options: .init(allowedHosts: hosts))
    let forwarded = ["X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"]
    func hsts(_ response: HTTPResponse) -> Bool {
      response.header("strict-transport-security") != nil
    }
    #expect(hsts(await answer(trusting, request(headers: forwarded))))
    #expect(!hsts(await answer(trusting, request(from: "198.51.100.2", headers: forwarded))))
    #expect(!hsts(await answer(plain, request(headers: forwarded))))
    #expect(hsts(await answer(plain, request(secure: true))))
    #expect(trusting.clientAddress(request(headers: forwarded)) == "203.0.113.7")
    #expect(
      trusting.clientAddress(request(from: "198.51.100.2", headers: forwarded)) == "198.51.100.2")
    #expect(plain.clientAddress(request(headers: forwarded)) == "127.0.0.1")
  }

  @Test func overHTTPSTheSessionCookieIsHostPrefixedAndSecure() async throws {
    let store = try RosterStore.inMemory()
    let access = AccessControl(store: store)
    try await access.addAccount(name: "coach", role: .owner, password: "coach password")
    let app = WebApp(
      store: store, options: .init(allowedHosts: ["roster.example.org"], requireLogin: true),
      access: access)
    let page = await answer(app, request(path: "/signin", secure: true))
    let csrf = try #require(page.header("set-cookie")?.split(separator: ";").first.map(String.init))
    let token = try #require(
      String(decoding: page.body, as: UTF8.self).firstMatch(
        of: /name="csrf" value="([0-9a-f]{64})"/)?.1)
    var signIn = request(
      "POST", path: "/signin",
      headers: [
        "Cookie": csrf, "Content-Type": "application/x-www-form-urlencoded",
        "Origin": "https://roster.example.org",
      ], secure: true)
    signIn.body = Array("csrf=\(token)&name=coach&password=coach+password&next=%2F".utf8)
    let response = await answer(app, signIn)
    #expect(response.status == 303)
    let cookies = response.headers.filter { $0.name == "Set-Cookie" }.map(\.value)
    let cookie = try #require(cookies.first { $0.hasPrefix("__Host-kcorp_session=") })
    #expect(cookie.contains("; Secure") && cookie.contains("HttpOnly") && cookie.contains("Path=/"))
    // The CSRF cookie too, and a new one with the new session.
    #expect(csrf.hasPrefix("__Host-kcorp_csrf="))
    let renewed = try #require(cookies.first { $0.hasPrefix("__Host-kcorp_csrf=") })
    #expect(renewed.contains("; Secure") && !renewed.hasPrefix(csrf + ";"))
    // Over HTTPS, a page of the same name over plain HTTP is another origin.
    var plainOrigin = signIn
    plainOrigin.headers["origin"] = "http://roster.example.org"
    #expect(await answer(app, plainOrigin).status == 403)
  }
}
