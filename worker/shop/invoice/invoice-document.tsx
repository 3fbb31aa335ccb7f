import { Fragment } from "react";
import {
  documentNumber,
  type InvoiceLine,
  type IssuedDocument,
  netOf,
} from "../../../shared/invoices/invoice-snapshot";
import { aed, Bi, day, Ltr } from "./bilingual";

/**
 * One issued tax invoice or credit note, drawn from its snapshot alone (decision 0116): what the UAE
 * VAT Executive Regulation asks it to show, in English and Arabic, laid out for an A4 page
 * (client/styles/invoice.css). A full tax invoice names a VAT-registered buyer with its TRN; a
 * simplified one names the customer only.
 */
function Party({
  side,
  names,
  lines,
  trn,
}: {
  side: "seller" | "buyer";
  names: string[];
  lines: string[];
  trn: string | null;
}) {
  return (
    <div className="invoice-party">
      <h2>
        <Bi word={side} />
      </h2>
      {names.map((name) => (
        <p key={name} className="invoice-party__name" dir="auto">
          {name}
        </p>
      ))}
      {lines.map((line) => (
        <p key={line} dir="auto">
          {line}
        </p>
      ))}
      {trn && (
        <p>
          <Bi word="trn" />: <Ltr>{trn}</Ltr>
        </p>
      )}
    </div>
  );
}

function Row({
  name,
  line,
  rate,
}: {
  name: React.ReactNode;
  line: Pick<InvoiceLine, "quantity" | "unitPrice" | "discount" | "amount" | "vat">;
  rate: number;
}) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{line.quantity}</td>
      <td>{aed(line.unitPrice)}</td>
      <td>{line.discount > 0 ? `−${aed(line.discount)}` : aed(0)}</td>
      <td>{aed(netOf(line))}</td>
      <td>{rate}%</td>
      <td>{aed(line.vat)}</td>
      <td>{aed(line.amount)}</td>
    </tr>
  );
}

export function InvoiceDocument({ doc }: { doc: IssuedDocument }) {
  const s = doc.snapshot;
  const credit = doc.kind === "credit_note";
  const business = Boolean(s.buyer.company && s.buyer.trn);
  const number = documentNumber(doc.kind, doc.number);
  const delivered = (s.buyer.address ?? []).filter((part): part is string => Boolean(part)).join(", ");
  // A business buyer's own address; an order from before it was asked prints where it was delivered.
  const address = (business && s.buyer.companyAddress) || delivered;
  const charges = [
    ...(s.delivery.amount > 0 || s.delivery.discount > 0
      ? [
          {
            word: "delivery" as const,
            line: {
              quantity: 1,
              unitPrice: s.delivery.fee,
              discount: s.delivery.discount,
              amount: s.delivery.amount,
              vat: s.delivery.vat,
            },
          },
        ]
      : []),
    ...(s.codFee.amount > 0
      ? [{ word: "codFee" as const, line: { quantity: 1, unitPrice: s.codFee.amount, discount: 0, ...s.codFee } }]
      : []),
  ];
  const supplied = s.suppliedAt && day(s.suppliedAt) !== day(doc.issuedAt) ? s.suppliedAt : null;
  return (
    <article className="invoice" aria-labelledby={`invoice-${doc.kind}-title`}>
      <header className="invoice__head">
        <h1 id={`invoice-${doc.kind}-title`}>
          <Bi word={credit ? "creditTitle" : "title"} />
        </h1>
        <Bi word={business ? "full" : "simplified"} block />
        <dl className="invoice__facts">
          <div>
            <dt>
              <Bi word={credit ? "creditNumber" : "number"} />
            </dt>
            <dd>
              <Ltr>{number}</Ltr>
            </dd>
          </div>
          <div>
            <dt>
              <Bi word="issued" />
            </dt>
            <dd>
              <Ltr>{day(doc.issuedAt)}</Ltr>
            </dd>
          </div>
          {supplied && (
            <div>
              <dt>
                <Bi word="supplied" />
              </dt>
              <dd>
                <Ltr>{day(supplied)}</Ltr>
              </dd>
            </div>
          )}
          <div>
            <dt>
              <Bi word="order" />
            </dt>
            <dd>
              <Ltr>{s.order.number}</Ltr>
            </dd>
          </div>
        </dl>
      </header>
      {credit && s.refersTo && (
        <div className="invoice__refers">
          <Bi
            word="refersTo"
            values={{ number: documentNumber("invoice", s.refersTo.number), date: day(s.refersTo.issuedAt) }}
            block
          />
          {s.reason && (
            <p>
              <Bi word="reason" />: <span dir="auto">{s.reason}</span>
            </p>
          )}
        </div>
      )}
      <div className="invoice__parties">
        <Party
          side="seller"
          names={[s.seller.legalNameEn, s.seller.legalNameAr]}
          lines={[s.seller.address]}
          trn={s.seller.trn}
        />
        <Party
          side="buyer"
          names={business ? [s.buyer.company!, s.buyer.name] : [s.buyer.name]}
          lines={address ? [address] : []}
          trn={business ? s.buyer.trn : null}
        />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <div className="invoice__table" role="region" aria-labelledby={`invoice-${doc.kind}-lines`} tabIndex={0}>
        <table>
          <caption id={`invoice-${doc.kind}-lines`} className="visually-hidden">
            <Bi word="linesCaption" />
          </caption>
          <thead>
            <tr>
              {(["description", "quantity", "unitPrice", "discount", "net", "rate", "vat", "amount"] as const).map(
                (word) => (
                  <th key={word} scope="col">
                    <Bi word={word} />
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {s.lines.map((line, i) => (
              // Lines are the order's, in its order, never reordered: their place is their key.
              <Row key={i} name={<span dir="auto">{line.name}</span>} line={line} rate={s.vatRate} />
            ))}
            {charges.map(({ word, line }) => (
              <Row key={word} name={<Bi word={word} />} line={line} rate={s.vatRate} />
            ))}
          </tbody>
        </table>
      </div>
      {s.discounts.length > 0 && (
        <p className="invoice__discounts">
          <Bi word="discounts" />:{" "}
          {/* A promotion's name as the order keeps it, in the language it was ordered in (decision 0129), isolated. */}
          {s.discounts.map((d, i) => (
            <Fragment key={i}>
              {i > 0 && ", "}
              <bdi>{d.name}</bdi> (−{aed(d.amount)})
            </Fragment>
          ))}
        </p>
      )}
      <dl className="invoice__totals">
        <div>
          <dt>
            <Bi word="totalNet" />
          </dt>
          <dd>
            <Ltr>AED {aed(s.total - s.vat)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>
            <Bi word="totalVat" /> <Ltr>({s.vatRate}%)</Ltr>
          </dt>
          <dd>
            <Ltr>AED {aed(s.vat)}</Ltr>
          </dd>
        </div>
        <div className="invoice__grand">
          <dt>
            <Bi word="total" />
          </dt>
          <dd>
            <Ltr>AED {aed(s.total)}</Ltr>
          </dd>
        </div>
      </dl>
      <footer className="invoice__notes">
        <Bi word="currency" block />
        <Bi word="rounding" block />
      </footer>
    </article>
  );
}
