import type { DeliveryMethod, Totals } from "../../../shared/cart-rules";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/constants";
import type { PaymentMethod } from "../../../shared/forms/checkout";
import { en } from "../../../shared/i18n/en";
import { isLocale } from "../../../shared/locale-path";

/** An order as D1 keeps it (orders, order_lines) and as the shop reads it: its statuses, columns and mapper. */
export const ORDER_STATUSES = [
  "new",
  "awaiting_payment",
  "paid",
  "processing",
  "shipped",
  "completed",
  "cancelled",
  // A cash parcel refused at the door (migrations/0140_orders_refused_and_instalments.sql).
  "refused",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What staff read (the desk is in English), from the English catalogue shoppers read too. The stored
 * names predate the staff desk (migrations/0080): `processing` is an order staff confirmed, `completed`
 * one delivered.
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = en.orders.status;

export interface OrderLine {
  productSlug: string;
  productPath: string;
  /** The whole item name, variant included: "Matte Liquid Lipstick — Rosewood". */
  name: string;
  /** The variant's name ("Rosewood"), or null for a product sold as one item. */
  variantName: string | null;
  /** The SKU stock is counted under (null on orders placed before stock was kept). */
  sku: string | null;
  /** Units this line took from stock and would give back on a cancel (0 once given back). */
  stockTaken: number;
  brand: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  prepurchase: boolean;
  /** This line's share of the order's discounts: its VAT is on lineTotal − discount. */
  discount: number;
  /** Given free by a promotion (at 0). */
  gift: boolean;
}

/** A discount the order was given, by name and amount (order_discounts). */
export interface OrderDiscount {
  name: string;
  code: string | null;
  kind: string;
  amount: number;
  limitedTo: "cap" | "base" | null;
}

export interface Order {
  id: number;
  number: string;
  userId: number | null;
  visitorId: string | null;
  status: OrderStatus;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  delivery: DeliveryMethod;
  address: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  notes: string | null;
  payment: PaymentMethod;
  paymentReference: string | null;
  /** The provider's page to finish paying on (an instalment order's session), or null. */
  paymentUrl: string | null;
  totals: Totals;
  createdAt: string;
  updatedAt: string;
  /** Counts every change: a staff save made from an older copy is refused. */
  version: number;
  carrier: string | null;
  trackingNumber: string | null;
  /** The language the order was placed in: its e-mails are written in it. */
  locale: Locale;
  /** The key of the order page's link in its e-mails (decision 0112); null on orders placed before it, until needed. */
  accessToken: string | null;
  /** When staff confirmed a cash order with the shopper (migrations/0141_cash_confirmed.sql); null until then. */
  cashConfirmedAt: string | null;
  lines: OrderLine[];
  discounts: OrderDiscount[];
}

export interface OrderRecord {
  id: number;
  number: string;
  user_id: number | null;
  visitor_id: string | null;
  status: OrderStatus;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  delivery_method: DeliveryMethod;
  address: string | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  notes: string | null;
  payment_method: PaymentMethod;
  payment_reference: string | null;
  subtotal: number;
  delivery_fee: number;
  vat: number;
  total: number;
  discount: number;
  cod_fee: number;
  discounts_json: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  carrier: string | null;
  tracking_number: string | null;
  locale: string;
  access_token: string | null;
  cod_confirmed_at: string | null;
  payment_url: string | null;
}

export interface LineRecord {
  order_id: number;
  product_slug: string;
  product_path: string;
  name: string;
  brand: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  prepurchase: number;
  variant_name: string | null;
  sku: string | null;
  stock_taken: number;
  discount: number;
  gift: number;
}

export const ORDER_COLUMNS = `id, number, user_id, visitor_id, status, first_name, last_name, email, phone, delivery_method,
  address, city, region, postcode, notes, payment_method, payment_reference, subtotal, delivery_fee, vat, total, created_at,
  updated_at, version, carrier, tracking_number, locale, access_token, discount, cod_fee, cod_confirmed_at,
  payment_url,
  (SELECT json_group_array(json_object('name', d.name, 'code', d.code, 'kind', d.kind, 'amount', d.amount, 'limitedTo', d.limited_to))
     FROM (SELECT * FROM order_discounts WHERE order_id = orders.id ORDER BY position) AS d) AS discounts_json`;

function discountsOf(json: string | null): OrderDiscount[] {
  if (!json) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as OrderDiscount[]) : [];
}

export function toOrder(row: OrderRecord, lines: OrderLine[]): Order {
  return {
    id: row.id,
    number: row.number,
    userId: row.user_id,
    visitorId: row.visitor_id,
    status: row.status,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    delivery: row.delivery_method,
    address: row.address,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    notes: row.notes,
    payment: row.payment_method,
    paymentReference: row.payment_reference,
    paymentUrl: row.payment_url,
    totals: {
      subtotal: row.subtotal,
      discount: row.discount,
      delivery: row.delivery_fee,
      codFee: row.cod_fee,
      vat: row.vat,
      total: row.total,
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    accessToken: row.access_token,
    cashConfirmedAt: row.cod_confirmed_at ?? null,
    lines,
    discounts: discountsOf(row.discounts_json),
  };
}

export function toLine(row: LineRecord): OrderLine {
  return {
    productSlug: row.product_slug,
    productPath: row.product_path,
    name: row.name,
    variantName: row.variant_name,
    sku: row.sku,
    stockTaken: row.stock_taken,
    brand: row.brand,
    unitPrice: row.unit_price,
    quantity: row.quantity,
    lineTotal: row.line_total,
    prepurchase: row.prepurchase === 1,
    discount: row.discount,
    gift: row.gift === 1,
  };
}
