import Dispatch
import NIOConcurrencyHelpers
import NIOSSL
import Vapor

#if canImport(Glibc)
    import Glibc
#endif

/// The server's TLS certificate and key (`serve --tls-cert FILE --tls-key FILE`, or
/// TODO_SERVER_TLS_CERT and TODO_SERVER_TLS_KEY), read again on SIGHUP.
///
/// Each new connection takes the context current when it arrives, so a reload changes the
/// certificate for new connections while open ones carry on with theirs; a reload that
/// cannot read the files is logged and keeps the certificate in use.
final class ServerTLS: ApplicationShared {
    struct Files: Sendable, Equatable {
        var certificate: String
        var key: String
    }

    private let state = NIOLockedValueBox<(files: Files, context: NIOSSLContext)?>(nil)

    init() {}

    /// The context for a new connection; nil while the server speaks plain HTTP.
    var context: NIOSSLContext? { state.withLockedValue { $0?.context } }

    /// Reads `files` and uses them from the next connection on; throws, changing nothing,
    /// when they cannot be read or do not make a server context.
    func use(_ files: Files) throws {
        let context = try Self.context(files)
        state.withLockedValue { $0 = (files, context) }
    }

    /// Reads the files in use again (SIGHUP). Returns what to log.
    func reload() -> (ok: Bool, message: String) {
        guard let files = state.withLockedValue({ $0?.files }) else {
            return (true, "SIGHUP: no TLS certificate to reload (plain HTTP)")
        }
        do {
            try use(files)
            return (true, "SIGHUP: reloaded the TLS certificate \(files.certificate) and key \(files.key)")
        } catch {
            return (false, "SIGHUP: kept the TLS certificate in use: \(error)")
        }
    }

    private static func context(_ files: Files) throws -> NIOSSLContext {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificate)
        } catch {
            throw CommandFailure("cannot read the TLS certificate \(files.certificate): \(Self.describe(error))")
        }
        guard !chain.isEmpty else { throw CommandFailure("no PEM certificate in \(files.certificate)") }
        do {
            key = try NIOSSLPrivateKey(file: files.key, format: .pem)
        } catch {
            throw CommandFailure("cannot read the TLS private key \(files.key): \(Self.describe(error))")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = ["http/1.1"]
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch let error as NIOSSLError where error == .failedToLoadPrivateKey {
            // Both files read; BoringSSL refuses a key that is not the certificate's.
            throw CommandFailure(
                "the TLS private key \(files.key) is not the key of the certificate \(files.certificate)")
        } catch {
            throw CommandFailure(
                """
                the TLS certificate \(files.certificate) and key \(files.key) do not make a server \
                context: \(Self.describe(error))
                """
            )
        }
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? NIOSSLError, case .failedToLoadCertificate = error {
            return "not a readable PEM certificate"
        }
        if let error = error as? NIOSSLError, case .failedToLoadPrivateKey = error {
            return "not a readable PEM private key"
        }
        return String(describing: error)
    }

}

/// SIGHUP for a running server: reloads its TLS files (`ServerTLS.reload`), and never stops it
/// (the default action would, and systemd's `ExecReload=kill -HUP` would then end the service).
enum HangUpSignal {
    nonisolated(unsafe) private static var source: (any DispatchSourceSignal)?
    private static let lock = NIOLock()

    static func install(_ tls: ServerTLS, logger: Logger) {
        lock.withLock {
            guard source == nil else { return }
            signal(SIGHUP, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
            source.setEventHandler {
                let (ok, message) = tls.reload()
                if ok { logger.notice("\(message)") } else { logger.error("\(message)") }
            }
            source.resume()
            self.source = source
        }
    }
}
