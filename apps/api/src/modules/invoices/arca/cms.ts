/**
 * WSAA's login request: the TRA (loginTicketRequest 1.0) and its CMS SignedData (PKCS#7, SHA-256, the signing
 * certificate included, the TRA attached), base64 — what `loginCms` takes as `in0`.
 * Also reads such a CMS back (the local peer verifies it; tests check it is well formed).
 */
import { createHash, createPublicKey, verify } from 'node:crypto';
import forge from 'node-forge';
import { escapeXml } from './xml.ts';

/** Argentina's offset: ARCA writes its times in ART (-03:00, no daylight saving). */
const ART_OFFSET_MINUTES = -180;

/** `2026-11-26T11:35:00-03:00`: a time written in ART, as WSAA expects it. */
export function artTimestamp(date: Date): string {
  const shifted = new Date(date.getTime() + ART_OFFSET_MINUTES * 60_000);
  return `${shifted.toISOString().slice(0, 19)}-03:00`;
}

export interface TraOptions {
  service: string;
  now?: Date;
  /** How far back generationTime goes and forward expirationTime goes (clock skew allowance), default 10 min. */
  windowMs?: number;
  uniqueId?: number;
}

/** The loginTicketRequest XML (version 1.0) for a service. */
export function buildTra({
  service,
  now = new Date(),
  windowMs = 10 * 60_000,
  uniqueId,
}: TraOptions): string {
  const id = uniqueId ?? Math.floor(now.getTime() / 1000) % 4_294_967_295;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<loginTicketRequest version="1.0">',
    '<header>',
    `<uniqueId>${id}</uniqueId>`,
    `<generationTime>${artTimestamp(new Date(now.getTime() - windowMs))}</generationTime>`,
    `<expirationTime>${artTimestamp(new Date(now.getTime() + windowMs))}</expirationTime>`,
    '</header>',
    `<service>${escapeXml(service)}</service>`,
    '</loginTicketRequest>',
  ].join('');
}

/** Signs content as CMS SignedData (SHA-256 with RSA, content attached, certificate included); base64 DER. */
export function signCms(content: string, certificatePem: string, privateKeyPem: string): string {
  const certificate = forge.pki.certificateFromPem(certificatePem);
  const key = forge.pki.privateKeyFromPem(privateKeyPem);
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(content, 'utf8');
  p7.addCertificate(certificate);
  p7.addSigner({
    key,
    certificate,
    digestAlgorithm: forge.pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data as string },
      { type: forge.pki.oids.messageDigest as string },
      // forge's typings say string; its encoder takes a Date for signingTime (and writes UTCTime).
      { type: forge.pki.oids.signingTime as string, value: new Date() as unknown as string },
    ],
  });
  p7.sign({ detached: false });
  return forge.util.encode64(forge.asn1.toDer(p7.toAsn1()).getBytes());
}

export class CmsError extends Error {
  override name = 'CmsError';
  /** WSAA's fault code for it: cms.bad, cms.bad.base64, cms.cert.notFound, cms.sign.invalid. */
  readonly code: 'cms.bad' | 'cms.bad.base64' | 'cms.cert.notFound' | 'cms.sign.invalid';
  constructor(code: CmsError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

export interface OpenedCms {
  /** The attached content (the TRA), as UTF-8 text. */
  content: string;
  /** The certificates carried in the CMS, PEM. */
  certificatesPem: string[];
  /** The digest algorithm OID of the (single) signer, e.g. 2.16.840.1.101.3.4.2.1 for SHA-256. */
  digestAlgorithm: string;
  /** Whether the signature verifies against the first certificate and the messageDigest matches the content. */
  signatureValid: boolean;
}

const OID_DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
  '1.3.14.3.2.26': 'sha1',
};
const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';

type Asn1 = forge.asn1.Asn1;

function children(node: Asn1 | undefined): Asn1[] {
  return node && Array.isArray(node.value) ? (node.value as Asn1[]) : [];
}

function bytes(node: Asn1 | undefined): string {
  if (!node) return '';
  if (typeof node.value === 'string') return node.value;
  // A constructed OCTET STRING: its chunks in order.
  return children(node).map(bytes).join('');
}

/**
 * Opens a base64 CMS SignedData: its content, certificates, and whether the signer's signature verifies
 * with the first certificate's public key (RSA PKCS#1 v1.5 over the DER SET of the signed attributes, whose
 * messageDigest must be the content's digest). Throws CmsError when the input is not such a CMS.
 */
export function openCms(base64: string): OpenedCms {
  const compact = base64.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) {
    throw new CmsError('cms.bad.base64', 'No se puede decodificar el BASE64');
  }
  let root: Asn1;
  try {
    root = forge.asn1.fromDer(forge.util.decode64(compact));
  } catch {
    throw new CmsError('cms.bad', 'El CMS no es valido');
  }
  const [typeOid, explicitContent] = children(root);
  if (!typeOid || forge.asn1.derToOid(bytes(typeOid)) !== OID_SIGNED_DATA) {
    throw new CmsError('cms.bad', 'El CMS no es valido');
  }
  const signedData = children(explicitContent)[0];
  const parts = children(signedData);
  // version, digestAlgorithms, encapContentInfo, [0] certificates?, [1] crls?, signerInfos
  const encap = parts[2];
  const encapContent = children(children(encap)[1])[0];
  const content = forge.util.decodeUtf8(bytes(encapContent));
  const certificatesNode = parts.find(
    (p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0,
  );
  const certificatesPem = children(certificatesNode).map((c) =>
    forge.pki.certificateToPem(forge.pki.certificateFromAsn1(c)),
  );
  const signerInfos = parts.at(-1);
  const signer = children(signerInfos)[0];
  if (!signer || content === '') throw new CmsError('cms.bad', 'El CMS no es valido');
  if (certificatesPem.length === 0) {
    throw new CmsError('cms.cert.notFound', 'No se ha encontrado certificado de firma en el CMS');
  }
  const signerParts = children(signer);
  const digestAlgorithm = forge.asn1.derToOid(bytes(children(signerParts[2])[0]));
  const signedAttributes = signerParts.find(
    (p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0,
  );
  const signature = bytes(
    signerParts.find((p) => p.type === forge.asn1.Type.OCTETSTRING && p.tagClass === 0),
  );
  const hash = OID_DIGESTS[digestAlgorithm];
  let signatureValid = false;
  if (hash && signedAttributes && signature) {
    const attributes = children(signedAttributes);
    const messageDigest = attributes.find(
      (a) => forge.asn1.derToOid(bytes(children(a)[0])) === OID_MESSAGE_DIGEST,
    );
    const declared = bytes(children(children(messageDigest)[1])[0]);
    const actual = createHash(hash)
      .update(Buffer.from(bytes(encapContent), 'binary'))
      .digest('binary');
    // The signature covers the attributes re-encoded as a SET (tag 0x31), not as the [0] IMPLICIT field.
    const asSet = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
    const signedBytes = Buffer.from(forge.asn1.toDer(asSet).getBytes(), 'binary');
    try {
      const publicKey = createPublicKey(certificatesPem[0] as string);
      signatureValid =
        declared === actual && verify(hash, signedBytes, publicKey, Buffer.from(signature, 'binary'));
    } catch {
      signatureValid = false;
    }
  }
  return { content, certificatesPem, digestAlgorithm, signatureValid };
}
