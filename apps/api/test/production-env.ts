/**
 * A complete production configuration for tests and benches that run the app with NODE_ENV=production:
 * every variable production requires (config.ts, productionProblems) with a harmless value. Nothing is
 * sent anywhere: SMTP points at a closed local port and PUBLIC_URL is never called by the server.
 */
import forge from 'node-forge';
import webpush from 'web-push';

const vapid = webpush.generateVAPIDKeys();

/**
 * An ARCA certificate and key of the form ARCA issues (CN = alias, serialNumber = "CUIT …"), self-signed:
 * production only checks that they are there and well formed; nothing is sent to ARCA (its URLs point at
 * a closed local port).
 */
function arcaCredentials(cuit: string) {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: 'cubierto-tests' },
    { shortName: 'O', value: 'Cubierto S.A.' },
    { name: 'serialNumber', value: `CUIT ${cuit}` },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: forge.pki.privateKeyToPem(keys.privateKey) };
}

const ARCA_CUIT = '30712345671';
const arca = arcaCredentials(ARCA_CUIT);

export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PAYMENTS_SANDBOX: 'false',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'https://app.cubierto.example',
    SMTP_URL: 'smtp://127.0.0.1:9',
    OPS_TOKEN: 'ops-token-for-production-tests-0123456789',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ARCA_ENV: 'homologacion',
    ARCA_CUIT,
    ARCA_CERT: arca.cert,
    ARCA_KEY: arca.key,
    ARCA_WSAA_URL: 'http://127.0.0.1:9/ws/services/LoginCms',
    ARCA_WSFE_URL: 'http://127.0.0.1:9/wsfev1/service.asmx',
    ...overrides,
  };
}
