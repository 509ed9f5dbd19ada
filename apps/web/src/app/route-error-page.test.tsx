import type { ClientErrorReport } from '@cubierto/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { setReportTransport } from '../shared/observability/error-reporting.ts';
import { RouteErrorPage } from './route-error-page.tsx';

let reports: ClientErrorReport[];

beforeEach(() => {
  reports = [];
  setReportTransport((report) => reports.push(report));
});

afterEach(() => setReportTransport(undefined));

function Broken(): never {
  throw new TypeError('Cannot read properties of undefined (reading "premium")');
}

describe('a page that fails to draw', () => {
  it('shows the error page and reports the error as a render error', async () => {
    renderRoutes([{ path: '/broken', Component: Broken, ErrorBoundary: RouteErrorPage }], '/broken');
    expect(await screen.findByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    expect(reports).toEqual([
      expect.objectContaining({
        kind: 'render',
        name: 'TypeError',
        message: 'Cannot read properties of undefined (reading "premium")',
      }),
    ]);
  });

  it('reports nothing for an address nothing serves', async () => {
    renderRoutes([{ path: '/', element: null, ErrorBoundary: RouteErrorPage }], '/nowhere');
    expect(await screen.findByRole('heading', { name: 'No encontramos esta página' })).toBeInTheDocument();
    expect(reports).toEqual([]);
  });
});
