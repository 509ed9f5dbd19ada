/**
 * One operator list page: its title and "Nuevo …" action, the list (search, the page's filters, sortable
 * headers, paging, loading / empty / error states) and the dialog a row (or "Nuevo") opens. Every
 * back-office list is one of these; a page only says what is particular to it.
 *
 * Texts come from the list's i18n section `texts`: `title`, `search`, `empty`, and `new` / `edit` (the
 * button and the dialog's title).
 */
import type { ComboboxItem, MantineSize } from '@mantine/core';
import { Button, type ButtonProps, Select } from '@mantine/core';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListState, type Page, useListState } from '../api/lists.ts';
import { AdminList, type Column } from './admin-list.tsx';
import { AdminModal } from './admin-modal.tsx';

/** A select above the list whose choice goes to the API as filter[name][eq] (or as `name`). */
export type ListFilter = { name: string; label: string; options: ComboboxItem[]; searchable?: boolean };

type Props<T, K extends QueryKey> = {
  /** Which list: its texts' i18n section, its order before the operator sorts, and its query. */
  list: {
    texts: string;
    sort: string;
    query: (state: ListState) => UseQueryOptions<Page<T>, Error, Page<T>, K>;
  };
  columns: Column<T>[];
  filters?: ListFilter[];
  /** The buttons of a row, in the "Acciones" column; `open` shows the row's dialog. */
  actions?: (row: T, open: (row: T) => void) => ReactNode;
  /** The heading of that column, when it is not "Acciones". */
  actionsLabel?: string;
  /** Whether the page has the "Nuevo …" button, which opens the dialog with no row. */
  creates?: boolean;
  dialog?: {
    render: (row: T | null, close: () => void) => ReactNode;
    /** By default `new` for no row and `edit` for a row. */
    title?: (row: T | null) => string;
    size?: MantineSize;
  };
};

export function OperatorListPage<T extends { id: number }, K extends QueryKey>(props: Props<T, K>) {
  const { t } = useTranslation();
  const { dialog } = props;
  const { texts } = props.list;
  const [state, update] = useListState(props.list.sort);
  const query = useQuery(props.list.query(state));
  const [open, setOpen] = useState<{ row: T | null } | null>(null);
  const close = () => setOpen(null);
  const openRow = (row: T) => setOpen({ row });
  const actions = props.actions;
  const columns: Column<T>[] = actions
    ? [
        ...props.columns,
        {
          key: 'actions',
          label: props.actionsLabel ?? t('admin.actions'),
          render: (row) => actions(row, openRow),
        },
      ]
    : props.columns;

  return (
    <>
      <AdminList
        title={t(`${texts}.title`)}
        searchLabel={t(`${texts}.search`)}
        state={state}
        onChange={update}
        query={query}
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t(`${texts}.empty`)}
        actions={props.creates && <Button onClick={() => setOpen({ row: null })}>{t(`${texts}.new`)}</Button>}
        filters={props.filters?.map((filter) => (
          <Select
            key={filter.name}
            label={filter.label}
            data={filter.options}
            value={state.filters[filter.name] ?? null}
            onChange={(value) => update({ filters: { ...state.filters, [filter.name]: value ?? '' } })}
            searchable={filter.searchable}
            clearable
            placeholder={t('admin.all')}
          />
        ))}
      />
      {dialog && (
        <AdminModal
          opened={open !== null}
          onClose={close}
          size={dialog.size}
          title={open && (dialog.title?.(open.row) ?? (open.row ? t(`${texts}.edit`) : t(`${texts}.new`)))}
        >
          {open && dialog.render(open.row, close)}
        </AdminModal>
      )}
    </>
  );
}

/** A small button of a row; `aria-label` names the row ("Editar Andina"). */
export function RowButton(props: ButtonProps & { onClick: () => void; 'aria-label': string }) {
  return <Button size="xs" variant="light" {...props} />;
}

/** The "Editar" button of a row named `name`. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowButton onClick={onClick} aria-label={t('admin.editNamed', { name })}>
      {t('admin.edit')}
    </RowButton>
  );
}

/** A filter on a status: its values in order, each with its label. */
export function statusFilter<S extends string>(
  label: string,
  statuses: readonly S[],
  labels: Record<S, string>,
): ListFilter {
  return { name: 'status', label, options: statuses.map((value) => ({ value, label: labels[value] })) };
}

/** The options of an active / inactive select, with the values the API filters or stores. */
export function activeOptions(
  t: (key: string) => string,
  values: readonly [active: string, inactive: string] = ['active', 'inactive'],
): ComboboxItem[] {
  return [
    { value: values[0], label: t('admin.status.active') },
    { value: values[1], label: t('admin.status.inactive') },
  ];
}
