/**
 * The public pages as the build prerenders them (build-prerender.ts runs this same render): each page's
 * HTML already holds what a visitor reads first, before any JavaScript runs, and names the route the
 * client hydrates.
 */
import { describe, expect, it } from 'vitest';
import es from '../../public/assets/i18n/es.json';
import { pageMeta, policyOf } from '../../test/catalog-fixtures.ts';
import { APP_VERSION, CERTIFICATE_CHECK, INSURED_SERVICE, RISK_TYPE_CATALOGUE } from './pages.ts';
import { type ApiAnswers, PRERENDERED_PAGES, renderPage, setUp } from './render.tsx';
import { specimensOf } from './specimens.ts';

/** The text the HTML shows, tags and inline styles taken out. */
function visibleText(html: string): string {
  return html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

async function rendered(url: string, answers?: ApiAnswers) {
  await setUp(es);
  const page = await renderPage(url, answers);
  return { ...page, text: visibleText(page.html) };
}

describe('the prerendered public pages', () => {
  it('login: the heading, the form and its links', async () => {
    const page = await rendered('/login');
    expect(page.route).toBe('login');
    expect(page.text).toContain('Ingresá a tu cuenta');
    expect(page.text).toContain('Contraseña');
    expect(page.text).toContain('¿Olvidaste tu contraseña?');
    expect(page.html).toMatch(/<button[^>]*type="submit"/);
  });

  it('the catalogue: its title and the skeleton the live catalogue replaces', async () => {
    const page = await rendered('/productos');
    expect(page.route).toBe('productos');
    expect(page.text).toContain('Seguros para vos');
    expect(page.html).toContain('aria-busy="true"');
    expect(page.text).toContain('Ingresar');
  });

  it('a product page: the risk type’s name as its heading', async () => {
    const page = await rendered('/productos/cell-phone');
    expect(page.route).toBe('productos/:riskType');
    expect(page.html).toMatch(/<h1[^>]*>Celular<\/h1>/);
  });

  it('the certificate check: the frame, with the result left to the app', async () => {
    const page = await rendered('/verificar/_');
    expect(page.route).toBe('verificar/:code');
    expect(page.html).toContain('aria-busy="true"');
    expect(page.text).toContain('Atención al asegurado');
  });

  it('the legal pages: their titles and sections', async () => {
    const terms = await rendered('/terminos');
    expect(terms.text).toContain('Términos y condiciones');
    const privacy = await rendered('/privacidad');
    expect(privacy.text).toContain('Política de privacidad');
    expect(privacy.text).toContain('Quién es responsable');
  });

  it('every listed page renders with its main content (a heading but on the certificate check’s shell)', async () => {
    for (const listed of PRERENDERED_PAGES) {
      const page = await rendered(listed.url);
      expect(page.html, listed.url).toContain('<main');
      if (listed.path !== '/verificar/*') expect(page.html, listed.url).toMatch(/<h1[\s>]/);
    }
  });
});

describe('the pages the server draws with their data', () => {
  it('a product page: its plans and prices from the answer, and the query the client is handed', async () => {
    const policy = policyOf();
    const page = await rendered('/productos/cell-phone', {
      [RISK_TYPE_CATALOGUE]: { status: 200, body: { data: [policy], meta: pageMeta(1) } },
    });
    expect(page.text).toContain('Celular Protegido');
    expect(page.text).toContain('desde $ 3.430,35/mes por una suma asegurada de $ 150.000,00');
    expect(page.html).not.toContain('aria-busy="true"');
    expect(page.queries).toEqual([{ key: ['catalog', 'policies', 'cell-phone'], data: [policy] }]);
    expect(page.notFound).toBe(false);
  });

  it('login: the social sign-in buttons of the app’s version, and the version the client is handed', async () => {
    const version = (social: Record<string, boolean>) => ({
      [APP_VERSION]: {
        status: 200,
        body: {
          data: [{ id: 1, version: '2.1.11', platform: 'web', active: true, social }],
          meta: pageMeta(1),
        },
      },
    });
    const all = await rendered('/login', version({ google: true, facebook: true, apple: true }));
    expect(all.text).toContain('o ingresá con');
    for (const provider of ['Google', 'Facebook', 'Apple'])
      expect(all.text).toContain(`Continuar con ${provider}`);
    expect(all.queries).toEqual([
      {
        key: ['app-version', 'latest'],
        data: { version: '2.1.11', social: { google: true, facebook: true, apple: true } },
      },
    ]);
    const apple = await rendered('/login', version({ google: false, facebook: false, apple: true }));
    expect(apple.text).toContain('Continuar con Apple');
    expect(apple.text).not.toMatch(/Continuar con (Google|Facebook)/);
    // No record, or social sign-in off: no buttons, as the app draws then.
    const none = await rendered('/login', {
      [APP_VERSION]: { status: 200, body: { data: [], meta: pageMeta(0) } },
    });
    expect(none.text).not.toContain('Continuar con');
    expect(none.queries).toEqual([{ key: ['app-version', 'latest'], data: null }]);
    // At build time the version is not known: no buttons, and nothing left over for the next page.
    expect((await rendered('/login')).text).not.toContain('Continuar con');
  });

  it('a certificate check: the verdict of the code, and "not found" for a code nobody has or none can have', async () => {
    const [inForce] = specimensOf('/verificar/*');
    const valid = await rendered('/verificar/abc123def456', inForce);
    expect(valid.text).toContain('Vigente');
    expect(valid.text).toContain('CUB-2025-0000001');
    expect(valid.queries.map((query) => query.key)).toEqual([
      ['insured-service'],
      ['certificates', 'check', 'abc123def456'],
    ]);
    for (const [status, error_code] of [
      [404, 'not_found'],
      [422, 'validation_failed'],
    ] as const) {
      const unknown = await rendered('/verificar/NO-EXISTE', {
        [CERTIFICATE_CHECK]: { status, body: { message: 'No.', error_code } },
      });
      expect(unknown.text).toContain('No encontramos una constancia con ese código.');
      expect(unknown.notFound).toBe(true);
    }
  });

  it('leaves a part whose answer it could not use pending, for the app to ask for', async () => {
    const page = await rendered('/verificar/abc123def456', {
      [INSURED_SERVICE]: { status: 200, body: { data: { unexpected: true } } },
      [CERTIFICATE_CHECK]: { status: 409, body: null },
    });
    expect(page.queries).toEqual([]);
    expect(page.html).toContain('aria-busy="true"');
    expect(page.notFound).toBe(false);
  });
});
