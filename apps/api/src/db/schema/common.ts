/** Reference data: contexts (markets), app versions, provinces and localities, settings (maintenance). */
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';

export const contexts = pgTable('contexts', {
  id: id(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
});

export const appVersions = pgTable(
  'app_versions',
  {
    id: id(),
    version: text('version').notNull(),
    platform: text('platform', { enum: ['web', 'android', 'ios'] }).notNull(),
    active: boolean('active').notNull().default(true),
    social: jsonb('social').$type<{ google: boolean; facebook: boolean; apple: boolean }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('app_versions_platform_idx').on(t.platform, t.active)],
);

export const provinces = pgTable('provinces', {
  id: id(),
  name: text('name').notNull().unique(),
  code: text('code').notNull().unique(),
});

export const localities = pgTable(
  'localities',
  {
    id: id(),
    provinceId: ref('province_id', () => provinces.id),
    name: text('name').notNull(),
    zipCode: text('zip_code'),
  },
  (t) => [uniqueIndex('localities_province_name_idx').on(t.provinceId, t.name)],
);

/** Key-value settings changed at run time (maintenance flag and message). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
