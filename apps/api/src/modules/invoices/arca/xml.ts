/**
 * A small, strict XML reader and writer for ARCA's SOAP messages (WSAA's Axis and WSFEv1's ASP.NET answers,
 * the TRA and the loginTicketResponse).
 *
 * Why not a library: fast-xml-parser is only present as a development dependency of a test peer (s3rver,
 * version 3) and would be missing from a production install; soap's own parser is tied to its WSDL client.
 * The messages are plain SOAP 1.1: elements, attributes, text, CDATA, comments and the five predefined plus
 * numeric entities. A DOCTYPE is refused (no entity expansion, no external entities). Namespace prefixes are
 * kept on `name` and dropped on `local`, which is what the readers match on.
 */

export interface XmlElement {
  /** The qualified name as written (`soap:Body`). */
  name: string;
  /** The name without its prefix (`Body`). */
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (its text and CDATA nodes joined, entities decoded). */
  text: string;
}

export class XmlSyntaxError extends Error {
  override name = 'XmlSyntaxError';
}

const NAME = /^[A-Za-z_][\w.\-:]*/;

function decodeEntities(raw: string, at: number): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos|[^;]*);/g, (_match, entity: string) => {
    if (entity === 'lt') return '<';
    if (entity === 'gt') return '>';
    if (entity === 'amp') return '&';
    if (entity === 'quot') return '"';
    if (entity === 'apos') return "'";
    const code = entity.startsWith('#x')
      ? Number.parseInt(entity.slice(2), 16)
      : entity.startsWith('#')
        ? Number.parseInt(entity.slice(1), 10)
        : Number.NaN;
    if (!Number.isFinite(code) || code > 0x10ffff)
      throw new XmlSyntaxError(`Unknown entity &${entity}; near ${at}`);
    return String.fromCodePoint(code);
  });
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Parses a whole document and returns its root element. Throws XmlSyntaxError on malformed input. */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const source = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;

  const fail = (what: string): never => {
    throw new XmlSyntaxError(`${what} at offset ${i}`);
  };

  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > i) {
      const raw = source.slice(i, textEnd);
      const top = stack.at(-1);
      if (top) top.text += decodeEntities(raw, i);
      else if (raw.trim() !== '') fail('Text outside the root element');
      i = textEnd;
      continue;
    }
    if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i);
      if (end === -1) fail('Unclosed processing instruction');
      i = end + 2;
    } else if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i);
      if (end === -1) fail('Unclosed comment');
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', i)) {
      const end = source.indexOf(']]>', i);
      if (end === -1) fail('Unclosed CDATA section');
      const top = stack.at(-1) ?? fail('CDATA outside the root element');
      top.text += source.slice(i + 9, end);
      i = end + 3;
    } else if (source.startsWith('<!', i)) {
      fail('DOCTYPE and declarations are not accepted');
    } else if (source.startsWith('</', i)) {
      const end = source.indexOf('>', i);
      if (end === -1) fail('Unclosed end tag');
      const name = source.slice(i + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) fail(`End tag </${name}> does not match <${open?.name ?? ''}>`);
      i = end + 1;
    } else {
      i += 1;
      const match = NAME.exec(source.slice(i, i + 200));
      if (!match) fail('Malformed start tag');
      const name = match![0];
      i += name.length;
      const element: XmlElement = { name, local: localName(name), attributes: {}, children: [], text: '' };
      for (;;) {
        while (/\s/.test(source[i] ?? '')) i += 1;
        if (source.startsWith('/>', i)) {
          i += 2;
          break;
        }
        if (source[i] === '>') {
          i += 1;
          stack.push(element);
          break;
        }
        const attr = NAME.exec(source.slice(i, i + 200));
        if (!attr) fail('Malformed attribute');
        i += attr![0].length;
        while (/\s/.test(source[i] ?? '')) i += 1;
        if (source[i] !== '=') fail('Attribute without a value');
        i += 1;
        while (/\s/.test(source[i] ?? '')) i += 1;
        const quote = source[i];
        if (quote !== '"' && quote !== "'") fail('Unquoted attribute value');
        const close = source.indexOf(quote as string, i + 1);
        if (close === -1) fail('Unclosed attribute value');
        element.attributes[attr![0]] = decodeEntities(source.slice(i + 1, close), i);
        i = close + 1;
      }
      const parent = stack.at(element === stack.at(-1) ? -2 : -1);
      if (parent) parent.children.push(element);
      else if (root) fail('More than one root element');
      else root = element;
    }
  }
  if (stack.length > 0) throw new XmlSyntaxError(`Unclosed element <${stack.at(-1)?.name}>`);
  if (!root) throw new XmlSyntaxError('Empty document');
  return root;
}

/** The first child with that local name, or undefined. */
export function child(element: XmlElement | undefined, local: string): XmlElement | undefined {
  return element?.children.find((c) => c.local === local);
}

/** Every child with that local name. */
export function childrenNamed(element: XmlElement | undefined, local: string): XmlElement[] {
  return element?.children.filter((c) => c.local === local) ?? [];
}

/** Follows a path of local names from an element. */
export function path(element: XmlElement | undefined, ...locals: string[]): XmlElement | undefined {
  let current = element;
  for (const local of locals) current = child(current, local);
  return current;
}

/** The trimmed text at a path, or undefined when the element is missing. */
export function textAt(element: XmlElement | undefined, ...locals: string[]): string | undefined {
  const found = path(element, ...locals);
  return found === undefined ? undefined : found.text.trim();
}

/** Escapes text for an element's content or an attribute value. */
export function escapeXml(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The SOAP 1.1 envelope namespace. */
export const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The Body of a SOAP 1.1 envelope; throws XmlSyntaxError when the document is not one. */
export function soapBody(xml: string): XmlElement {
  const envelope = parseXml(xml);
  const body = envelope.local === 'Envelope' ? child(envelope, 'Body') : undefined;
  if (!body) throw new XmlSyntaxError('Not a SOAP envelope');
  return body;
}

/** A SOAP Fault in a Body: `{ code, message }` with the code's prefix kept off (`coe.alreadyAuthenticated`). */
export function soapFault(body: XmlElement): { code: string; message: string } | null {
  const fault = child(body, 'Fault');
  if (!fault) return null;
  return {
    code: localName(textAt(fault, 'faultcode') ?? ''),
    message: textAt(fault, 'faultstring') ?? '',
  };
}
