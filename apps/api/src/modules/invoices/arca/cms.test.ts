/** The TRA and its CMS are what WSAA expects (read back with node-forge), and the XML reader is strict. */
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromArcaDate, toArcaDate, validCuit } from './amounts.ts';
import { artTimestamp, buildTra, openCms, signCms } from './cms.ts';
import { type ArcaLocalPeer, startArcaLocalPeer } from './local-peer.ts';
import { parseLoginTicketResponse } from './wsaa.ts';
import { parseXml, soapBody, soapFault, textAt, XmlSyntaxError } from './xml.ts';

let peer: ArcaLocalPeer;
beforeAll(async () => {
  peer = await startArcaLocalPeer();
});
afterAll(async () => peer.close());

describe('TRA', () => {
  it('is a loginTicketRequest 1.0 for the service, its window around now in ART', () => {
    const now = new Date('2026-11-26T14:00:00Z');
    const tra = parseXml(buildTra({ service: 'wsfe', now, uniqueId: 42 }));
    expect(tra.local).toBe('loginTicketRequest');
    expect(tra.attributes.version).toBe('1.0');
    expect(textAt(tra, 'header', 'uniqueId')).toBe('42');
    expect(textAt(tra, 'header', 'generationTime')).toBe('2026-11-26T10:50:00-03:00');
    expect(textAt(tra, 'header', 'expirationTime')).toBe('2026-11-26T11:10:00-03:00');
    expect(textAt(tra, 'service')).toBe('wsfe');
    expect(Date.parse(textAt(tra, 'header', 'generationTime')!)).toBe(now.getTime() - 10 * 60_000);
    expect(artTimestamp(new Date('2026-01-01T02:30:00Z'))).toBe('2025-12-31T23:30:00-03:00');
  });
});

describe('CMS', () => {
  it('is SignedData with SHA-256, the certificate included and the TRA attached', () => {
    const tra = buildTra({ service: 'wsfe' });
    const cms = signCms(tra, peer.certificatePem, peer.privateKeyPem);
    expect(cms).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const message = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(forge.util.decode64(cms)),
    ) as forge.pkcs7.PkcsSignedData & {
      type: string;
      rawCapture: { contentType: string; content: forge.asn1.Asn1; signerInfos: forge.asn1.Asn1[] };
    };
    expect(message.type).toBe(forge.pki.oids.signedData);
    // The encapsulated content: id-data, attached ([0] EXPLICIT OCTET STRING).
    expect(forge.asn1.derToOid(message.rawCapture.contentType)).toBe(forge.pki.oids.data);
    const attached = (message.rawCapture.content.value as forge.asn1.Asn1[])[0]!;
    expect(forge.util.decodeUtf8(attached.value as string)).toBe(tra);
    expect(message.certificates).toHaveLength(1);
    expect(forge.pki.certificateToPem(message.certificates[0]!)).toBe(peer.certificatePem);
    expect(message.rawCapture.signerInfos).toHaveLength(1);
    const opened = openCms(cms);
    expect(opened.digestAlgorithm).toBe(forge.pki.oids.sha256);
    expect(opened.content).toBe(tra);
    expect(opened.signatureValid).toBe(true);
    const subject = message.certificates[0]!.subject.getField({ type: '2.5.4.5' }) as { value: string };
    expect(subject.value).toBe(`CUIT ${peer.cuit}`);
  });

  it('does not verify once its content is changed', () => {
    const cms = signCms(buildTra({ service: 'wsfe' }), peer.certificatePem, peer.privateKeyPem);
    const der = forge.util.decode64(cms);
    const tampered = der.replace('<service>wsfe</service>', '<service>wsfx</service>');
    expect(tampered).not.toBe(der);
    expect(openCms(forge.util.encode64(tampered)).signatureValid).toBe(false);
    expect(() => openCms('no es base64!')).toThrow(expect.objectContaining({ code: 'cms.bad.base64' }));
    expect(() => openCms(forge.util.encode64('not der'))).toThrow(
      expect.objectContaining({ code: 'cms.bad' }),
    );
  });
});

describe('XML', () => {
  it('reads elements, attributes, entities, CDATA and namespaces', () => {
    const root = parseXml(
      `<?xml version="1.0"?><!-- c --><a:Root xmlns:a="urn:x" k='v &amp; w'><a:Item>1 &lt; 2 &#233;&#x41;</a:Item><Item><![CDATA[<b>]]></Item><Empty/></a:Root>`,
    );
    expect(root.local).toBe('Root');
    expect(root.attributes.k).toBe('v & w');
    expect(root.children.map((c) => c.text)).toEqual(['1 < 2 éA', '<b>', '']);
  });

  it('refuses a DOCTYPE, mismatched tags and text outside the root', () => {
    expect(() => parseXml('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).toThrow(
      XmlSyntaxError,
    );
    expect(() => parseXml('<a><b></a></b>')).toThrow(XmlSyntaxError);
    expect(() => parseXml('<a/>trailing')).toThrow(XmlSyntaxError);
    expect(() => parseXml('<a>&unknown;</a>')).toThrow(XmlSyntaxError);
  });

  it('reads a WSAA fault and a loginTicketResponse', () => {
    const body = soapBody(
      '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:coe.alreadyAuthenticated</faultcode><faultstring>El CEE ya posee un TA valido para el acceso al WSN solicitado</faultstring></soapenv:Fault></soapenv:Body></soapenv:Envelope>',
    );
    expect(soapFault(body)).toEqual({
      code: 'coe.alreadyAuthenticated',
      message: 'El CEE ya posee un TA valido para el acceso al WSN solicitado',
    });
    const ticket = parseLoginTicketResponse(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0"><header><uniqueId>1</uniqueId><generationTime>2026-11-26T11:00:00.000-03:00</generationTime><expirationTime>2026-11-26T23:00:00.000-03:00</expirationTime></header><credentials><token>T</token><sign>S</sign></credentials></loginTicketResponse>',
    );
    expect(ticket).toEqual({
      token: 'T',
      sign: 'S',
      generatedAt: new Date('2026-11-26T14:00:00Z'),
      expiresAt: new Date('2026-11-27T02:00:00Z'),
    });
  });
});

describe('dates and CUITs', () => {
  it('converts dates both ways and checks CUIT check digits', () => {
    expect(toArcaDate('2026-11-26')).toBe('20261126');
    expect(fromArcaDate('20261126')).toBe('2026-11-26');
    expect(() => toArcaDate('26/11/2026')).toThrow(RangeError);
    expect(validCuit('20111111112')).toBe(true);
    expect(validCuit('30500010912')).toBe(true);
    expect(validCuit('20111111113')).toBe(false);
  });
});
