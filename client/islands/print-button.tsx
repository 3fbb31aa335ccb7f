/**
 * The invoice page's Print button (worker/shop/invoice/invoice-sheet.tsx): the browser's print dialog,
 * whose "Save as PDF" gives the invoice as a file (decision 0116). Server-rendered; it works once woken.
 */
export interface PrintButtonProps {
  label: string;
}

export default function PrintButton({ label }: PrintButtonProps) {
  return (
    <button type="button" className="button invoice-print" onClick={() => window.print()}>
      {label}
    </button>
  );
}
