// What the README's Swift assumes and never shows: the app's own keychain, API client, store and
// session (scripts/check-doc-snippets.mjs).
import Foundation

actor Keychain { var token: String? { nil } }
struct APIClient: Sendable { func refresh() async throws -> String { "" } }
struct Store: Sendable { func buy(_ sku: String) async throws -> String { sku } }
actor AppSession { var userID: String? { nil } }

let keychain = Keychain()
let api = APIClient()
let store = Store()
let session = AppSession()
let deviceID = UUID().uuidString
let sessionID = UUID().uuidString
