/** Protected purchase (spec §1): the standard flow, priced on the purchase price. */
import { z } from 'zod';
import { amountCents, isoDate, text } from './answers.ts';
import { amount, col, dash, dateEs, defineRiskType, plain, STANDARD_FLOW } from './define.ts';

export const protectedPurchase = defineRiskType({
  code: 'protected-purchase',
  name: 'Compra protegida',
  plural: 'Compras protegidas',
  ...STANDARD_FLOW,
  pricing: 'by_insured_amount',
  ssnBranch: 'otros_danos_patrimoniales',
  answers: () =>
    z.strictObject({
      product_description: text('el producto', 120),
      store_name: text('dónde lo compraste', 80),
      purchase_date: isoDate('la fecha de compra'),
      insured_amount_cents: amountCents('el precio de compra'),
    }),
  fields: [
    {
      key: 'product_description',
      kind: 'text',
      csv: [col('producto', 'product_description', 'text', 'Notebook Lenovo IdeaPad 3')],
    },
    { key: 'store_name', kind: 'text', csv: [col('comercio', 'store_name', 'text', 'Tienda Centro')] },
    {
      key: 'purchase_date',
      kind: 'date',
      csv: [col('fecha_de_compra', 'purchase_date', 'date', '01/11/2026')],
    },
    {
      key: 'insured_amount_cents',
      kind: 'money',
      csv: [col('precio_de_compra', 'insured_amount_cents', 'amount', '850000,00')],
    },
  ],
  descriptionFields: [amount('robbery_amount', 'Robo'), amount('material_damage_amount', 'Daño material')],
  certificateLines: (data) => [
    ['Producto', dash(data.product_description)],
    ['Comprado en', `${dash(data.store_name)}, el ${dateEs(String(data.purchase_date))}`],
  ],
  facts: (data) => ({
    facts: [
      { label: 'product', text: plain(data.product_description) },
      { label: 'storeName', text: plain(data.store_name) },
      { label: 'purchaseDate', day: plain(data.purchase_date) },
      { label: 'purchaseAmount', cents: data.insured_amount_cents },
    ],
    people: [],
  }),
});
