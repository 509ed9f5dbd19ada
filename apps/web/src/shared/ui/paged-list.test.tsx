import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/render.tsx';
import { type Paged, PagedList } from './paged-list.tsx';

type Row = { id: number; name: string };
const meta = (last_page: number) => ({ current_page: 1, last_page, per_page: 10, total: last_page * 10 });

function draw(
  query: { data?: Paged<Row>; isError?: boolean; refetch?: () => Promise<never> },
  onPage = vi.fn(),
) {
  renderWithMantine(
    <PagedList<Row>
      query={{ data: query.data, isError: query.isError ?? false, refetch: query.refetch ?? vi.fn() }}
      page={1}
      onPageChange={onPage}
      loadError="No pudimos cargar tus facturas."
      empty={{ icon: null, title: 'Todavía no hay facturas', description: 'Aparecen al pagar.' }}
    >
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row.id}>{row.name}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );
}

describe('PagedList', () => {
  it('shows the loading state until the first page arrives', () => {
    draw({});
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
  });

  it('offers a retry when the page could not be loaded', async () => {
    const refetch = vi.fn();
    draw({ isError: true, refetch });
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos cargar tus facturas.');
    await userEvent.click(screen.getByRole('button'));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('says so when there is nothing yet', () => {
    draw({ data: { data: [], meta: meta(1) } });
    expect(screen.getByText('Todavía no hay facturas')).toBeInTheDocument();
    expect(screen.getByText('Aparecen al pagar.')).toBeInTheDocument();
  });

  it('draws the rows, and pages only when there is more than one', async () => {
    const onPage = vi.fn();
    draw({ data: { data: [{ id: 1, name: 'Factura B 0001-00000001' }], meta: meta(3) } }, onPage);
    expect(screen.getByText('Factura B 0001-00000001')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /2/ }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('draws no pagination for a single page', () => {
    draw({ data: { data: [{ id: 1, name: 'Una' }], meta: meta(1) } });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
